/**
 * The dependency view: what a bundle (or every bundle of a package) requires — packages in a
 * version range (`olm.package.required`, from dependencies.yaml's olm.package) and APIs
 * (`olm.gvk.required`, from dependencies.yaml's olm.gvk and the CSV's required CRDs and API
 * services) — and which bundles of the catalog provide each, as OLM v0's resolver would look for
 * them: a bundle of that package whose olm.package version is in the range (blang semver, as OLM
 * parses it), or a bundle with that olm.gvk. A requirement nothing provides cannot be installed.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { bundleVersion } from '../model/properties';
import { formatVersion, parseRange, RangePanicError, SemverError, type Version } from '../semver';

export interface DependencyProvider {
  package: string;
  bundle: string;
  /** The provider's version ('' when it has none). */
  version: string;
}

export interface Requirement {
  type: string;
  /** One line for people: `etcd >=0.9.0 <1.0.0`, `acme.io/v1 Widget`. */
  what: string;
  package?: string;
  versionRange?: string;
  group?: string;
  version?: string;
  kind?: string;
  /** Bundles of the catalog that satisfy it, package then version order as the catalog lists them. */
  providers: DependencyProvider[];
  /** Nothing in the catalog satisfies it (or it cannot be read): OLM cannot install the bundle. */
  unsatisfiable: boolean;
  /** Why it is unsatisfiable beyond "no provider" (a range that does not parse), or a type we do not check. */
  note?: string;
}

export interface BundleDependencies {
  package: string;
  bundle: string;
  requirements: Requirement[];
}

interface PropertyLike {
  type: string;
  value: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const field = (v: unknown, k: string): string =>
  typeof v === 'object' && v !== null ? str((v as Record<string, unknown>)[k]) : '';
const gvkKey = (g: string, v: string, k: string): string => `${g}/${v}/${k}`;

/** What the catalog provides: bundles by package (with versions) and by olm.gvk. */
export class ProviderIndex {
  private readonly byPackage = new Map<string, { bundle: string; version?: Version }[]>();
  private readonly byGvk = new Map<string, DependencyProvider[]>();

  constructor(dc: DeclarativeConfig) {
    for (const b of dc.bundles) {
      const v = bundleVersion(b);
      const list = this.byPackage.get(b.package) ?? [];
      list.push({ bundle: b.name, ...(v ? { version: v } : {}) });
      this.byPackage.set(b.package, list);
      for (const p of b.properties) {
        if (p.type !== 'olm.gvk') continue;
        const key = gvkKey(field(p.value, 'group'), field(p.value, 'version'), field(p.value, 'kind'));
        const providers = this.byGvk.get(key) ?? [];
        providers.push({ package: b.package, bundle: b.name, version: v ? formatVersion(v) : '' });
        this.byGvk.set(key, providers);
      }
    }
  }

  /** The requirements a bundle's properties state, each with its providers. */
  requirements(properties: readonly PropertyLike[]): Requirement[] {
    const out: Requirement[] = [];
    for (const p of properties) {
      if (p.type === 'olm.package.required') out.push(this.packageRequirement(p.value));
      else if (p.type === 'olm.gvk.required') {
        const group = field(p.value, 'group');
        const version = field(p.value, 'version');
        const kind = field(p.value, 'kind');
        const providers = this.byGvk.get(gvkKey(group, version, kind)) ?? [];
        out.push({
          type: p.type,
          what: `${group}/${version} ${kind}`,
          group,
          version,
          kind,
          providers,
          unsatisfiable: providers.length === 0,
        });
      } else if (p.type === 'olm.constraint') {
        out.push({
          type: p.type,
          what: JSON.stringify(p.value),
          providers: [],
          unsatisfiable: false,
          note: 'olm.constraint (cel, all, any, not) is not checked here',
        });
      }
    }
    return out;
  }

  private packageRequirement(value: unknown): Requirement {
    const pkg = field(value, 'packageName');
    const range = field(value, 'versionRange');
    const base = {
      type: 'olm.package.required',
      what: `${pkg} ${range}`.trim(),
      package: pkg,
      versionRange: range,
    };
    let test: (v: Version) => boolean;
    try {
      const r = parseRange(range);
      test = (v) => {
        try {
          return r.test(v);
        } catch (e) {
          if (e instanceof RangePanicError) return false;
          throw e;
        }
      };
    } catch (e) {
      if (!(e instanceof SemverError)) throw e;
      return { ...base, providers: [], unsatisfiable: true, note: `the range does not parse: ${e.message}` };
    }
    const providers = (this.byPackage.get(pkg) ?? [])
      .filter((b) => b.version !== undefined && test(b.version))
      .map((b) => ({ package: pkg, bundle: b.bundle, version: formatVersion(b.version as Version) }));
    const known = this.byPackage.has(pkg);
    return {
      ...base,
      providers,
      unsatisfiable: providers.length === 0,
      ...(providers.length === 0
        ? {
            note: known
              ? `no bundle of ${pkg} in the catalog is in ${range}`
              : `the catalog has no package ${pkg}`,
          }
        : {}),
    };
  }
}

/**
 * Every bundle of `pkg` in the catalog (or only `bundle`), with what it requires and who provides
 * it. Empty when the package has no such bundle.
 */
export function packageDependencies(
  dc: DeclarativeConfig,
  pkg: string,
  bundle?: string,
): BundleDependencies[] {
  const index = new ProviderIndex(dc);
  return dc.bundles
    .filter((b) => b.package === pkg && (bundle === undefined || b.name === bundle))
    .map((b) => ({ package: b.package, bundle: b.name, requirements: index.requirements(b.properties) }));
}

/** One bundle's dependencies (a rendered blob's properties) against a catalog. */
export function bundleDependencies(
  dc: DeclarativeConfig,
  blob: { package: string; name: string; properties: readonly PropertyLike[] },
): BundleDependencies {
  return {
    package: blob.package,
    bundle: blob.name,
    requirements: new ProviderIndex(dc).requirements(blob.properties),
  };
}

/** The text form: a bundle per block, a requirement per line, its providers (or why none). */
export function formatDependencies(deps: readonly BundleDependencies[]): string {
  const lines: string[] = [];
  for (const d of deps) {
    lines.push(
      `${d.bundle}: ${d.requirements.length === 0 ? 'no dependencies' : `${d.requirements.length} required`}`,
    );
    for (const r of d.requirements) {
      const mark = r.unsatisfiable
        ? 'UNSATISFIABLE'
        : r.note && r.providers.length === 0
          ? 'not checked'
          : 'ok';
      const by =
        r.providers.length > 0
          ? ` <- ${r.providers.map((p) => p.bundle).join(', ')}`
          : r.note
            ? ` (${r.note})`
            : ' (nothing in the catalog provides it)';
      lines.push(`  ${r.type} ${r.what}: ${mark}${by}`);
    }
  }
  return lines.join('\n') + '\n';
}
