/**
 * The target matrix: for each cluster, the target Fleet would choose (targets tried in order, the
 * first match wins; null or "" criteria are dropped, a target left with none matches nothing; `{}`
 * matches all), the overlays that apply in order, the options that result, and the bundle's files
 * after those overlays replace and patch them. And the difference between two clusters' files.
 */
import type { Diagnostic } from '../diagnostics';
import { createTwoFilesPatch } from 'diff';
import { fleetFinding } from './finding';
import { fleetRow, valuesTemplateFindings } from './fleet-targeting';
import { mergePatch, applyPatch } from './patch';
import { matchingFile, overlayOrder, patchTarget } from './overlay-order';
import { selectorMatches } from './selector';
import type { BundleResource, Cluster, ClusterGroup, ClusterSet, FleetBundle, Target } from './types';

export interface ClusterRow {
  cluster: string;
  labels: Record<string, string>;
  /** Groups whose selector matches the cluster. */
  groups: string[];
  /** The chosen target's name, or undefined when none matches (the bundle is not deployed there). */
  target?: string;
  /** Overlays applied, in order. */
  overlays: string[];
  defaultNamespace: string;
  values: Record<string, unknown>;
  resources: BundleResource[];
  /** Patches that could not apply (a file that does not parse, a JSON Patch path that is not there). */
  errors: string[];
  /** fleet.yaml: a sprig function the helm values templates call that we do not run (values shown as written). */
  unrendered?: string;
  /** fleet.yaml: the controller's error preparing the cluster's helm values (also in errors). */
  valuesError?: string;
  /** Overlay patches that do not apply for this cluster (also in errors): fleet-patch-failed. */
  patchFailed?: string[];
  /** fleet.yaml: why a matched cluster gets nothing (doNotDeploy). */
  skipped?: string;
  /** fleet.yaml: the targetCustomizations laid over the target (with overrideTargets). */
  customizations?: string[];
  /**
   * fleet.yaml: how the agent deploys the files (bundlereader.DetermineStyle). Only `raw` files are
   * final here; a chart or a kustomization is rendered on the cluster, which we do not run.
   */
  style?: 'helm' | 'kustomize' | 'raw';
  /** fleet.yaml: the BundleDeploymentOptions the cluster's BundleDeployment gets. */
  options?: Record<string, unknown>;
}

export interface TargetMatrix {
  rows: ClusterRow[];
  diagnostics: Diagnostic[];
}

export function groupsOf(cluster: Cluster, groups: readonly ClusterGroup[]): ClusterGroup[] {
  return groups.filter((g) => g.selector !== undefined && selectorMatches(g.selector, cluster.labels));
}

/** Whether a target matches a cluster: every criterion that is set holds, and at least one is set. */
export function targetMatches(t: Target, cluster: Cluster, groups: readonly ClusterGroup[]): boolean {
  const checks: boolean[] = [];
  if (t.clusterName !== undefined) checks.push(t.clusterName === cluster.name);
  if (t.clusterSelector !== undefined) checks.push(selectorMatches(t.clusterSelector, cluster.labels));
  if (t.clusterGroup !== undefined) checks.push(groups.some((g) => g.name === t.clusterGroup));
  if (t.clusterGroupSelector !== undefined) {
    const sel = t.clusterGroupSelector;
    checks.push(groups.some((g) => selectorMatches(sel, g.labels)));
  }
  return checks.length > 0 && checks.every(Boolean);
}

/** The bundle's files after a target's overlays, with the options they set. */
export function applyTarget(
  bundle: FleetBundle,
  target: Target | undefined,
): Omit<ClusterRow, 'cluster' | 'labels' | 'groups'> {
  const files = new Map(bundle.resources.map((r) => [r.name, r]));
  const errors: string[] = [];
  const patchFailed: string[] = [];
  const spec = bundle.spec;
  let defaultNamespace = typeof spec.defaultNamespace === 'string' ? spec.defaultNamespace : 'default';
  let values = (typeof spec.values === 'object' && spec.values !== null ? spec.values : {}) as Record<
    string,
    unknown
  >;
  const { order } = overlayOrder(target?.overlays ?? [], bundle.overlays);
  for (const name of order) {
    const o = bundle.overlays.find((x) => x.name === name);
    if (!o) continue;
    if (o.defaultNamespace) defaultNamespace = o.defaultNamespace;
    if (o.values) values = mergePatch(values, o.values) as Record<string, unknown>;
    for (const r of o.resources) {
      const patched = patchTarget(r.name);
      const key = matchingFile(patched ?? r.name, [...files.keys()]);
      if (patched) {
        const base = key ? files.get(key) : undefined;
        if (!base || !key) {
          errors.push(`overlay ${o.name}: ${r.name} has no ${patched} to patch`);
          continue;
        }
        try {
          files.set(key, {
            ...base,
            content: applyPatch(base.content, r.content),
            file: r.file ?? base.file,
          });
        } catch (e) {
          const message = `overlay ${o.name}: ${r.name}: ${(e as Error).message}`;
          errors.push(message);
          patchFailed.push(message);
        }
      } else {
        files.set(key ?? r.name, { ...r, name: key ?? r.name });
      }
    }
  }
  if (target?.defaultNamespace) defaultNamespace = target.defaultNamespace;
  if (target?.values) values = mergePatch(values, target.values) as Record<string, unknown>;
  const resources = [...files.values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    target: target?.name,
    overlays: order,
    defaultNamespace,
    values,
    resources,
    errors,
    ...(patchFailed.length > 0 ? { patchFailed } : {}),
  };
}

