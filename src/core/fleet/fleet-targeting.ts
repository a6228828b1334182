/**
 * Which target a cluster gets in a fleet.yaml Bundle, and what it then deploys, as the Fleet
 * controller decides (rancher/fleet internal/cmd/controller/target: builder.go Targets, matcher/
 * bundlematch.go, clustermatcher.go): targets tried in order, each against the cluster with each of
 * its groups in turn (all of a target's criteria must hold for one group; a target without criteria
 * matches nothing); with targetRestrictions (overrideTargets) one of them must also hold with that
 * same group, and only the non-customizing targets choose, the first matching customization (or all, in
 * AllMatches mode) laying its options over; doNotDeploy skips the cluster. Options merge as Fleet
 * merges them, the cluster's labels go into its helm values (cluster-values.ts), and the cluster's
 * files are the Bundle's after its yaml.overlays.
 */
import { isRecord } from '../kube/yaml-docs';
import type { Diagnostic } from '../diagnostics';
import { preprocessHelmValues, templatePath } from './cluster-values';
import { fleetFinding } from './finding';
import { MissingPatchBaseError, processOverlays } from './fleet-patch';
import { mergeOptions } from './options';
import { selectorMatches } from './selector';
import type { BundleResource, Cluster, ClusterGroup, FleetBundle, Target } from './types';
import type { ClusterRow } from './targeting';

const DISPLAY_NAME_LABEL = 'management.cattle.io/cluster-display-name';

type Json = Record<string, unknown>;

function hasCriteria(t: Target): boolean {
  return [t.clusterName, t.clusterGroup, t.clusterGroupSelector, t.clusterSelector].some(
    (c) => c !== undefined,
  );
}

/** ClusterMatcher.Match for one group (or none: name '' and no labels). */
function criteriaMatch(t: Target, cluster: Cluster, group: ClusterGroup | undefined): boolean {
  if (!hasCriteria(t)) return false;
  if (
    t.clusterName !== undefined &&
    t.clusterName !== cluster.name &&
    cluster.labels[DISPLAY_NAME_LABEL] !== t.clusterName
  )
    return false;
  if (t.clusterGroup !== undefined && t.clusterGroup !== (group?.name ?? '')) return false;
  if (t.clusterGroupSelector !== undefined && !selectorMatches(t.clusterGroupSelector, group?.labels ?? {}))
    return false;
  if (t.clusterSelector !== undefined && !selectorMatches(t.clusterSelector, cluster.labels)) return false;
  return true;
}

/** Whether the test holds for the cluster alone (no groups) or with one of its groups. */
function someGroup(groups: readonly ClusterGroup[], test: (g: ClusterGroup | undefined) => boolean): boolean {
  return groups.length === 0 ? test(undefined) : groups.some(test);
}

function matchesCluster(t: Target, cluster: Cluster, groups: readonly ClusterGroup[]): boolean {
  return someGroup(groups, (g) => criteriaMatch(t, cluster, g));
}

export interface FleetChoice {
  target?: Target;
  /** Customizations laid over the target's options, in order. */
  customizations: Target[];
  /** Why the cluster gets nothing although a target matched. */
  skipped?: string;
}

/** The target (and customizations) Fleet picks for a cluster, or none. */
export function chooseFleetTarget(
  bundle: FleetBundle,
  cluster: Cluster,
  groups: readonly ClusterGroup[],
): FleetChoice {
  const restrictions = bundle.targetRestrictions ?? [];
  // criteriaWithRestrictions: a restriction and the target must hold with the same group.
  const allowed = (g: ClusterGroup | undefined) =>
    restrictions.length === 0 || restrictions.some((r) => criteriaMatch(r, cluster, g));
  const target = bundle.targets.find(
    (t) => !t.customization && someGroup(groups, (g) => allowed(g) && criteriaMatch(t, cluster, g)),
  );
  if (!target) return { customizations: [] };
  if (target.doNotDeploy) return { target, customizations: [], skipped: 'doNotDeploy on the target' };
  const custom = bundle.targets.filter((t) => t.customization && matchesCluster(t, cluster, groups));
  const all = isRecord(bundle.spec) && bundle.spec.targetCustomizationMode === 'AllMatches';
  const chosen = all ? custom : custom.slice(0, 1);
  const off = chosen.find((t) => t.doNotDeploy);
  if (off)
    return { target, customizations: chosen, skipped: `doNotDeploy on targetCustomization ${off.name}` };
  return { target, customizations: chosen };
}

/** The bundle's own BundleDeploymentOptions (the spec without what is not an option). */
function bundleOptions(bundle: FleetBundle): Json {
  const spec = (isRecord(bundle.bundle?.spec) ? bundle.bundle.spec : {}) as Json;
  const {
    resources: _r,
    targets: _t,
    targetRestrictions: _x,
    dependsOn: _d,
    paused: _p,
    rolloutStrategy: _s,
    targetCustomizationMode: _m,
    ...options
  } = spec;
  return options;
}

/**
 * bundlereader.DetermineStyle: a Helm chart when Chart.yaml is at helm.chart (the root by default),
 * kustomize when kustomization.yaml is at kustomize.dir (the root by default), else raw YAML. Only raw
 * YAML gets yaml.overlays; charts and kustomize are rendered on the agent, which we do not run.
 */
