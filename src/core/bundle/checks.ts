/**
 * The checks of a bundle directory. Each finding carries a rule id of the catalogue's bundle-dir
 * group, the file and line to fix, and — for operator-framework's own checks — their message text
 * (operator-registry pkg/lib/bundle/validate.go, pkg/registry/types.go, operator-framework/api
 * pkg/validation). Our own warnings say so through their rule's source.
 */
import { bundleSizes, checkBundleSize, MAX_BUNDLE_SIZE } from './bundle-size';
import type { BundleFinding } from './finding';
import { detectBundleFormat, type BundleDetection } from './detect';
import { Collector, gvkString, nthLine, str } from './check-collector';
import { checkCrd, crdGvks } from './check-crds';
import { SUPPORTED_KINDS } from './supported-kinds';
import { checkAnnotations, checkDependencies, PACKAGE_LABEL } from './check-metadata';
import {
  bundleCsv,
  dig,
  isObject,
  lineOf,
  objectsOfKind,
  reEscape,
  type BundleDir,
  type BundleManifest,
} from './read-bundle';
import { goQuote } from '../go/strings';
import { parseVersionOrError } from '../semver/version';
import { parseRange, SemverError } from '../semver';

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

const INSTALL_MODES = ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces'];

export interface BundleReport {
  detection: BundleDetection;
  findings: BundleFinding[];
  /** No error among the findings. */
  passed: boolean;
  /** The compressed size operator-framework/api checks: len(base64(gzip(file))) summed over the files. */
  compressedSize: number;
}

function checkCsv(dir: BundleDir, csv: BundleManifest, c: Collector): void {
  const o = csv.object as Record<string, unknown>;
  const name = str(dig(o, 'metadata', 'name'));
  const version = dig(o, 'spec', 'version');
  const pkg = dir.annotations?.[PACKAGE_LABEL];
  const nameLine = lineOf(csv.text, /^\s+name:/);
  if (name === '')
    c.add('bundle-csv-name', 'the CSV has no metadata.name', csv.path, lineOf(csv.text, /^metadata:/));
  const vline = lineOf(csv.text, /^\s{2}version:/);
  if (typeof version !== 'string' || version === '') {
    c.add('bundle-csv-version', 'spec.version is not set', csv.path, lineOf(csv.text, /^spec:/));
  } else {
    const parsed = parseVersionOrError(version);
    if (typeof parsed === 'string')
      c.add('bundle-csv-version', `${parsed} (spec.version ${goQuote(version)})`, csv.path, vline);
    else if (
      name !== '' &&
      pkg &&
      name !== `${pkg}.v${version}` &&
      !name.endsWith(`v${version}`) &&
      !name.endsWith(version)
    ) {
      c.add(
        'bundle-csv-name',
        `CSV name ${goQuote(name)} does not carry its version ${goQuote(version)}`,
        csv.path,
        nameLine,
      );
    }
  }

  // Install modes (api csv.go validateInstallModes).
  const modes = dig(o, 'spec', 'installModes');
  const mline = lineOf(csv.text, /^\s+installModes:/);
  if (!Array.isArray(modes) || modes.length === 0) {
    c.add('bundle-install-modes', 'install modes not found', csv.path, mline);
  } else {
    const seen = new Set<string>();
    let any = false;
    for (const m of modes) {
      const t = str(dig(m, 'type'));
      if (seen.has(t)) c.add('bundle-install-modes', 'duplicate install modes present', csv.path, mline);
      else if (dig(m, 'supported') === true) any = true;
      seen.add(t);
      if (!INSTALL_MODES.includes(t))
        c.add('bundle-install-modes', `invalid install mode type ${goQuote(t)}`, csv.path, mline);
    }
    if (!any) c.add('bundle-install-modes', 'none of InstallModeTypes are supported', csv.path, mline);
  }

  // Annotation names OLM reads case-sensitively (api csv.go checkAnnotationCase... validateAnnotationNames).
  const csvAnnotations = dig(o, 'metadata', 'annotations');
  if (isObject(csvAnnotations)) {
    for (const want of [
      'olm.operatorGroup',
      'olm.operatorNamespace',
      'olm.targetNamespaces',
      'olm.skipRange',
    ]) {
      for (const k of Object.keys(csvAnnotations)) {
        if (k !== want && k.toLowerCase() === want.toLowerCase()) {
          c.add(
            'bundle-annotation-case',
            `provided annotation ${k} uses wrong case and should be ${want} instead`,
            csv.path,
            lineOf(csv.text, new RegExp(`^\\s+${reEscape(k)}:`)),
          );
        }
      }
    }
  }

  // Upgrade fields (ours).
  const replaces = dig(o, 'spec', 'replaces');
  if (replaces !== undefined && (typeof replaces !== 'string' || /\s/.test(replaces) || replaces === '')) {
    c.add(
      'bundle-upgrade-syntax',
      `spec.replaces ${JSON.stringify(replaces)} is not a bundle name`,
      csv.path,
      lineOf(csv.text, /^\s+replaces:/),
    );
  }
  const skips = dig(o, 'spec', 'skips');
  if (skips !== undefined && skips !== null) {
    if (!Array.isArray(skips) || skips.some((s) => typeof s !== 'string' || s === '' || /\s/.test(s))) {
      c.add(
        'bundle-upgrade-syntax',
        'spec.skips must be a list of bundle names',
        csv.path,
        lineOf(csv.text, /^\s+skips:/),
      );
    }
  }
  const skipRange = dig(o, 'metadata', 'annotations', 'olm.skipRange');
  if (skipRange !== undefined) {
    try {
      parseRange(String(skipRange));
    } catch (e) {
      if (!(e instanceof SemverError)) throw e;
      c.add(
        'bundle-upgrade-syntax',
        `olm.skipRange ${goQuote(String(skipRange))}: ${e.message}`,
        csv.path,
        lineOf(csv.text, /olm\.skipRange:/),
      );
    }
  }

  // Owned CRDs against the CRDs in the bundle (api bundle.go validateOwnedCRDs).
  const bundleKeys = new Map<string, BundleManifest>();
  for (const m of objectsOfKind(dir, 'CustomResourceDefinition')) {
    for (const g of crdGvks(m.object as Record<string, unknown>)) {
      const key = gvkString(g.group, g.version, g.kind);
      if (bundleKeys.has(key))
        c.add('bundle-duplicate-crd', `duplicate CRD ${goQuote(key)} in bundle ${goQuote(name)}`, m.path, 1);
      else bundleKeys.set(key, m);
    }
  }
  const owned = dig(o, 'spec', 'customresourcedefinitions', 'owned');
  const ownedKeys = new Set<string>();
  if (Array.isArray(owned)) {
    owned.forEach((d, i) => {
      const crdName = str(dig(d, 'name'));
      const dot = crdName.indexOf('.');
      const group = dot < 0 ? '' : crdName.slice(dot + 1);
      const key = gvkString(group, str(dig(d, 'version')), str(dig(d, 'kind')));
      const line = nthLine(
        csv.text,
        new RegExp(`^\\s*-?\\s*name:\\s*['"]?${reEscape(crdName)}['"]?\\s*$`),
        0,
      );
      if (ownedKeys.has(key))
        c.add(
          'bundle-duplicate-crd',
          `duplicate CRD ${goQuote(key)} in bundle ${goQuote(name)}`,
          csv.path,
          line,
        );
      ownedKeys.add(key);
      if (!bundleKeys.has(key)) {
        c.add(
          'bundle-owned-crd-missing',
          `owned CRD ${goQuote(key)} not found in bundle ${goQuote(name)}`,
          csv.path,
          line || i + 1,
        );
      }
    });
  }
  for (const [key, m] of bundleKeys) {
    if (!ownedKeys.has(key)) {
      c.add(
        'bundle-crd-not-owned',
        `CRD ${goQuote(key)} is present in bundle ${goQuote(name)} but not defined in CSV`,
        m.path,
        1,
      );
    }
  }
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
      c.add(
        'bundle-unsupported-kind',
        `${kind} is not supported type for registryV1 bundle: ${m.path}`,
        m.path,
        lineOf(m.text, /^kind:/),
      );
    }
    if (m.object && kind === 'CustomResourceDefinition') checkCrd(m, c);
    const ns = dig(m.object, 'metadata', 'namespace');
    if (ns !== undefined && ns !== null && typeof ns !== 'string') {
      c.add(
        'bundle-manifest-decode',
        `json: cannot unmarshal ${typeof ns === 'number' ? 'number' : typeof ns} into Go struct field ObjectMeta.metadata.namespace of type string`,
        m.path,
        lineOf(m.text, /^\s+namespace:/),
      );
    }
  }
}

