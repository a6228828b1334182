/**
 * A folder read as `fleet apply` reads it today (rancher/fleet internal/bundlereader read.go,
 * resources.go): fleet.yaml (else fleet.yml, else `{}`) decoded into FleetYAML and validated
 * (dependsOn), targets and targetCustomizations joined and named `target000`…, helm chart properties
 * passed down to targets, values files merged into helm.values, every file of the folder a resource,
 * overrideTargets as targets and targetRestrictions, and the default target when there is none. The
 * Bundle it builds is what `fleet apply -o -` prints. Charts by URL are not fetched (no network).
 */
import type { Diagnostic } from '../diagnostics';
import { compareGoStrings } from '../go/strings';
import { isRecord, parseYamlFile, type YamlDoc } from '../kube/yaml-docs';
import type { CatalogSource } from '../source/types';
import { baseName } from '../source/paths';
import { checkFleetYamlBundle } from './check-fleet-yaml';
import { atFile, fleetFinding } from './finding';
import { helmReleaseName, type Md5Hex } from './names';
import { encodeResource } from './encode-resource';
import { deepMergeMaps } from './options';
import { readBundleFiles } from './read-files';
import {
  BUNDLE_SPEC,
  BUNDLE_TARGET,
  decodeStruct,
  FLEET_YAML,
  type DecodeContext,
  type Struct,
} from './schema';
import { readSelector } from './selector';
import type { BundleResource, FleetBundle, LabelSelector, Overlay, Target } from './types';

export const FLEET_YAML_FILES = ['fleet.yaml', 'fleet.yml'];

/** BundleState values, in StateRank order (validBundleStatesList). */
const BUNDLE_STATES = ['Ready', 'NotReady', 'Pending', 'OutOfSync', 'Modified', 'WaitApplied', 'ErrApplied'];

type Json = Record<string, unknown>;

const asRecord = (v: unknown): Json | undefined => (isRecord(v) ? v : undefined);

function selectorOf(v: unknown): LabelSelector | undefined {
  return isRecord(v) ? readSelector(v).selector : undefined;
}

function validateDependsOn(doc: YamlDoc | undefined, fy: Json, out: Diagnostic[]): void {
  const deps = Array.isArray(fy.dependsOn) ? (fy.dependsOn as unknown[]) : [];
  deps.forEach((dep, i) => {
    const d = asRecord(dep) ?? {};
    if (!d.name && d.selector === undefined) {
      out.push(
        fleetFinding(
          'fleet-depends-on',
          'error',
          `dependsOn[${i}]: must specify either 'name' or 'selector'`,
          doc?.locate(['dependsOn', i]),
        ),
      );
      return;
    }
    const states = Array.isArray(d.acceptedStates) ? (d.acceptedStates as unknown[]) : [];
    const j = states.findIndex((s) => !BUNDLE_STATES.includes(String(s)));
    if (j >= 0)
      out.push(
        fleetFinding(
          'fleet-depends-on',
          'error',
          `dependsOn[${i}].acceptedStates[${j}]: invalid state ${JSON.stringify(String(states[j]))}, valid values are: [${BUNDLE_STATES.join(' ')}]`,
          doc?.locate(['dependsOn', i, 'acceptedStates', j]),
        ),
      );
  });
}

/** A Bundle target as the matcher reads it, with where it was written. */
function toTarget(
  t: Json,
  index: number,
  path: (string | number)[] | undefined,
  customization: boolean,
): Target {
  const { name, clusterName, clusterGroup, clusterSelector, clusterGroupSelector, doNotDeploy, ...rest } = t;
  return {
    name: typeof name === 'string' ? name : '',
    index,
    overlays: [],
    clusterName: typeof clusterName === 'string' && clusterName ? clusterName : undefined,
    clusterGroup: typeof clusterGroup === 'string' && clusterGroup ? clusterGroup : undefined,
    clusterSelector: selectorOf(clusterSelector),
    clusterGroupSelector: selectorOf(clusterGroupSelector),
    path: path ?? [],
    options: rest,
    doNotDeploy: doNotDeploy === true,
    customization,
  };
}

