/**
 * The checks of a bundle directory. Each finding carries a rule id of the catalogue's bundle-dir
 * group, the file and line to fix, and — for operator-framework's own checks — their message text
 * (operator-registry pkg/lib/bundle/validate.go, pkg/registry/types.go, operator-framework/api
 * pkg/validation). Our own warnings say so through their rule's source.
 */
import { gzipSync } from 'fflate';
import { ruleSourceOf, type BundleFinding } from './finding';
import { detectBundleFormat, MEDIATYPE_LABEL, type BundleDetection } from './detect';
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
import type { RuleId } from '../rules';

export const PACKAGE_LABEL = 'operators.operatorframework.io.bundle.package.v1';
export const CHANNELS_LABEL = 'operators.operatorframework.io.bundle.channels.v1';
export const DEFAULT_CHANNEL_LABEL = 'operators.operatorframework.io.bundle.channel.default.v1';
export const MANIFESTS_LABEL = 'operators.operatorframework.io.bundle.manifests.v1';
export const METADATA_LABEL = 'operators.operatorframework.io.bundle.metadata.v1';

/** 1 MiB gzip: operator-framework/api's max bundle size (etcd's object limit, with room). */
export const MAX_BUNDLE_GZIP = 1024 * 1024;

/** operator-registry pkg/lib/bundle/supported_resources.go, plus the CSV and CRDs. */
const SUPPORTED_KINDS = new Set([
  'ClusterServiceVersion',
  'CustomResourceDefinition',
  'Secret',
  'ClusterRole',
  'ClusterRoleBinding',
  'ConfigMap',
  'ServiceAccount',
  'Service',
  'Role',
  'RoleBinding',
  'PrometheusRule',
  'ServiceMonitor',
  'PodDisruptionBudget',
  'PriorityClass',
  'VerticalPodAutoscaler',
  'ConsoleYAMLSample',
  'ConsoleQuickStart',
  'ConsoleCLIDownload',
  'ConsoleLink',
  'ConsolePlugin',
  'NetworkPolicy',
]);

const INSTALL_MODES = ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces'];

export interface BundleReport {
  detection: BundleDetection;
  findings: BundleFinding[];
  /** No error among the findings. */
  passed: boolean;
  /** gzip size of the bundle's files, bytes. */
  compressedSize: number;
}

class Collector {
  readonly findings: BundleFinding[] = [];
  add(rule: RuleId, message: string, file?: string, line?: number): void {
    const { source, severity } = ruleSourceOf(rule);
    const f: BundleFinding = { rule, source, severity, message };
    if (file !== undefined) f.file = file;
    if (line !== undefined) f.line = line;
    this.findings.push(f);
  }
}

/** Go's schema.GroupVersionKind.String(). */
export function gvkString(group: string, version: string, kind: string): string {
  return `${group}/${version}, Kind=${kind}`;
}

/** The n-th (0-based) line matching `re`, 1-based; 1 when there are fewer. */
function nthLine(text: string, re: RegExp, n: number): number {
  const lines = text.split('\n');
  let seen = -1;
  for (let i = 0; i < lines.length; i++) if (re.test(lines[i] as string) && ++seen === n) return i + 1;
  return 1;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function humanBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`;
}

function checkAnnotations(dir: BundleDir, c: Collector): void {
  const file = dir.annotationsFile;
  const ann = dir.annotations;
  if (!file || !ann) {
    c.add(
      'bundle-annotations-file',
      'Could not find annotations file',
      dir.hasMetadataDir ? 'metadata' : undefined,
    );
    return;
  }
  const at = (label: string) => lineOf(file.text, new RegExp(reEscape(label)));
  const annLine = lineOf(file.text, /^annotations:/);
  for (const label of [MEDIATYPE_LABEL, MANIFESTS_LABEL, METADATA_LABEL, PACKAGE_LABEL, CHANNELS_LABEL]) {
    if (!(label in ann))
      c.add('bundle-annotation-missing', `Missing annotation ${goQuote(label)}`, file.path, annLine);
  }
  const mediatype = ann[MEDIATYPE_LABEL] ?? '';
  if (mediatype !== 'registry+v1') {
    c.add(
      'bundle-mediatype',
      `Expecting annotation ${goQuote(MEDIATYPE_LABEL)} to have value ${goQuote('registry+v1')} instead of ${goQuote(mediatype)}`,
      file.path,
      mediatype === '' ? annLine : at(MEDIATYPE_LABEL),
    );
  }
  const channels = ann[CHANNELS_LABEL] ?? '';
  if (channels === '') {
    c.add(
      'bundle-annotation-empty',
      `Expecting annotation ${goQuote(CHANNELS_LABEL)} to have non-empty value`,
      file.path,
      CHANNELS_LABEL in ann ? at(CHANNELS_LABEL) : annLine,
    );
    return;
  }
  const list = channels.split(',');
  if (list.includes('')) {
    c.add(
      'bundle-invalid-channels',
      `invalid channels are provided: ${channels}`,
      file.path,
      at(CHANNELS_LABEL),
    );
  }
  const def = ann[DEFAULT_CHANNEL_LABEL];
  if (def !== undefined && def !== '' && !list.includes(def)) {
    c.add(
      'bundle-default-channel',
      `The channel list "${channels}" doesn't contain channelDefault "${def}"`,
      file.path,
      at(DEFAULT_CHANNEL_LABEL),
    );
  }
}

