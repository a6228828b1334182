/**
 * fleet.yaml as Fleet decodes it (rancher/fleet pkg/apis/fleet.cattle.io/v1alpha1: FleetYAML,
 * BundleSpec, BundleDeploymentOptions, BundleTarget, HelmOptions, …): each struct's JSON fields in Go's
 * order, with the type each decodes into. `decodeStruct` does what sigs.k8s.io/yaml + encoding/json do
 * with it: a key names its field as written or case-insensitively (`disablePreprocess` sets
 * disablePreProcess), unknown keys are dropped (we warn: Fleet ignores them silently), a value of the
 * wrong type fails the decode (Fleet's text), and what remains is re-encoded with omitempty in Go's
 * field order, which is the Bundle `fleet apply` prints.
 */
import type { Diagnostic } from '../diagnostics';
import type { JsonPath } from '../location';
import { isRecord, type YamlDoc } from '../kube/yaml-docs';

export type FieldType =
  | 'string'
  | 'int'
  | 'bool'
  /** map[string]string */
  | 'stringMap'
  /** GenericMap, RawExtension-like: any mapping, kept as written. */
  | 'object'
  /** any JSON value (structs we do not project field by field). */
  | 'any'
  | { list: FieldType }
  | { struct: Struct };

export interface Field {
  json: string;
  type: FieldType;
  /** A pointer (`*bool`, `*HelmOptions`): omitempty keeps a set zero value. */
  ptr?: boolean;
}

export interface Struct {
  /** The Go type's name, for error texts. */
  name: string;
  fields: Field[];
}

const f = (json: string, type: FieldType, ptr = false): Field => ({ json, type, ptr });
const struct = (name: string, fields: Field[]): { struct: Struct } => ({ struct: { name, fields } });

const SELECTOR = struct('LabelSelector', [
  f('matchLabels', 'stringMap'),
  f('matchExpressions', { list: 'any' }),
]);

const HELM = struct('HelmOptions', [
  f('valuesFiles', { list: 'string' }),
  f('chart', 'string'),
  f('repo', 'string'),
  f('releaseName', 'string'),
  f('version', 'string'),
  f('timeoutSeconds', 'int'),
  f('values', 'object', true),
  f('templateValues', 'stringMap'),
  f('valuesFrom', { list: 'any' }),
  f('force', 'bool'),
  f('takeOwnership', 'bool'),
  f('maxHistory', 'int'),
  f('waitForJobs', 'bool'),
  f('atomic', 'bool'),
  f('disablePreProcess', 'bool'),
  f('disableDNS', 'bool'),
  f('skipSchemaValidation', 'bool'),
  f('disableDependencyUpdate', 'bool'),
]);

const DIFF = struct('DiffOptions', [
  f(
    'comparePatches',
    {
      list: struct('ComparePatch', [
        f('apiVersion', 'string'),
        f('kind', 'string'),
        f('name', 'string'),
        f('namespace', 'string'),
        f('jsonPointers', { list: 'string' }),
        f('operations', {
          list: struct('Operation', [f('op', 'string'), f('path', 'string'), f('value', 'string')]),
        }),
      ]),
    },
    false,
  ),
]);

/** BundleDeploymentOptions with GitOpsBundleDeploymentOptions inlined first, as Go encodes them. */
const OPTIONS: Field[] = [
  f('yaml', struct('YAMLOptions', [f('overlays', { list: 'string' })]), true),
  f('kustomize', struct('KustomizeOptions', [f('dir', 'string')]), true),
  f('defaultNamespace', 'string'),
  f('namespace', 'string'),
  f('helm', HELM, true),
  f('serviceAccount', 'string'),
  f('createNamespace', 'bool', true),
  f('forceSyncGeneration', 'int'),
  f('diff', DIFF, true),
  f('keepResources', 'bool'),
  f('deleteNamespace', 'bool'),
  f('ignore', struct('IgnoreOptions', [f('conditions', { list: 'stringMap' })]), true),
  f(
    'correctDrift',
    struct('CorrectDrift', [f('enabled', 'bool'), f('force', 'bool'), f('keepFailHistory', 'bool')]),
    true,
  ),
  f('namespaceLabels', 'stringMap'),
  f('namespaceAnnotations', 'stringMap'),
  f('deleteCRDResources', 'bool'),
  f('downstreamResources', {
    list: struct('DownstreamResource', [f('kind', 'string'), f('name', 'string')]),
  }),
  f('overwrites', { list: 'any' }),
  f('allowedTargetNamespaceSelector', SELECTOR, true),
];