/** Reads helm.valuesFiles into helm.values (generateValues); a file that fails is Fleet's error. */
async function mergeValuesFiles(
  source: CatalogSource,
  helm: Json | undefined,
  paths: ReadonlySet<string>,
  root: string,
  out: Diagnostic[],
  where: Diagnostic['location'],
): Promise<void> {
  const files = Array.isArray(helm?.valuesFiles) ? (helm.valuesFiles as string[]) : [];
  if (!helm || files.length === 0) return;
  let values = asRecord(helm.values) ?? {};
  for (const file of files) {
    const path = file.replace(/^\.\//, '');
    const fail = (why: string) =>
      out.push(
        fleetFinding('fleet-values-file', 'error', `reading values file: ${root}/${file}: ${why}`, where),
      );
    if (!paths.has(path)) {
      fail(`open ${root}/${file}: no such file or directory`);
      continue;
    }
    const parsed = parseYamlFile(path, new TextDecoder().decode(await source.read(path)));
    if (parsed.errors.length > 0) {
      fail(parsed.errors[0]?.message ?? 'does not parse');
      continue;
    }
    values = deepMergeMaps(values, asRecord(parsed.docs[0]?.value) ?? {});
  }
  if (Object.keys(values).length > 0) helm.values = values;
}

/** A targets file (BundleSpec YAML), as a GitRepo's targets reach `fleet apply --targets-file`. */
export interface TargetsFile {
  targets: Json[];
  targetRestrictions: Json[];
}

/** Reads a targets file; its problems are reported against it. */
export function readTargetsFile(
  file: string,
  text: string,
): { targets: TargetsFile; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const parsed = parseYamlFile(file, text);
  for (const e of parsed.errors)
    diagnostics.push(fleetFinding('fleet-yaml-syntax', 'error', e.message, e.location));
  const doc = parsed.docs[0];
  const spec =
    doc && isRecord(doc.value)
      ? decodeStruct({ doc, out: diagnostics, root: 'BundleSpec' }, doc.value, BUNDLE_SPEC, [], [], new Set())
      : {};
  return {
    targets: {
      targets: (spec.targets as Json[] | undefined) ?? [],
      targetRestrictions: (spec.targetRestrictions as Json[] | undefined) ?? [],
    },
    diagnostics,
  };
}

export interface FleetYamlOptions {
  /** `fleet apply --targets-file`: targets and restrictions added when fleet.yaml has no overrideTargets. */
  targetsFile?: TargetsFile;
  /** MD5 in hex, for the Bundle name Fleet derives from a path (names.HelmReleaseName). */
  md5?: Md5Hex;
  /** What the Bundle's name is derived from (`fleet apply NAME DIR`: NAME/DIR); the folder's name by default. */
  name?: string;
}

export async function openFleetYamlBundle(
  source: CatalogSource,
  options: FleetYamlOptions = {},
): Promise<FleetBundle> {
  const paths = (await source.list()).map((f) => f.path).sort();
  const diagnostics: Diagnostic[] = [];
  const descriptorFile = FLEET_YAML_FILES.find((f) => paths.includes(f));
  let descriptor: YamlDoc | undefined;
  let raw: Json = {};
  if (descriptorFile) {
    const parsed = parseYamlFile(descriptorFile, new TextDecoder().decode(await source.read(descriptorFile)));
    for (const e of parsed.errors)
      diagnostics.push(fleetFinding('fleet-yaml-syntax', 'error', e.message, e.location));
    descriptor = parsed.docs[0];
    if (descriptor && isRecord(descriptor.value)) raw = descriptor.value;
    else if (descriptor && descriptor.value !== null && descriptor.value !== undefined)
      diagnostics.push(
        fleetFinding(
          'fleet-field-type',
          'error',
          'json: cannot unmarshal non-object into Go value of type v1alpha1.FleetYAML',
          descriptor.locate([]),
        ),
      );
  }
  const ctx: DecodeContext | undefined = descriptor
    ? { doc: descriptor, out: diagnostics, root: 'FleetYAML' }
    : undefined;
  const fy: Json = ctx ? decodeStruct(ctx, raw, FLEET_YAML.fields, []) : {};
  validateDependsOn(descriptor, fy, diagnostics);

  // Targets, then targetCustomizations, named by their place in the joined list (setTargetNames).
  const written: [Json, (string | number)[]][] = [
    ...((fy.targets as Json[] | undefined) ?? []).map((t, i): [Json, (string | number)[]] => [
      t,
      ['targets', i],
    ]),
    ...((fy.targetCustomizations as Json[] | undefined) ?? []).map((t, i): [Json, (string | number)[]] => [
      t,
      ['targetCustomizations', i],
    ]),
  ];
  const specTargets = written.map(([t], i) =>
    inOrder(BUNDLE_TARGET, { ...t, name: t.name || `target${String(i).padStart(3, '0')}` }),
  );
  // propagateHelmChartProperties: a target's helm takes the chart, repo and version it leaves out.
  const helm = asRecord(fy.helm);
  if (helm)
    for (const t of specTargets) {
      const th = asRecord(t.helm);
      if (!th) continue;
      for (const k of ['repo', 'chart', 'version']) if (!th[k] && helm[k]) th[k] = helm[k];
    }
  const root = source.name || '.';
  const pathSet = new Set(paths);
  await mergeValuesFiles(
    source,
    helm,
    pathSet,
    root,
    diagnostics,
    descriptor?.locate(['helm', 'valuesFiles']),
  );
  for (const [i, t] of specTargets.entries())
    await mergeValuesFiles(
      source,
      asRecord(t.helm),
      pathSet,
      root,
      diagnostics,
      descriptor?.locate([...(written[i]?.[1] ?? []), 'helm']),
    );

  // Every file is a resource but fleet.yaml and the values files (ignoreApplyConfigs).
  const skip = new Set<string>(['fleet.yaml']);
  for (const h of [helm, ...specTargets.map((t) => asRecord(t.helm))])
    for (const v of Array.isArray(h?.valuesFiles) ? (h.valuesFiles as string[]) : []) {
      skip.add(v);
      skip.add(baseName(v));
    }
  const { files } = await readBundleFiles(source, skip);
  const resources: BundleResource[] = files
    .map((f) => ({ ...encodeResource(f.name, f.bytes), file: f.name }))
    .sort((a, b) => compareGoStrings(a.name, b.name));

  const targets = specTargets.map((t, i) => toTarget(t, i, written[i]?.[1], false));
  const spec: Json = { ...fy };
  for (const k of ['name', 'labels', 'targetCustomizations', 'imageScans', 'overrideTargets']) delete spec[k];
  const restrictions: Json[] = [];
  const overrides = (fy.overrideTargets as Json[] | undefined) ?? [];
  if (overrides.length > 0) {
    overrides.forEach((o, i) => {
      restrictions.push({ ...o });
      specTargets.push(inOrder(BUNDLE_TARGET, { ...o }));
      targets.push(toTarget({ ...o }, targets.length, ['overrideTargets', i], false));
    });
  } else if (options.targetsFile) {
    // appendTargets: a GitRepo's targets, as fleet apply --targets-file reads them.
    for (const t of options.targetsFile.targets) {
      specTargets.push(inOrder(BUNDLE_TARGET, t));
      targets.push(toTarget(t, targets.length, undefined, false));
    }
    restrictions.push(...options.targetsFile.targetRestrictions);
  }
  // With restrictions, the targets before the last len(restrictions) only customize (initMatcher).
  const customizing = restrictions.length > 0 ? specTargets.length - restrictions.length : 0;
  targets.forEach((t, i) => (t.customization = i < customizing));
  if (specTargets.length === 0) {
    specTargets.push({ name: 'default', clusterGroup: 'default' });
    targets.push(toTarget({ name: 'default', clusterGroup: 'default' }, 0, undefined, false));
  }
  spec.resources = resources.map(({ name, content, encoding }) => ({
    ...(name ? { name } : {}),
    ...(content ? { content } : {}),
    ...(encoding ? { encoding } : {}),
  }));
  spec.targets = specTargets;
  if (restrictions.length > 0) spec.targetRestrictions = restrictions;
  const ordered = orderSpec(spec);
  const restrictionTargets = restrictions.map((r, i) => toTarget(r, i, undefined, false));

  // fleet apply NAME DIR names the bundle after NAME/DIR; by default, after the folder.
  const folder = options.name ?? (baseName(source.name ?? '') || 'bundle');
  const name = typeof fy.name === 'string' && fy.name ? fy.name : helmReleaseName(folder, options.md5);
  const metadata: Json = { name, namespace: 'fleet-local' };
  const labels = asRecord(fy.labels);
  if (labels && Object.keys(labels).length > 0) metadata.labels = labels;
  const annotations = asRecord(raw.annotations);
  if (annotations && Object.keys(annotations).length > 0) metadata.annotations = annotations;
  metadata.creationTimestamp = null;

  const bundle: FleetBundle = {
    layout: 'fleet',
    name,
    descriptorFile,
    descriptor,
    spec: fy,
    resources,
    overlays: overlayFolders(resources),
    targets,
    ...(restrictionTargets.length ? { targetRestrictions: restrictionTargets } : {}),
    diagnostics,
    bundle: {
      kind: 'Bundle',
      apiVersion: 'fleet.cattle.io/v1alpha1',
      metadata,
      spec: ordered,
      status: ZERO_STATUS,
    },
  };
  if (resources.length === 0)
    diagnostics.push(
      fleetFinding(
        'fleet-no-resources',
        'warning',
        'no resources found to deploy',
        atFile(descriptorFile ?? '.'),
      ),
    );
  diagnostics.push(...checkFleetYamlBundle(bundle, paths));
  return bundle;
}

/** BundleSpec keys in Go's field order (decodeStruct kept them so; resources and targets were added). */
function orderSpec(spec: Json): Json {
  const order = FLEET_YAML.fields.map((f) => f.json);
  const out: Json = {};
  for (const k of order) if (spec[k] !== undefined) out[k] = spec[k];
  for (const k of Object.keys(spec)) if (!(k in out)) out[k] = spec[k];
  return out;
}

/** An object's keys in a struct's field order, as encoding/json writes it. */
function inOrder(struct: Struct, value: Json): Json {
  return Object.fromEntries(
    struct.fields.filter((f) => value[f.json] !== undefined).map((f) => [f.json, value[f.json]]),
  );
}

/** The overlays/<name>/ folders among the resources: what yaml.overlays may choose. */
function overlayFolders(resources: readonly BundleResource[]): Overlay[] {
  const out = new Map<string, Overlay>();
  for (const r of resources) {
    const m = /^overlays\/([^/]+)\/(.+)$/.exec(r.name);
    if (!m) continue;
    const name = m[1] as string;
    const o = out.get(name) ?? { name, overlays: [], resources: [] };
    o.resources.push({ ...r, name: m[2] as string });
    out.set(name, o);
  }
  return [...out.values()];
}

/** BundleStatus as encoding/json writes its zero value (the fields without omitempty). */
const ZERO_STATUS = {
  summary: { ready: 0, desiredReady: 0 },
  unavailable: 0,
  unavailablePartitions: 0,
  maxUnavailable: 0,
  maxUnavailablePartitions: 0,
  display: {},
  observedGeneration: 0,
};