export function targetMatrix(
  bundle: FleetBundle,
  set: Pick<ClusterSet, 'clusters' | 'groups'>,
): TargetMatrix {
  const rows = set.clusters.map((cluster) => {
    const groups = groupsOf(cluster, set.groups);
    if (bundle.layout === 'fleet') return fleetRow(bundle, cluster, groups);
    const target = bundle.targets.find((t) => targetMatches(t, cluster, groups));
    return {
      cluster: cluster.name,
      labels: cluster.labels,
      groups: groups.map((g) => g.name),
      ...applyTarget(bundle, target),
    };
  });
  const diagnostics: Diagnostic[] = [];
  for (const t of bundle.targets) {
    if (t.customization || rows.some((r) => r.target === t.name || r.customizations?.includes(t.name)))
      continue;
    diagnostics.push(
      fleetFinding(
        'fleet-target-no-cluster',
        'info',
        `target ${t.name} is chosen for none of the ${set.clusters.length} clusters given`,
        bundle.descriptor?.locate(t.path),
      ),
    );
  }
  // The agent stops deploying where a patch fails: Fleet's error, once per failure with its clusters.
  const failures = new Map<string, string[]>();
  for (const r of rows)
    for (const m of r.patchFailed ?? []) failures.set(m, [...(failures.get(m) ?? []), r.cluster]);
  for (const [message, clusters] of failures)
    diagnostics.push(
      fleetFinding('fleet-patch-failed', 'error', `${message} (on ${clusters.join(', ')})`, undefined),
    );
  if (bundle.layout === 'fleet') diagnostics.push(...valuesTemplateFindings(bundle, rows));
  return { rows, diagnostics };
}

export type FileDiff = {
  name: string;
  status: 'same' | 'changed' | 'only-a' | 'only-b';
  /** The unified line diff of a file that differs (absent for binary files). */
  patch?: string;
};

/** File by file, how two clusters' resources differ, with the line diff of each that does. */
export interface ClusterFiles {
  cluster: string;
  resources: readonly { name: string; content: string; encoding?: string }[];
}

export function diffClusters(a: ClusterFiles, b: ClusterFiles): FileDiff[] {
  const names = [...new Set([...a.resources, ...b.resources].map((r) => r.name))].sort();
  return names.map((name) => {
    const x = a.resources.find((r) => r.name === name);
    const y = b.resources.find((r) => r.name === name);
    const status = !x ? 'only-b' : !y ? 'only-a' : x.content === y.content ? 'same' : 'changed';
    if (status === 'same' || x?.encoding || y?.encoding) return { name, status };
    const patch = createTwoFilesPatch(
      `${a.cluster}/${name}`,
      `${b.cluster}/${name}`,
      x?.content ?? '',
      y?.content ?? '',
      undefined,
      undefined,
      { context: 3 },
    );
    return { name, status, patch };
  });
}

/**
 * A matrix as reports show it (CLI JSON/YAML, the app's view): a row per cluster with the content
 * of every resource it gets.
 */
export function matrixSummary(m: TargetMatrix) {
  return m.rows.map((r) => ({
    cluster: r.cluster,
    groups: r.groups,
    target: r.target ?? null,
    ...(r.customizations?.length ? { customizations: r.customizations } : {}),
    ...(r.skipped ? { skipped: r.skipped } : {}),
    ...(r.style ? { style: r.style } : {}),
    overlays: r.overlays,
    defaultNamespace: r.defaultNamespace,
    resources: r.resources.map((x) => ({
      name: x.name,
      ...(x.encoding ? { encoding: x.encoding } : {}),
      content: x.content,
    })),
    ...(r.errors.length ? { errors: r.errors } : {}),
    // fleet.yaml: the options of the cluster's BundleDeployment (helm values, namespace labels, …).
    ...(r.options ? { options: r.options } : {}),
  }));
}