const CRITERIA: Field[] = [
  f('name', 'string'),
  f('clusterName', 'string'),
  f('clusterSelector', SELECTOR, true),
  f('clusterGroup', 'string'),
  f('clusterGroupSelector', SELECTOR, true),
];

/** BundleTarget: its own namespaceLabels/Annotations shadow the inlined options' (Go's dominant field). */
export const BUNDLE_TARGET: Struct = {
  name: 'BundleTarget',
  fields: [
    ...OPTIONS.filter((x) => x.json !== 'namespaceLabels' && x.json !== 'namespaceAnnotations'),
    ...CRITERIA,
    f('doNotDeploy', 'bool'),
    f('namespaceLabels', 'stringMap'),
    f('namespaceAnnotations', 'stringMap'),
  ],
};

export const GIT_TARGET: Struct = { name: 'GitTarget', fields: CRITERIA };

export const BUNDLE_REF: Struct = {
  name: 'BundleRef',
  fields: [f('name', 'string'), f('selector', SELECTOR, true), f('acceptedStates', { list: 'string' })],
};

const RESOURCE = struct('BundleResource', [
  f('name', 'string'),
  f('content', 'string'),
  f('encoding', 'string'),
]);

/** BundleSpec: what the Bundle's spec holds, in Go's order. */
export const BUNDLE_SPEC: Field[] = [
  ...OPTIONS,
  f('paused', 'bool'),
  f('rolloutStrategy', 'object', true),
  f('resources', { list: RESOURCE }),
  f('targetCustomizationMode', 'string'),
  f('targets', { list: { struct: BUNDLE_TARGET } }),
  f('targetRestrictions', { list: { struct: { name: 'BundleTargetRestriction', fields: CRITERIA } } }),
  f('dependsOn', { list: { struct: BUNDLE_REF } }),
  f('contentsId', 'string'),
  f('helmOpOptions', 'object', true),
  f('valuesHash', 'string'),
];

/** FleetYAML: name and labels, BundleSpec inlined, then the keys only fleet.yaml has. */
export const FLEET_YAML: Struct = {
  name: 'FleetYAML',
  fields: [
    f('name', 'string'),
    f('labels', 'stringMap'),
    ...BUNDLE_SPEC,
    f('targetCustomizations', { list: { struct: BUNDLE_TARGET } }),
    f('imageScans', { list: 'any' }),
    f('overrideTargets', { list: { struct: GIT_TARGET } }),
  ],
};

/** ObjectMeta keys fleet.yaml may also carry at its top level (fleet apply reads them as the Bundle's metadata). */
const META_KEYS = new Set(['annotations', 'namespace']);

/** Keys of the earlier bundle.yaml layout, with what fleet.yaml says instead. */
const LAYOUT_HINTS: Record<string, string> = {
  overlays:
    'fleet.yaml has no overlays list: files under overlays/<name>/ are the overlay, chosen by yaml.overlays',
  manifestsDir: 'every file of the folder is a resource in fleet.yaml',
  kustomizeDir: 'did you mean kustomize.dir?',
  chart: 'did you mean helm.chart?',
  timeoutSeconds: 'did you mean helm.timeoutSeconds?',
  values: 'did you mean helm.values?',
  clusterSelectors: 'did you mean clusterSelector?',
  targetCustomization: 'did you mean targetCustomizations?',
  dependOn: 'did you mean dependsOn?',
};

/** encoding/json's name for a JSON value's kind in an unmarshal error (both bundle layouts). */
export function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'bool';
  return typeof v === 'number' ? 'number' : 'string';
}

function goTypeName(t: FieldType): string {
  if (typeof t === 'string')
    return {
      string: 'string',
      int: 'int',
      bool: 'bool',
      stringMap: 'map[string]string',
      object: 'map[string]interface {}',
      any: 'interface {}',
    }[t];
  return 'list' in t ? `[]${goTypeName(t.list)}` : `v1alpha1.${t.struct.name}`;
}

export interface DecodeContext {
  doc: YamlDoc;
  out: Diagnostic[];
  /** The top struct's name and the JSON path so far, for Go's "Go struct field X.a.b" text. */
  root: string;
}