/** Validates a bundle directory: its format, then that format's checks. */
export function checkBundle(dir: BundleDir): BundleReport {
  const c = new Collector();
  const detection = detectBundleFormat(dir);
  const sizes = bundleSizes(dir);
  const compressedSize = sizes.compressed;
  if (detection.format === 'not-a-bundle') {
    c.add('bundle-manifests-dir', 'Unable to locate manifests directory');
    c.add('bundle-metadata-dir', 'Unable to locate metadata directory');
  } else if (detection.format === 'plain+v0') {
    for (const p of dir.nestedManifests) {
      c.add(
        'bundle-plain-invalid',
        `subdirectories are not allowed within the "manifests" directory of the bundle image filesystem: found ${goQuote(p)}`,
        p,
      );
    }
    checkManifests(dir, c, false);
    if (!dir.manifests.some((m) => m.object)) {
      c.add(
        'bundle-plain-invalid',
        'found zero objects: plain+v0 bundles are required to contain at least one object',
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
    const csvs = objectsOfKind(dir, 'ClusterServiceVersion');
    const csv = bundleCsv(dir);
    if (!csv) {
      if (dir.manifests.length > 0) c.add('bundle-no-csv', 'no csv in bundle', 'manifests');
    } else {
      for (const extra of csvs.slice(1)) {
        c.add('bundle-extra-csv', `a second CSV: opm keeps ${csv.path} and ignores this one`, extra.path, 1);
      }
      checkCsv(dir, csv, c);
    }
  }
  checkBundleSize(sizes, c);
  const findings = c.findings;
  return { detection, findings, passed: !findings.some((f) => f.severity === 'error'), compressedSize };
}
