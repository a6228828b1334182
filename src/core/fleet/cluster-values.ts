/**
 * A cluster's helm values as the Fleet controller prepares them before it writes the
 * BundleDeployment (rancher/fleet internal/cmd/controller/target builder.go preprocessHelmValues):
 * a value `global.fleet.clusterLabels.NAME` becomes the cluster's label NAME ("" when the cluster
 * has no such label, processLabelValues), then, unless helm.disablePreProcess, `${ }` templates
 * are rendered over the cluster (template-values.ts).
 */
import { isRecord } from '../kube/yaml-docs';
import {
  processTemplateValues,
  processTemplateValuesData,
  UnportedFunctionError,
  type TemplateContext,
} from './template-values';
import type { Cluster } from './types';

type Json = Record<string, unknown>;

const CLUSTER_LABEL_PREFIX = 'global.fleet.clusterLabels.';
const MAX_TEMPLATE_RECURSION_DEPTH = 50;

/** wrangler yaml.CleanAnnotationsForExport: drops kubectl.kubernetes.io/… and any key containing cattle.io/. */
function cleanForExport(m: Record<string, string>, keep: (k: string) => boolean = () => false) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) {
    if ((!k.startsWith('kubectl.kubernetes.io/') && !k.includes('cattle.io/')) || keep(k)) out[k] = v;
  }
  return out;
}

/** The cluster's labels as values see them: cleaned, with Fleet's fleet.cattle.io/ and management.cattle.io/ put back. */
export function labelsForValues(labels: Record<string, string>): Record<string, string> {
  return cleanForExport(
    labels,
    (k) => k.startsWith('fleet.cattle.io/') || k.startsWith('management.cattle.io/'),
  );
}

function processLabelValues(values: Json, labels: Record<string, string>, depth: number): void {
  if (depth > MAX_TEMPLATE_RECURSION_DEPTH)
    throw new Error(
      `maximum recursion depth of ${MAX_TEMPLATE_RECURSION_DEPTH} exceeded for cluster label prefix processing, too many nested values`,
    );
  for (const [key, val] of Object.entries(values)) {
    if (typeof val === 'string' && val.startsWith(CLUSTER_LABEL_PREFIX)) {
      const label = val.slice(CLUSTER_LABEL_PREFIX.length);
      values[key] = Object.prototype.hasOwnProperty.call(labels, label) ? labels[label] : '';
    }
    if (isRecord(val)) processLabelValues(val, labels, depth + 1);
    if (Array.isArray(val))
      for (const item of val) if (isRecord(item)) processLabelValues(item, labels, depth + 1);
  }
}

export interface PreparedOptions {
  options: Json;
  /** A sprig function the values' templates call that we do not run: the values are shown as written. */
  unported?: string;
}

/**
 * The options with the cluster's labels substituted into helm.values and the templates rendered (a
 * copy; the input is kept). As upstream: nothing happens for a cluster without labels; otherwise
 * options without helm get an empty helm, and helm without values an empty values map. Throws the
 * controller's error for values nested deeper than it follows and for a template that fails.
 */
export function preprocessHelmValues(options: Json, cluster: Cluster): PreparedOptions {
  const labels = labelsForValues(cluster.labels);
  if (Object.keys(labels).length === 0) return { options };
  if (!isRecord(options.helm)) return { options: { ...options, helm: {} } };
  const helm: Json = structuredClone(options.helm);
  if (!isRecord(helm.values)) helm.values = {};
  const values = helm.values as Json;
  if (helm.templateValues === undefined && Object.keys(values).length === 0)
    return { options: { ...options, helm } };
  processLabelValues(values, labels, 0);
  // schema.ts has already matched the key as encoding/json does (`disablePreprocess` included).
  if (helm.disablePreProcess === true) return { options: { ...options, helm } };
  const ctx: TemplateContext = {
    ClusterNamespace: cluster.namespace ?? '',
    ClusterName: cluster.name,
    ClusterLabels: labels,
    ClusterAnnotations: cleanForExport(cluster.annotations ?? {}),
    ClusterValues: cluster.templateValues ?? {},
  };
  try {
    const rendered = processTemplateValues(values, ctx);
    const data = isRecord(helm.templateValues) ? processTemplateValuesData(helm.templateValues, ctx) : {};
    // maps.Copy: each templateValues key replaces the top-level value of that key.
    for (const [k, v] of Object.entries(data))
      Object.defineProperty(rendered, k, { value: v, enumerable: true, writable: true, configurable: true });
    return { options: { ...options, helm: { ...helm, values: rendered } } };
  } catch (e) {
    if (e instanceof UnportedFunctionError) return { options: { ...options, helm }, unported: e.fn };
    throw e;
  }
}

/** The path (under `at`) of the first string holding a `${` template in a value, if any. */
export function templatePath(v: unknown, at: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof v === 'string') return v.includes('${') ? at : undefined;
  const entries: [string | number, unknown][] = Array.isArray(v)
    ? v.map((x, i) => [i, x])
    : isRecord(v)
      ? Object.entries(v)
      : [];
  for (const [k, x] of entries) {
    const p = templatePath(x, [...at, k]);
    if (p) return p;
  }
  return undefined;
}