function typeError(ctx: DecodeContext, path: JsonPath, jsonPath: string[], t: FieldType, v: unknown): void {
  const field = jsonPath.length ? `Go struct field ${ctx.root}.${jsonPath.join('.')}` : 'Go value';
  ctx.out.push({
    severity: 'error',
    source: 'fleet',
    rule: 'fleet-field-type',
    message: `json: cannot unmarshal ${jsonKind(v)} into ${field} of type ${goTypeName(t)}`,
    location: ctx.doc.locate(path),
  });
}

function isEmpty(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    v === '' ||
    v === 0 ||
    v === false ||
    (Array.isArray(v) && v.length === 0) ||
    (isRecord(v) && Object.keys(v).length === 0)
  );
}

/** One value decoded into its type; undefined when the decode fails (reported) or the value is null. */
function decodeValue(
  ctx: DecodeContext,
  v: unknown,
  t: FieldType,
  path: JsonPath,
  jsonPath: string[],
): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof t === 'string') {
    const ok =
      t === 'string'
        ? typeof v === 'string'
        : t === 'int'
          ? typeof v === 'number' && Number.isInteger(v)
          : t === 'bool'
            ? typeof v === 'boolean'
            : t === 'stringMap'
              ? isRecord(v) && Object.values(v).every((x) => typeof x === 'string' || x === null)
              : t === 'object'
                ? isRecord(v)
                : true;
    if (!ok) {
      // A map value of the wrong type is reported at its key, as encoding/json names it.
      if (t === 'stringMap' && isRecord(v)) {
        const [k, bad] = Object.entries(v).find(([, x]) => typeof x !== 'string' && x !== null) ?? [];
        typeError(ctx, [...path, k ?? ''], [...jsonPath], 'string', bad);
      } else typeError(ctx, path, jsonPath, t, v);
      return undefined;
    }
    return v;
  }
  if ('list' in t) {
    if (!Array.isArray(v)) {
      typeError(ctx, path, jsonPath, t, v);
      return undefined;
    }
    return v.map((x, i) => decodeValue(ctx, x, t.list, [...path, i], jsonPath) ?? null);
  }
  if (!isRecord(v)) {
    typeError(ctx, path, jsonPath, t, v);
    return undefined;
  }
  return decodeStruct(ctx, v, t.struct.fields, path, jsonPath);
}

/**
 * A mapping decoded into a struct's fields and re-encoded as Go would (field order, omitempty).
 * `extraKeys` are keys read elsewhere (ObjectMeta's) that are not unknown.
 */
export function decodeStruct(
  ctx: DecodeContext,
  value: Record<string, unknown>,
  fields: readonly Field[],
  path: JsonPath,
  jsonPath: string[] = [],
  extraKeys: ReadonlySet<string> = jsonPath.length === 0 ? META_KEYS : new Set(),
): Record<string, unknown> {
  const known = new Map(fields.map((x) => [x.json, x]));
  // encoding/json takes a key's field by exact name, else by a case-insensitive match (the first
  // such field); when several keys reach one field, the later one wins.
  const folded = new Map<string, Field>();
  for (const x of fields) if (!folded.has(x.json.toLowerCase())) folded.set(x.json.toLowerCase(), x);
  const keyOf = new Map<string, string>();
  for (const key of Object.keys(value)) {
    const exact = known.get(key);
    if (exact) keyOf.set(exact.json, key);
    if (exact || extraKeys.has(key)) continue;
    const field = folded.get(key.toLowerCase());
    if (field) {
      keyOf.set(field.json, key);
      continue;
    }
    const hint = jsonPath.length === 0 || jsonPath.at(-1) === 'targets' ? LAYOUT_HINTS[key] : undefined;
    ctx.out.push({
      severity: 'warning',
      source: 'fbc-studio',
      rule: 'fleet-unknown-field',
      message: `unknown field "${key}"${hint ? ` (${hint})` : ''}: Fleet ignores it`,
      location: ctx.doc.locate([...path, key], true),
    });
  }
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const key = keyOf.get(field.json);
    if (key === undefined) continue;
    const decoded = decodeValue(ctx, value[key], field.type, [...path, key], [...jsonPath, field.json]);
    if (decoded === undefined) continue;
    if (!field.ptr && isEmpty(decoded)) continue;
    out[field.json] = decoded;
  }
  return out;
}
