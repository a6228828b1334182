/**
 * The cluster's labels in its helm values, as the Fleet controller puts them there before it writes
 * the BundleDeployment (rancher/fleet internal/cmd/controller/target builder.go preprocessHelmValues,
 * processLabelValues): a value `global.fleet.clusterLabels.NAME` becomes the cluster's label NAME, or
 * "" when the cluster has no such label. Only the label part: `${ }` templates (Go text/template with
 * sprig) are not rendered here, so values using them are shown as written, and said so
 * (fleet-values-template).
 */
import { isRecord } from '../kube/yaml-docs';

type Json = Record<string, unknown>;

const CLUSTER_LABEL_PREFIX = 'global.fleet.clusterLabels.';
const MAX_TEMPLATE_RECURSION_DEPTH = 50;

/**
 * wrangler yaml.CleanAnnotationsForExport (drops kubectl.kubernetes.io/… and any key containing
 * cattle.io/), with Fleet's fleet.cattle.io/ and management.cattle.io/ labels put back.
 */
export function labelsForValues(labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) {
    const kept = !k.startsWith('kubectl.kubernetes.io/') && !k.includes('cattle.io/');
    if (kept || k.startsWith('fleet.cattle.io/') || k.startsWith('management.cattle.io/')) out[k] = v;
  }
  return out;
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

/**
 * The options with the cluster's labels substituted into helm.values (a copy; the input is kept).
 * As upstream: nothing happens for a cluster without labels; otherwise options without helm get an
 * empty helm, and helm without values an empty values map. Throws the controller's error for values
 * nested deeper than it follows.
 */
export function preprocessHelmValues(options: Json, clusterLabels: Record<string, string>): Json {
  const labels = labelsForValues(clusterLabels);
  if (Object.keys(labels).length === 0) return options;
  if (!isRecord(options.helm)) return { ...options, helm: {} };
  const helm: Json = structuredClone(options.helm);
  if (!isRecord(helm.values)) helm.values = {};
  const values = helm.values as Json;
  if (helm.templateValues !== undefined || Object.keys(values).length > 0)
    processLabelValues(values, labels, 0);
  return { ...options, helm };
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

/**
 * Whether the controller would render `${ }` templates in these options' helm values for a cluster
 * with these labels (preprocessHelmValues: not for a cluster without labels, not with
 * helm.disablePreProcess), which we do not do.
 */
export function rendersTemplates(options: Json, clusterLabels: Record<string, string>): boolean {
  const helm = isRecord(options.helm) ? options.helm : undefined;
  if (!helm || helm.disablePreProcess === true) return false;
  if (Object.keys(labelsForValues(clusterLabels)).length === 0) return false;
  return templatePath(helm.values) !== undefined || templatePath(helm.templateValues) !== undefined;
}
