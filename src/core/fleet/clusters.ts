/**
 * The clusters a bundle is matched against, from a small file beside it (`fleet-clusters.yaml` by
 * convention). Two forms are read:
 *
 *   clusters:                      # the short form
 *     - name: prod-east
 *       labels: { env: prod, region: us-east }
 *       namespace: fleet-default     # optional, with annotations and templateValues: what
 *       templateValues: { replicas: 3 }   # helm values templates read (${ .ClusterValues.replicas })
 *   clusterGroups:
 *     - name: east
 *       labels: { tier: gold }
 *       selector: { matchLabels: { region: us-east } }
 *
 * or Fleet's own resources (`kind: Cluster` with metadata.labels, annotations and namespace and
 * spec.templateValues, `kind: ClusterGroup` with
 * spec.selector), several documents or a `kind: List`, as `kubectl get clusters.fleet.cattle.io,
 * clustergroups.fleet.cattle.io -o yaml` prints them. A cluster is in a group when the group's
 * selector matches its labels (a group without selector has no clusters), as in Fleet.
 */
import type { Diagnostic } from '../diagnostics';
import { isRecord, parseYamlFile, str } from '../kube/yaml-docs';
import { readSelector } from './selector';
import type { Cluster, ClusterGroup, ClusterSet } from './types';

export const CLUSTERS_FILE = 'fleet-clusters.yaml';

function labels(v: unknown): Record<string, string> {
  return isRecord(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
}

/** A cluster from its name, labels and what values templates read (absent parts left out). */
function cluster(
  name: unknown,
  lbls: unknown,
  namespace: unknown,
  annotations: unknown,
  values: unknown,
): Cluster {
  const c: Cluster = { name: typeof name === 'string' ? name : '', labels: labels(lbls) };
  if (typeof namespace === 'string') c.namespace = namespace;
  if (isRecord(annotations)) c.annotations = labels(annotations);
  if (isRecord(values)) c.templateValues = values;
  return c;
}

export function readClusters(file: string, text: string): ClusterSet {
  const parsed = parseYamlFile(file, text);
  const diagnostics: Diagnostic[] = parsed.errors.map((e) => ({
    severity: 'error',
    source: 'fleet',
    rule: 'fleet-yaml-syntax',
    message: e.message,
    location: e.location,
  }));
  const clusters: Cluster[] = [];
  const groups: ClusterGroup[] = [];
  const group = (
    name: string,
    lbls: unknown,
    selector: unknown,
    locate: (p: (string | number)[]) => Diagnostic['location'],
    path: (string | number)[],
  ) => {
    const g: ClusterGroup = { name, labels: labels(lbls) };
    if (isRecord(selector)) {
      const r = readSelector(selector);
      g.selector = r.selector;
      for (const p of r.problems)
        diagnostics.push({
          severity: 'error',
          source: 'fleet',
          rule: 'fleet-selector-invalid',
          message: p.message,
          location: locate([...path, ...p.path]),
        });
    }
    groups.push(g);
  };
  for (const doc of parsed.docs) {
    const v = doc.value;
    const items =
      str(v, 'kind') === 'List' && isRecord(v) && Array.isArray(v.items)
        ? v.items.map((x, i) => [x, ['items', i]] as const)
        : [[v, []] as const];
    for (const [item, base] of items) {
      const kind = str(item, 'kind');
      const meta = isRecord(item) ? item.metadata : undefined;
      if (kind === 'Cluster') {
        const m = isRecord(meta) ? meta : {};
        const spec = isRecord(item) && isRecord(item.spec) ? item.spec : {};
        clusters.push(cluster(m.name, m.labels, m.namespace, m.annotations, spec.templateValues));
      } else if (kind === 'ClusterGroup') {
        const spec = isRecord(item) ? item.spec : undefined;
        group(
          str(meta, 'name') ?? '',
          isRecord(meta) ? meta.labels : undefined,
          isRecord(spec) ? spec.selector : undefined,
          (p) => doc.locate(p),
          [...base, 'spec', 'selector'],
        );
      } else if (isRecord(item)) {
        if (Array.isArray(item.clusters))
          for (const c of item.clusters) {
            const o = isRecord(c) ? c : {};
            clusters.push(cluster(o.name, o.labels, o.namespace, o.annotations, o.templateValues));
          }
        if (Array.isArray(item.clusterGroups)) {
          item.clusterGroups.forEach((g: unknown, i) =>
            group(
              str(g, 'name') ?? '',
              isRecord(g) ? g.labels : undefined,
              isRecord(g) ? g.selector : undefined,
              (p) => doc.locate(p),
              ['clusterGroups', i, 'selector'],
            ),
          );
        }
      }
    }
  }
  return { file, clusters, groups, diagnostics };
}
