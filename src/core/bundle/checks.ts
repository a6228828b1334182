/**
 * The checks of a bundle directory, in the order `operator-sdk bundle validate` makes them:
 * operator-registry's format and content checks (pkg/lib/bundle/validate.go, pkg/registry/types.go:
 * here and check-metadata.ts), operator-framework/api's bundle loader and default validators (CSV:
 * check-csv.ts, CRD: check-crds.ts, Bundle: check-bundle-validator.ts and bundle-size.ts, objects:
 * check-objects.ts), then the optional validators a `--select-optional` selector picks (optional/).
 * Each finding carries a rule id of the catalogue's bundle-dir group, the file and line to fix, and
 * upstream's message text; our own warnings say so through their rule's source.
 */
import { bundleSizes, checkBundleSize, MAX_BUNDLE_SIZE } from './bundle-size';
import type { BundleFinding } from './finding';
import { detectBundleFormat, type BundleDetection } from './detect';
import { Collector, str } from './check-collector';
import { checkBundleValidator } from './check-bundle-validator';
import { checkCrd } from './check-crds';
import { checkCsv } from './check-csv';
import { checkAnnotations, checkDependencies } from './check-metadata';
import { checkObjects } from './check-objects';
import { bundleCsv, dig, objectsOfKind, type BundleDir } from './read-bundle';
import { selectOptional, type CustomCategories, type IndexImageFile, type OptionalContext } from './optional';
import { SUPPORTED_KINDS } from './supported-kinds';
import { goQuote } from '../go/strings';

// Where each concern's checks live; their exports are part of this module's face.
export { gvkString } from './check-collector';
export { crdGvks } from './check-crds';
export {
  CHANNELS_LABEL,
  DEFAULT_CHANNEL_LABEL,
  MANIFESTS_LABEL,
  METADATA_LABEL,
  PACKAGE_LABEL,
} from './check-metadata';

/** 1 MiB: operator-framework/api's max bundle size (etcd's object limit, with room). */
export const MAX_BUNDLE_GZIP = MAX_BUNDLE_SIZE;

export interface BundleReport {
  detection: BundleDetection;
  findings: BundleFinding[];
  /** No error among the findings. */
  passed: boolean;
  /** The compressed size operator-framework/api checks: len(base64(gzip(file))) summed over the files. */
  compressedSize: number;
}

/** The bundle's compressed size as operator-framework/api computes it (bundle-size.ts). */
export function compressedBundleSize(dir: BundleDir): number {
  return bundleSizes(dir).compressed;
}

function checkManifests(dir: BundleDir, c: Collector, registry: boolean): void {
  for (const m of dir.manifests) {
    if (m.error !== undefined) {
      c.add('bundle-manifest-decode', m.error, m.path, m.errorLine ?? 1);
      continue;
    }
    const kind = str(m.object?.kind);
    if (registry && m.object && !SUPPORTED_KINDS.has(kind)) {
      c.addAt(
        'bundle-unsupported-kind',
        `${kind} is not supported type for registryV1 bundle: ${m.path}`,
        m,
        /^kind:/,
      );
    }
    if (m.object && kind === 'CustomResourceDefinition') checkCrd(m, c);
    const ns = dig(m.object, 'metadata', 'namespace');
    if (ns !== undefined && ns !== null && typeof ns !== 'string') {
      c.addAt(
        'bundle-manifest-decode',
        `json: cannot unmarshal ${typeof ns === 'number' ? 'number' : typeof ns} into Go struct field ObjectMeta.metadata.namespace of type string`,
        m,
        /^\s+namespace:/,
      );
    }
  }
}

/**
 * What operator-framework/api's bundle loader refuses in the CSV's folder (pkg/manifests
 * bundleloader.go loadBundle): sub-directories, hidden files, a second CSV.
 */
