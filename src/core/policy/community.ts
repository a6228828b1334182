/**
 * The community pack: the operator pipeline's static checks that run for FBC operators
 * (operator-pipelines static_tests/common/operator_catalogs.py), with its verdict and words. Its
 * bundle-object check looks at the first bundle of a catalog only; the others get our
 * `community-bundle-object-hidden` warning beside it.
 */
import type { DeclBundle } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import { compareWalkOrder } from '../load';
import { ocpParts, wantsCsvMetadata } from './ocp-version';
import type { PolicyCatalog } from './types';

export interface CommunityOptions {
  /** config.yaml `allowed_bundle_registries` at the repository root; empty or absent: not checked. */
  allowedRegistries?: readonly string[];
}

/**
 * How operator-repo names an operator's catalog: `v4.17/etcd` for the etcd package of catalogs/v4.17
 * (the pipeline checks each operator's part of a catalog on its own).
 */
export function communityCatalogName(path: string, pkg: string): string {
  const parts = path.split('/');
  const i = parts.indexOf('catalogs');
  const version = i >= 0 && i < parts.length - 1 ? (parts[i + 1] as string) : path;
  return `${version}/${pkg}`;
}

/** Bundles by package, in the order the catalog's files are read. */
function byPackage(c: PolicyCatalog): Map<string, DeclBundle[]> {
  const out = new Map<string, DeclBundle[]>();
  const sorted = [...c.dc.bundles].sort(
    (a, b) => compareWalkOrder(a.origin.file, b.origin.file) || a.origin.index - b.origin.index,
  );
  for (const b of sorted) {
    const list = out.get(b.package);
    if (list) list.push(b);
    else out.set(b.package, [b]);
  }
  return out;
}

export function checkCommunity(c: PolicyCatalog, opts: CommunityOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!c.opmPassed)
    out.push({
      severity: 'error',
      source: 'community',
      rule: 'community-opm-validate',
      message: 'opm validate check failed.',
    });
  const allowed = opts.allowedRegistries ?? [];
  const version = c.ocpVersion === null ? null : ocpParts(c.ocpVersion);
  for (const [pkg, bundles] of byPackage(c)) {
    const name = communityCatalogName(c.path, pkg);
    const bad =
      allowed.length > 0 ? bundles.filter((b) => b.image && !allowed.some((r) => b.image.startsWith(r))) : [];
    const first = bad[0];
    if (first)
      out.push({
        severity: 'error',
        source: 'community',
        rule: 'community-bundle-registry',
        message:
          `Invalid bundle image(s) found in ${name}: ${bad.map((b) => b.image).join(', ')}. ` +
          `Only these registries are allowed for bundle images: ${allowed.join(', ')}.`,
        package: first.package,
        bundle: first.name,
        ref: { origin: first.origin, path: ['image'] },
      });
    if (!version || !wantsCsvMetadata(version)) continue;
    // get_catalog_bundles reads the catalog in order, and the check stops after the first bundle.
    bundles.forEach((b, n) => {
      const i = b.properties.findIndex((p) => p.type === 'olm.bundle.object');
      if (i < 0) return;
      const where = {
        package: b.package,
        bundle: b.name,
        ref: { origin: b.origin, path: ['properties', i] },
      };
      if (n === 0)
        out.push({
          severity: 'error',
          source: 'community',
          rule: 'community-bundle-object',
          message:
            `Bundle object found in ${name} catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version \`>= 4.17\`. ` +
            'Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using `make catalogs`. ' +
            'Bundle object is not supported in FBC.',
          ...where,
        });
      else
        out.push({
          severity: 'warning',
          source: 'community',
          rule: 'community-bundle-object-hidden',
          message: `bundle ${b.name} uses olm.bundle.object in ${name}, a catalog for ${version.join('.')}; the pipeline checks only the first bundle`,
          ...where,
        });
    });
  }
  return out;
}