export function bundleStyle(
  resources: readonly BundleResource[],
  options: Json,
): 'helm' | 'kustomize' | 'raw' {
  const join = (dir: unknown, file: string) =>
    typeof dir === 'string' && dir.replace(/^\.?\/?|\/$/g, '')
      ? `${dir.replace(/^\.?\/?|\/$/g, '')}/${file}`
      : file;
  const helm = isRecord(options.helm) ? options.helm : undefined;
  const chart = helm ? join(helm.chart || helm.repo, 'Chart.yaml') : 'Chart.yaml';
  const kustomize = join(
    isRecord(options.kustomize) ? options.kustomize.dir : undefined,
    'kustomization.yaml',
  );
  if (resources.some((r) => r.name === chart)) return 'helm';
  return resources.some((r) => r.name === kustomize) ? 'kustomize' : 'raw';
}

/** One row of the matrix for a fleet.yaml Bundle. */
export function fleetRow(bundle: FleetBundle, cluster: Cluster, groups: readonly ClusterGroup[]): ClusterRow {
  const choice = chooseFleetTarget(bundle, cluster, groups);
  const base = {
    cluster: cluster.name,
    labels: cluster.labels,
    groups: groups.map((g) => g.name),
  };
  if (!choice.target || choice.skipped)
    return {
      ...base,
      ...(choice.target && choice.skipped ? { target: choice.target.name, skipped: choice.skipped } : {}),
      overlays: [],
      defaultNamespace: '',
      values: {},
      resources: [],
      errors: [],
    };
  // FirstMatch: a customization's options replace the target's; AllMatches: each is merged over.
  let targetOptions: Json = choice.target.options ?? {};
  const mode = isRecord(bundle.spec) ? bundle.spec.targetCustomizationMode : undefined;
  for (const c of choice.customizations)
    targetOptions = mode === 'AllMatches' ? mergeOptions(targetOptions, c.options ?? {}) : (c.options ?? {});
  const errors: string[] = [];
  let options = mergeOptions(bundleOptions(bundle), targetOptions);
  let unported: string | undefined;
  let valuesError: string | undefined;
  try {
    ({ options, unported } = preprocessHelmValues(options, cluster));
  } catch (e) {
    valuesError = (e as Error).message;
    errors.push(valuesError);
  }
  // Target.BundleDeployment: every target's namespaceLabels and namespaceAnnotations, matched or not.
  for (const key of ['namespaceLabels', 'namespaceAnnotations'] as const) {
    const all = bundle.targets.map((t) => t.options?.[key]).filter(isRecord);
    if (all.length > 0) options[key] = Object.assign({}, isRecord(options[key]) ? options[key] : {}, ...all);
  }
  const yaml = isRecord(options.yaml) ? options.yaml : {};
  const overlays = Array.isArray(yaml.overlays) ? (yaml.overlays as string[]) : [];
  const helm = isRecord(options.helm) ? options.helm : {};
  const style = bundleStyle(bundle.resources, options);
  let resources: BundleResource[] = bundle.resources;
  let patchFailed: string | undefined;
  if (style === 'raw') {
    try {
      resources = processOverlays(bundle.resources, overlays);
    } catch (e) {
      const message = (e as Error).message;
      errors.push(message);
      if (!(e instanceof MissingPatchBaseError)) patchFailed = message;
      resources = [];
    }
  }
  return {
    ...base,
    target: choice.target.name,
    ...(choice.customizations.length ? { customizations: choice.customizations.map((c) => c.name) } : {}),
    style,
    overlays: style === 'raw' ? overlays : [],
    defaultNamespace: typeof options.defaultNamespace === 'string' ? options.defaultNamespace : '',
    values: isRecord(helm.values) ? helm.values : {},
    resources,
    errors,
    options,
    ...(unported !== undefined ? { unrendered: unported } : {}),
    ...(valuesError !== undefined ? { valuesError } : {}),
    ...(patchFailed !== undefined ? { patchFailed: [patchFailed] } : {}),
  };
}

/** Where the first `${ }` template is, in fleet.yaml's helm or a target's. */
function firstTemplate(bundle: FleetBundle): (string | number)[] | undefined {
  const places: [unknown, (string | number)[]][] = [
    [bundle.spec.helm, ['helm']],
    ...bundle.targets.map((t): [unknown, (string | number)[]] => [t.options?.helm, [...t.path, 'helm']]),
  ];
  for (const [helm, path] of places) {
    if (!isRecord(helm)) continue;
    const at =
      templatePath(helm.values, [...path, 'values']) ??
      templatePath(helm.templateValues, [...path, 'templateValues']);
    if (at) return at;
  }
  return undefined;
}

/**
 * The helm values findings of a fleet.yaml bundle's matrix, located at the first template:
 * fleet-values-render-error for values the controller cannot prepare for a cluster (its Targets()
 * then fails, and no BundleDeployment of the bundle is written), and fleet-values-template for
 * clusters whose templates call a sprig function we do not run (their values shown as written).
 */
export function valuesTemplateFindings(bundle: FleetBundle, rows: readonly ClusterRow[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = () => {
    const p = firstTemplate(bundle);
    return p ? bundle.descriptor?.locate(p) : undefined;
  };
  const failing = rows.filter((r) => r.valuesError !== undefined);
  for (const message of new Set(failing.map((r) => r.valuesError as string))) {
    const clusters = failing.filter((r) => r.valuesError === message).map((r) => r.cluster);
    out.push(
      fleetFinding(
        'fleet-values-render-error',
        'error',
        `helm values of ${clusters.join(', ')}: ${message}`,
        at(),
      ),
    );
  }
  const templated = rows.filter((r) => r.unrendered !== undefined);
  if (templated.length > 0) {
    const fns = [...new Set(templated.map((r) => r.unrendered))].join(', ');
    out.push(
      fleetFinding(
        'fleet-values-template',
        'info',
        `helm values templates call sprig's ${fns}, which FBC Studio does not run; the values of ${templated.map((r) => r.cluster).join(', ')} are shown as written, the Fleet controller renders them`,
        at(),
      ),
    );
  }
  return out;
}