function checkManifestsLayout(dir: BundleDir, c: Collector): void {
  const subdirs = new Set(dir.nestedManifests.map((p) => p.split('/').slice(0, 2).join('/')));
  for (const d of subdirs)
    c.add('bundle-manifests-layout', `bundle manifests dir contains directory: ${d}`, d);
  for (const p of dir.files) {
    const rest = p.startsWith('manifests/') ? p.slice(10) : undefined;
    if (rest !== undefined && !rest.includes('/') && rest.startsWith('.'))
      c.add('bundle-manifests-layout', `bundle manifests dir has hidden file: ${p}`, p);
  }
  const csvs = objectsOfKind(dir, 'ClusterServiceVersion');
  if (csvs.length > 1)
    c.add(
      'bundle-multiple-csv',
      'invalid bundle: contains multiple CSVs',
      (csvs[1] as { path: string }).path,
      1,
    );
}

export interface CheckOptions {
  /**
   * operator-sdk's `--select-optional`: a label selector over the optional validators
   * (`name=operatorhub`, `suite=operatorframework`); throws SelectorErrorNoMatch when it picks none.
   */
  selectOptional?: string;
  /** operator-sdk's `--optional-values` (`k8s-version`, `index-path`). */
  optionalValues?: Readonly<Record<string, string>>;
  /** The Dockerfile `index-path` names, read by the caller (the community validator checks its label). */
  indexImage?: IndexImageFile;
  /** OPERATOR_BUNDLE_CATEGORIES' file, read by the caller (the operatorhub validator's categories). */
  customCategories?: CustomCategories;
}

/** Validates a bundle directory: its format, then that format's checks, then the optional ones selected. */
export function checkBundle(dir: BundleDir, options: CheckOptions = {}): BundleReport {
  const optional = selectOptional(options.selectOptional ?? '');
  const c = new Collector();
  const detection = detectBundleFormat(dir);
  const sizes = bundleSizes(dir);
  const compressedSize = sizes.compressed;
  let ctx: OptionalContext | undefined;
  if (detection.format === 'not-a-bundle') {
    c.add('bundle-manifests-dir', 'Unable to locate manifests directory');
    c.add('bundle-metadata-dir', 'Unable to locate metadata directory');
  } else if (detection.format === 'plain+v0') {
    // rukpak names the sub-directory (manifests/<name>), not a file in it; once per sub-directory.
    for (const d of new Set(dir.nestedManifests.map((p) => p.split('/').slice(0, 2).join('/')))) {
      c.add(
        'bundle-plain-invalid',
        `subdirectories are not allowed within the "manifests" directory of the bundle image filesystem: found ${goQuote(d)}`,
        d,
      );
    }
    checkManifests(dir, c, false);
    if (!dir.manifests.some((m) => m.object)) {
      c.add(
        'bundle-plain-invalid',
        'invalid bundle: found zero objects: plain+v0 bundles are required to contain at least one object',
        'manifests',
      );
    }
  } else {
    if (!dir.hasMetadataDir) c.add('bundle-metadata-dir', 'Unable to locate metadata directory');
    if (dir.manifests.length === 0)
      c.add(
        'bundle-no-manifest-files',
        `The directory ${dir.name}/manifests contains no yaml files`,
        'manifests',
      );
    if (dir.hasMetadataDir) checkAnnotations(dir, c);
    checkDependencies(dir, c);
    checkManifests(dir, c, true);
    checkManifestsLayout(dir, c);
    const csv = bundleCsv(dir);
    if (!csv) {
      if (dir.manifests.length > 0) c.add('bundle-no-csv', 'no csv in bundle', 'manifests');
    } else {
      checkCsv(dir, csv, c);
      checkBundleValidator(dir, csv, c);
      ctx = {
        dir,
        csv,
        name: str(dig(csv.object, 'metadata', 'name')),
        values: options.optionalValues ?? {},
      };
      if (options.indexImage) ctx.indexImage = options.indexImage;
      if (options.customCategories) ctx.customCategories = options.customCategories;
    }
    checkObjects(dir, c);
  }
  checkBundleSize(sizes, c);
  if (ctx) for (const v of optional) v.run(ctx, c);
  const findings = c.findings;
  return { detection, findings, passed: !findings.some((f) => f.severity === 'error'), compressedSize };
}
