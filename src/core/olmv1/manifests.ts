/**
 * The two OLM v1 objects a preview reads: a ClusterExtension (olm.operatorframework.io/v1: what to
 * install) and ClusterCatalogs (where from: name, labels, priority, availabilityMode). Read from
 * YAML as the API server would hold them, including the label it adds to every ClusterCatalog
 * (`olm.operatorframework.io/metadata.name`), which selectors commonly match on.
 */
import { parseYamlFile, isRecord } from '../kube/yaml-docs';
import type { LabelSelector } from '../kube/label-selector';
import { clusterExtensionErrors, invalidClusterExtension } from './ce-validation';

import { OLM_V1_API } from './api-version';

export { OLM_V1_API };
const CATALOG_NAME_LABEL = 'olm.operatorframework.io/metadata.name';
/** Offline, a ClusterCatalog names its content by a folder relative to the manifest file. */
export const CATALOG_DIR_ANNOTATION = 'fbc-studio/catalog-dir';

type UpgradeConstraintPolicy = 'CatalogProvided' | 'SelfCertified';

export interface ClusterExtensionSpec {
  name: string;
  namespace: string;
  packageName: string;
  channels: string[];
  version: string;
  selector?: LabelSelector;
  upgradeConstraintPolicy: UpgradeConstraintPolicy;
}

export interface ClusterCatalogSpec {
  name: string;
  labels: Record<string, string>;
  priority: number;
  availabilityMode: 'Available' | 'Unavailable';
  imageRef?: string;
  /** From the `fbc-studio/catalog-dir` annotation, as written (relative to the manifest). */
  dir?: string;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const record = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(record(v))) if (typeof x === 'string') out[k] = x;
  return out;
}

function objectsOfKind(
  text: string,
  file: string,
  kind: string,
): { objects: Record<string, unknown>[]; error?: string } {
  const parsed = parseYamlFile(file, text);
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    return { objects: [], error: `${file}:${e.location.start.line}: ${e.message}` };
  }
  const objects = parsed.docs
    .map((d) => d.value)
    .filter((v): v is Record<string, unknown> => isRecord(v) && v.kind === kind);
  return { objects };
}

/** The first ClusterExtension of a YAML text, or an error saying why there is none. */
export function readClusterExtension(
  text: string,
  file = 'ClusterExtension',
): ClusterExtensionSpec | { error: string } {
  const { objects, error } = objectsOfKind(text, file, 'ClusterExtension');
  if (error) return { error };
  const ce = objects[0];
  if (!ce) return { error: `${file} holds no ClusterExtension` };
  if (ce.apiVersion !== OLM_V1_API)
    return { error: `${file}: apiVersion ${JSON.stringify(ce.apiVersion)} is not ${OLM_V1_API}` };
  const errors = clusterExtensionErrors(ce);
  if (errors.length > 0) {
    const name = record(ce.metadata).name;
    return { error: `${file}: ${invalidClusterExtension(typeof name === 'string' ? name : '', errors)}` };
  }
  // Valid as the API server holds it: the fields below have their types.
  const spec = record(ce.spec);
  const catalog = record(record(spec.source).catalog);
  const packageName = catalog.packageName as string;
  const policy = (catalog.upgradeConstraintPolicy ?? 'CatalogProvided') as UpgradeConstraintPolicy;
  const sel = catalog.selector;
  return {
    name: typeof record(ce.metadata).name === 'string' ? (record(ce.metadata).name as string) : '',
    namespace: typeof spec.namespace === 'string' ? spec.namespace : '',
    packageName,
    channels: strings(catalog.channels),
    version: typeof catalog.version === 'string' ? catalog.version : '',
    selector: isRecord(sel)
      ? {
          matchLabels: stringMap(sel.matchLabels),
          matchExpressions: (Array.isArray(sel.matchExpressions) ? sel.matchExpressions : []).map((e) => ({
            key: String(record(e).key ?? ''),
            operator: String(record(e).operator ?? ''),
            values: strings(record(e).values),
          })),
        }
      : undefined,
    upgradeConstraintPolicy: policy,
  };
}

/** Every ClusterCatalog of a YAML text (a List's items included). */
export function readClusterCatalogs(
  text: string,
  file = 'ClusterCatalogs',
): ClusterCatalogSpec[] | { error: string } {
  const parsed = parseYamlFile(file, text);
  if (parsed.errors.length > 0) return { error: `${file}: ${parsed.errors[0]!.message}` };
  const objects: Record<string, unknown>[] = [];
  for (const d of parsed.docs) {
    if (!isRecord(d.value)) continue;
    if (d.value.kind === 'ClusterCatalog') objects.push(d.value);
    else if (Array.isArray(d.value.items))
      for (const i of d.value.items) if (isRecord(i) && i.kind === 'ClusterCatalog') objects.push(i);
  }
  const out: ClusterCatalogSpec[] = [];
  for (const c of objects) {
    const meta = record(c.metadata);
    const spec = record(c.spec);
    const name = typeof meta.name === 'string' ? meta.name : '';
    if (name === '') return { error: `${file}: a ClusterCatalog has no metadata.name` };
    const ref = record(record(spec.source).image).ref;
    const dir = stringMap(meta.annotations)[CATALOG_DIR_ANNOTATION];
    out.push({
      name,
      labels: { ...stringMap(meta.labels), [CATALOG_NAME_LABEL]: name },
      priority: typeof spec.priority === 'number' ? spec.priority : 0,
      availabilityMode: spec.availabilityMode === 'Unavailable' ? 'Unavailable' : 'Available',
      ...(typeof ref === 'string' ? { imageRef: ref } : {}),
      ...(dir !== undefined ? { dir } : {}),
    });
  }
  return out;
}

/** A catalog named for a folder given on the command line: priority 0, available. */
export function catalogForDir(name: string): ClusterCatalogSpec {
  return { name, labels: { [CATALOG_NAME_LABEL]: name }, priority: 0, availabilityMode: 'Available' };
}
