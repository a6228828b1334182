/**
 * Our findings on lifecycle blobs (rule group `lifecycle`): each field that breaks the published
 * shape, a blob for a package the catalog does not have, a second blob for one package, and, for a
 * catalog built for an OpenShift version, each bundle whose declared compatibility leaves it out.
 * Warnings only: opm's verdict is unchanged (it keeps the blob without reading it).
 */
import type { DeclarativeConfig, DeclOther } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { BlobOrigin, JsonPath } from '../location';
import { refTo } from '../model/json-path';
import type { RuleIds } from '../rules';
import { isLifecycle, lifecycleVersionFor, readLifecycle, type Lifecycle } from './schema';

type LifecycleRule = RuleIds<
  'lifecycle-invalid-field' | 'lifecycle-unknown-package' | 'lifecycle-duplicate-package'
>;

const NOT_OPM = 'opm keeps this blob without reading it; this is an FBC Studio check, not an opm error.';

function warn(rule: LifecycleRule, message: string, o: DeclOther, path: JsonPath, pkg: string): Diagnostic {
  const d: Diagnostic = {
    severity: 'warning',
    source: 'fbc-studio',
    rule,
    message: `${message} ${NOT_OPM}`,
    ref: refTo(o.origin, o.raw, path),
  };
  if (pkg !== '') d.package = pkg;
  return d;
}

export function lifecycleWarnings(dc: DeclarativeConfig, out: Diagnostic[]): void {
  const blobs = dc.others.filter(isLifecycle);
  if (blobs.length === 0) return;
  const packages = new Set(dc.packages.map((p) => p.name));
  const seen = new Set<string>();
  for (const o of blobs) {
    const { lifecycle, problems } = readLifecycle(o);
    const pkg = lifecycle.package;
    for (const p of problems)
      out.push(
        warn(
          'lifecycle-invalid-field',
          `lifecycle of package ${JSON.stringify(pkg)}: ${p.message}`,
          o,
          p.path,
          pkg,
        ),
      );
    if (pkg === '') continue;
    if (!packages.has(pkg))
      out.push(
        warn(
          'lifecycle-unknown-package',
          `lifecycle blob for package ${JSON.stringify(pkg)}, which the catalog does not have`,
          o,
          ['package'],
          pkg,
        ),
      );
    if (seen.has(pkg))
      out.push(
        warn(
          'lifecycle-duplicate-package',
          `second lifecycle blob for package ${JSON.stringify(pkg)}; only the first is read`,
          o,
          ['package'],
          pkg,
        ),
      );
    seen.add(pkg);
  }
}

/** Each package's lifecycle (the first blob of each). */
export function lifecyclesOf(
  dc: DeclarativeConfig,
): Map<string, { lifecycle: Lifecycle; origin: BlobOrigin }> {
  const out = new Map<string, { lifecycle: Lifecycle; origin: BlobOrigin }>();
  for (const o of dc.others) {
    if (!isLifecycle(o)) continue;
    const { lifecycle } = readLifecycle(o);
    if (lifecycle.package !== '' && !out.has(lifecycle.package))
      out.set(lifecycle.package, { lifecycle, origin: o.origin });
  }
  return out;
}

export interface OcpMismatch {
  package: string;
  bundle: string;
  bundleOrigin: BlobOrigin;
  message: string;
}

/**
 * Bundles of a catalog built for OpenShift `ocp` ('4.17') whose lifecycle version declares
 * OpenShift compatibility that leaves `ocp` out. A version without OpenShift data says nothing.
 */
export function ocpOutsideCompatibility(dc: DeclarativeConfig, ocp: string): OcpMismatch[] {
  const lifecycles = lifecyclesOf(dc);
  if (lifecycles.size === 0) return [];
  const out: OcpMismatch[] = [];
  for (const b of dc.bundles) {
    const l = lifecycles.get(b.package);
    if (!l) continue;
    const version = b.properties.find((p) => p.type === 'olm.package')?.value as
      { version?: unknown } | undefined;
    if (typeof version?.version !== 'string') continue;
    const v = lifecycleVersionFor(l.lifecycle, version.version);
    const compat = v?.platforms.openshift;
    if (!v || !compat || compat.length === 0 || compat.includes(ocp)) continue;
    out.push({
      package: b.package,
      bundle: b.name,
      bundleOrigin: b.origin,
      message: `bundle ${JSON.stringify(b.name)} (lifecycle version ${v.name}) declares OpenShift compatibility [${compat.join(', ')}], but this catalog is for OpenShift ${ocp}`,
    });
  }
  return out;
}
