/**
 * The descriptor's fields as the bundle format lists them (bundle.yaml reference, the seed of this
 * feature), with the type Fleet decodes each into. Unknown fields are warned about (Fleet ignores
 * them, so a typo silently does nothing); fields of the wrong type are errors (the decode fails).
 * Keys of the newer fleet.yaml that the bundle format does not list are tolerated, not checked.
 */
import type { Diagnostic } from '../diagnostics';
import type { JsonPath } from '../location';
import { isRecord, type YamlDoc } from '../kube/yaml-docs';
import { jsonKind } from './schema';

type FieldType = 'string' | 'int' | 'bool' | 'map' | 'list' | 'stringList' | 'selector' | 'any';

const OPTIONS: Record<string, FieldType> = {
  defaultNamespace: 'string',
  kustomizeDir: 'string',
  timeoutSeconds: 'int',
  values: 'map',
};

export const BUNDLE_FIELDS: Record<string, FieldType> = {
  name: 'string',
  labels: 'map',
  annotations: 'map',
  manifestsDir: 'string',
  chart: 'string',
  paused: 'bool',
  rolloutStrategy: 'map',
  resources: 'list',
  overlays: 'list',
  targets: 'list',
  ...OPTIONS,
};

export const OVERLAY_FIELDS: Record<string, FieldType> = {
  name: 'string',
  overlays: 'stringList',
  resources: 'list',
  ...OPTIONS,
};

export const TARGET_FIELDS: Record<string, FieldType> = {
  name: 'string',
  overlays: 'stringList',
  clusterSelector: 'selector',
  clusterGroupSelector: 'selector',
  clusterGroup: 'string',
  ...OPTIONS,
};

export const RESOURCE_FIELDS: Record<string, FieldType> = {
  name: 'string',
  encoding: 'string',
  content: 'string',
};

/** fleet.yaml keys beyond the bundle format: accepted as they are, not checked here. */
const NEWER_BUNDLE_KEYS = new Set([
  'namespace',
  'helm',
  'kustomize',
  'yaml',
  'diff',
  'dependsOn',
  'targetCustomizations',
  'ignore',
  'correctDrift',
  'keepResources',
  'deleteNamespace',
  'namespaceLabels',
  'namespaceAnnotations',
  'serviceAccount',
  'imageScans',
  'overrideTargets',
]);
const NEWER_TARGET_KEYS = new Set([
  'clusterName',
  'helm',
  'kustomize',
  'yaml',
  'namespace',
  'doNotDeploy',
  'diff',
]);

/** Misspellings worth naming: the bundle format's own reference spells kustomizeDir this way once. */
const DID_YOU_MEAN: Record<string, string> = {
  kustomizedDir: 'kustomizeDir',
  clusterSelectors: 'clusterSelector',
  overlay: 'overlays',
  target: 'targets',
};

function fits(t: FieldType, v: unknown): boolean {
  if (v === null || v === undefined) return true;
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'int':
      return typeof v === 'number' && Number.isInteger(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'map':
    case 'selector':
      return isRecord(v);
    case 'list':
      return Array.isArray(v);
    case 'stringList':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
    default:
      return true;
  }
}

const GO_TYPE: Record<FieldType, string> = {
  string: 'string',
  int: 'int',
  bool: 'bool',
  map: 'map[string]interface {}',
  list: '[]',
  stringList: '[]string',
  selector: 'v1.LabelSelector',
  any: 'interface {}',
};

/** Checks one mapping of the descriptor against its fields. */
export function checkFields(
  doc: YamlDoc,
  value: unknown,
  path: JsonPath,
  fields: Record<string, FieldType>,
  struct: string,
  tolerated: 'bundle' | 'target' | 'none',
  out: Diagnostic[],
): void {
  if (!isRecord(value)) {
    out.push({
      severity: 'error',
      source: 'fleet',
      rule: 'fleet-field-type',
      message: `json: cannot unmarshal ${jsonKind(value)} into Go value of type ${struct}`,
      location: doc.locate(path),
    });
    return;
  }
  const newer =
    tolerated === 'bundle'
      ? NEWER_BUNDLE_KEYS
      : tolerated === 'target'
        ? NEWER_TARGET_KEYS
        : new Set<string>();
  for (const [key, v] of Object.entries(value)) {
    const t = fields[key];
    if (t === undefined) {
      if (newer.has(key)) continue;
      const hint = DID_YOU_MEAN[key];
      out.push({
        severity: 'warning',
        source: 'fbc-studio',
        rule: 'fleet-unknown-field',
        message: `unknown field "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}: Fleet ignores it`,
        location: doc.locate([...path, key], true),
      });
    } else if (!fits(t, v)) {
      out.push({
        severity: 'error',
        source: 'fleet',
        rule: 'fleet-field-type',
        message: `json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${key} of type ${GO_TYPE[t]}`,
        location: doc.locate([...path, key]),
      });
    }
  }
}