function checkDependencies(dir: BundleDir, c: Collector): void {
  const file = dir.dependenciesFile;
  if (!file || !dir.dependencies) return;
  dir.dependencies.forEach((d, i) => {
    const line = nthLine(file.text, /^\s*-\s/, i);
    const type = str(dig(d, 'type'));
    const value = isObject(d) ? d.value : undefined;
    const add = (m: string) => c.add('bundle-dependency', m, file.path, line);
    if (value === undefined || (value !== null && !isObject(value))) {
      add(`couldn't parse dependency of type ${type}`);
      return;
    }
    const v = (value ?? {}) as Record<string, unknown>;
    switch (type) {
      case 'olm.gvk':
        if (str(v.group) === '') add('API Group is empty');
        if (str(v.version) === '') add('API Version is empty');
        if (str(v.kind) === '') add('API Kind is empty');
        break;
      case 'olm.package': {
        if (str(v.packageName) === '') add('Package name is empty');
        const version = str(v.version);
        if (version === '') add('Package version is empty');
        else if (typeof parseVersionOrError(version) === 'string') {
          try {
            parseRange(version);
          } catch (e) {
            if (!(e instanceof SemverError)) throw e;
            add('Invalid semver format version');
          }
        }
        break;
      }
      case 'olm.label':
        if (str(v.label) === '') add('Label information is missing');
        break;
      case 'olm.constraint':
        if (!['cel', 'all', 'any', 'not', 'gvk', 'package'].some((k) => k in v)) {
          add(`couldn't parse dependency of type ${type}`);
        }
        break;
      default:
        add(`couldn't parse dependency of type ${type}`);
    }
  });
}

function checkCrd(m: BundleManifest, c: Collector): void {
  const o = m.object as Record<string, unknown>;
  const versions = dig(o, 'spec', 'versions');
  const v1 = o.apiVersion === 'apiextensions.k8s.io/v1';
  const list = Array.isArray(versions) ? versions : [];
  const names = list.map((v) => str(dig(v, 'name')));
  const vline = lineOf(m.text, /^\s+versions:/);
  if (new Set(names).size !== names.length) {
    c.add(
      'bundle-crd-invalid',
      `spec.versions: Invalid value: ${JSON.stringify(names)}: must contain unique version names`,
      m.path,
      vline,
    );
  }
  if (v1) {
    if (list.length === 0)
      c.add(
        'bundle-crd-invalid',
        'spec.versions: Invalid value: []: must have exactly one version marked as storage version',
        m.path,
        vline,
      );
    const storage = list.filter((v) => dig(v, 'storage') === true).length;
    if (list.length > 0 && storage !== 1) {
      c.add(
        'bundle-crd-invalid',
        `spec.versions: Invalid value: ${JSON.stringify(names)}: must have exactly one version marked as storage version`,
        m.path,
        vline,
      );
    }
    // The API server would reject a v1 CRD version without a structural schema; operator-framework's
    // validator does not look (its valid_bundle_2 fixture has none), so this is our warning.
    list.forEach((v, i) => {
      if (!isObject(dig(v, 'schema', 'openAPIV3Schema'))) {
        c.add(
          'bundle-crd-schema',
          `spec.versions[${i}].schema.openAPIV3Schema: Required value: schemas are required`,
          m.path,
          nthLine(m.text, /^\s+-\s+name:/, i),
        );
      }
    });
    if (dig(o, 'spec', 'version') !== undefined) {
      c.add(
        'bundle-crd-invalid',
        'spec.version: Forbidden: not a field of apiextensions.k8s.io/v1 (write spec.versions)',
        m.path,
        lineOf(m.text, /^\s+version:/),
      );
    }
  } else if (o.apiVersion !== 'apiextensions.k8s.io/v1beta1') {
    c.add(
      'bundle-crd-invalid',
      `Unsupported api version of CRD: ${str(o.apiVersion)}`,
      m.path,
      lineOf(m.text, /^apiVersion:/),
    );
  }
}

/** Every group/version/kind a CRD manifest defines (one per version; v1beta1's spec.version too). */
export function crdGvks(o: Record<string, unknown>): { group: string; version: string; kind: string }[] {
  const group = str(dig(o, 'spec', 'group'));
  const kind = str(dig(o, 'spec', 'names', 'kind'));
  const versions = dig(o, 'spec', 'versions');
  // Every entry of spec.versions, repeats included (the bundle validator reports them as duplicates);
  // v1beta1's spec.version only when spec.versions does not list it already.
  const names = Array.isArray(versions)
    ? versions.map((v) => str(dig(v, 'name'))).filter((n) => n !== '')
    : [];
  const single = str(dig(o, 'spec', 'version'));
  if (single !== '' && !names.includes(single)) names.unshift(single);
  return names.map((version) => ({ group, version, kind }));
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

/** gzip size of the bundle's files, as operator-framework/api estimates the image's payload. */
export function compressedBundleSize(dir: BundleDir): number {
  let total = 0;
  for (const p of dir.files) total += dir.bytes.get(p)?.length ?? 0;
  const all = new Uint8Array(total);
  let at = 0;
  for (const p of dir.files) {
    const b = dir.bytes.get(p);
    if (!b) continue;
    all.set(b, at);
    at += b.length;
  }
  return gzipSync(all, { level: 6 }).length;
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
  const compressedSize = compressedBundleSize(dir);
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
  if (compressedSize > MAX_BUNDLE_GZIP) {
    c.add(
      'bundle-size',
      `maximum bundle compressed size with gzip size exceeded: size=~${humanBytes(compressedSize)} , max=${humanBytes(MAX_BUNDLE_GZIP)}`,
    );
  } else if (compressedSize > MAX_BUNDLE_GZIP * 0.85) {
    c.add(
      'bundle-size-near',
      `nearing maximum bundle compressed size with gzip: size=~${humanBytes(compressedSize)} , max=${humanBytes(MAX_BUNDLE_GZIP)}`,
    );
  }
  const findings = c.findings;
  return { detection, findings, passed: !findings.some((f) => f.severity === 'error'), compressedSize };
}
