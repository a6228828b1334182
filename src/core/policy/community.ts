/**
 * The community pack: the operator pipeline's static checks that run for FBC operators
 * (operator-pipelines static_tests/common/operator_catalogs.py), with its verdict and words. Its
 * checks read an operator catalog's catalog.yaml (or .yml, .json) only, and the bundle-object check
 * looks at its first bundle only; what that hides gets our `-hidden` warnings beside the verdict.
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

/**
 * operator-repo's test of a catalog name for the bundle-object check (is_catalog_v4_17_plus): `vX.Y`
 * from v4.17, else not checked — a folder named `4.17` or `v4.17-beta` is not.
 */
function isCatalogV417Plus(name: string): boolean {
  const m = /^v(\d+)\.(\d+)$/.exec(name);
  return m !== null && wantsCsvMetadata([Number(m[1]), Number(m[2])]);
}

/** One operator catalog as the pipeline sees it: `catalogs/<catalog>/<operator>/`, its bundles in order. */
interface OperatorCatalog {
  /** operator-repo's operator_catalog_name, `v4.17/etcd`. */
  name: string;
  /** The operator (the folder's name), which findings name for waivers and --base. */
  operator: string;
  /** The catalog folder's name, when the bundles lie under catalogs/<catalog>/<operator>/. */
  catalog?: string;
  bundles: DeclBundle[];
  /** The bundles the pipeline reads (OperatorCatalog.catalog_content), in order. */
  read: DeclBundle[];
}

/** OperatorCatalog.CATALOG_NAMES: the files the pipeline reads an operator catalog from. */
const CATALOG_NAMES = ['catalog.yaml', 'catalog.yml', 'catalog.json'];

/**
 * The pipeline reads each operator catalog by its folder (catalogs/<catalog>/<operator>/), whatever
 * its blobs' packages say; bundles outside such a folder are grouped by package.
 */
function operatorCatalogs(c: PolicyCatalog): OperatorCatalog[] {
  const out = new Map<string, OperatorCatalog>();
  const sorted = [...c.dc.bundles].sort(
    (a, b) => compareWalkOrder(a.origin.file, b.origin.file) || a.origin.index - b.origin.index,
  );
  for (const b of sorted) {
    const full = (c.isFile ? c.path : c.path === '.' ? b.origin.file : `${c.path}/${b.origin.file}`).split(
      '/',
    );
    const i = full.indexOf('catalogs');
    const inFolder = i >= 0 && full.length >= i + 4;
    const key = inFolder ? `${full[i + 1]}/${full[i + 2]}` : communityCatalogName(c.path, b.package);
    let oc = out.get(key);
    if (!oc) {
      oc = inFolder
        ? {
            name: key,
            operator: full[i + 2] as string,
            catalog: full[i + 1] as string,
            bundles: [],
            read: [],
          }
        : { name: key, operator: b.package, bundles: [], read: [] };
      out.set(key, oc);
    }
    oc.bundles.push(b);
    // Beside catalog.yaml the pipeline reads nothing: another file, or one a folder deeper, is unseen.
    if (!inFolder || (full.length === i + 4 && CATALOG_NAMES.includes(full[i + 3] as string)))
      oc.read.push(b);
  }
  return [...out.values()];
}

const UNREAD = 'the pipeline reads only catalog.yaml, catalog.yml or catalog.json';

/** check_bundle_images_in_fbc over the bundles the pipeline reads; the others' bad images are ours. */
function registryFindings(oc: OperatorCatalog, allowed: readonly string[]): Diagnostic[] {
  if (allowed.length === 0) return [];
  const bad = oc.bundles.filter((b) => b.image && !allowed.some((r) => b.image.startsWith(r)));
  const judged = bad.filter((b) => oc.read.includes(b));
  const first = judged[0];
  const out: Diagnostic[] = bad
    .filter((b) => !oc.read.includes(b))
    .map((b) => ({
      severity: 'warning',
      source: 'community',
      rule: 'community-bundle-registry-hidden',
      message: `bundle ${b.name} in ${oc.name} has image ${b.image} from none of the allowed registries (${allowed.join(', ')}); ${UNREAD}`,
      package: oc.operator,
      bundle: b.name,
      ref: { origin: b.origin, path: ['image'] },
    }));
  if (first)
    out.unshift({
      severity: 'error',
      source: 'community',
      rule: 'community-bundle-registry',
      // str(OperatorCatalog) in the pipeline's messages.
      message:
        `Invalid bundle image(s) found in OperatorCatalog(${oc.name}): ${judged.map((b) => b.image).join(', ')}. ` +
        `Only these registries are allowed for bundle images: ${allowed.join(', ')}.`,
      package: oc.operator,
      bundle: first.name,
      ref: { origin: first.origin, path: ['image'] },
    });
  return out;
}

/**
 * check_olm_bundle_object_in_fbc: get_catalog_bundles reads the catalog in order, and the check
 * stops after the first bundle; any other bundle with olm.bundle.object is our warning.
 */
function bundleObjectFindings(oc: OperatorCatalog, version: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of oc.bundles) {
    const i = b.properties.findIndex((p) => p.type === 'olm.bundle.object');
    if (i < 0) continue;
    const where = {
      package: oc.operator,
      bundle: b.name,
      ref: { origin: b.origin, path: ['properties', i] },
    };
    if (b === oc.read[0])
      out.push({
        severity: 'error',
        source: 'community',
        rule: 'community-bundle-object',
        message:
          `Bundle object found in OperatorCatalog(${oc.name}) catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version \`>= 4.17\`. ` +
          'Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using `make catalogs`. ' +
          'Bundle object is not supported in FBC.',
        ...where,
      });
    else
      out.push({
        severity: 'warning',
        source: 'community',
        rule: 'community-bundle-object-hidden',
        message: `bundle ${b.name} uses olm.bundle.object in ${oc.name}, a catalog for ${version}; ${oc.read.includes(b) ? 'the pipeline checks only the first bundle' : UNREAD}`,
        ...where,
      });
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
  for (const oc of operatorCatalogs(c)) {
    out.push(...registryFindings(oc, allowed));
    const checked =
      oc.catalog === undefined
        ? version !== null && wantsCsvMetadata(version)
        : isCatalogV417Plus(oc.catalog);
    if (checked) out.push(...bundleObjectFindings(oc, oc.catalog?.slice(1) ?? version?.join('.') ?? ''));
  }
  return out;
}
