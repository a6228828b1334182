/**
 * The agent's overlay step for fleet.yaml bundles (rancher/fleet internal/helmdeployer/render/patch):
 * for each overlay in yaml.overlays, in order, every file under overlays/<name>/ is copied to the
 * same path at the bundle root, or, named `x_patch.y`, patches `x.y` there. Both sides are read as
 * YAML and turned into JSON; the patch is a JSON Patch when it is a list, a strategic merge patch when
 * the base is a Kubernetes built-in kind (wrangler patch.GetPatchStyle), a JSON merge patch otherwise.
 * A patched file is the JSON encoding/json writes. Then every overlays/ file is dropped.
 *
 * Strategic merge is approximated by the patch merge keys of the built-in fields bundles patch (lists
 * of containers, env, volumes, ports … merge item by item; other lists are replaced); `$patch`
 * directives are not interpreted.
 */
import { parse } from 'yaml';
import { goJsonMarshal } from '../gojson';
import { isRecord } from '../kube/yaml-docs';
import { dirName, baseName } from '../source/paths';
import { applyJsonPatch } from './json-patch';
import { jsonMergePatch } from './patch';
import type { BundleResource } from './types';

const OVERLAY_PREFIX = 'overlays/';

/** A `_patch.` file with no base file: check-fleet-yaml.ts says it once for the bundle (fleet-patch-no-base). */
export class MissingPatchBaseError extends Error {}

/** API groups of client-go's scheme: their kinds take strategic merge patches (CRDs excepted). */
const BUILTIN_GROUPS = new Set([
  '',
  'apps',
  'batch',
  'autoscaling',
  'policy',
  'networking.k8s.io',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'scheduling.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'admissionregistration.k8s.io',
  'certificates.k8s.io',
  'node.k8s.io',
  'events.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'resource.k8s.io',
  'extensions',
]);

/** patchMergeKey of the list fields of built-in kinds that bundles patch. */
const MERGE_KEYS: Record<string, string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  ephemeralContainers: ['name'],
  env: ['name'],
  volumes: ['name'],
  imagePullSecrets: ['name'],
  volumeMounts: ['mountPath'],
  volumeDevices: ['devicePath'],
  hostAliases: ['ip'],
  // Container ports merge on containerPort, Service ports on port.
  ports: ['containerPort', 'port'],
  conditions: ['type'],
  subsets: [],
};

function isStrategic(base: unknown): boolean {
  if (!isRecord(base) || typeof base.apiVersion !== 'string' || typeof base.kind !== 'string') return false;
  if (base.kind === 'CustomResourceDefinition') return false;
  const i = base.apiVersion.lastIndexOf('/');
  return BUILTIN_GROUPS.has(i < 0 ? '' : base.apiVersion.slice(0, i));
}

function strategicMerge(target: unknown, patch: unknown, field = ''): unknown {
  if (Array.isArray(patch) && Array.isArray(target)) {
    const key = (MERGE_KEYS[field] ?? []).find((k) => patch.every((p) => isRecord(p) && p[k] !== undefined));
    if (!key) return patch;
    const out = target.map((x) => (isRecord(x) ? { ...x } : x));
    for (const p of patch as Record<string, unknown>[]) {
      const i = out.findIndex((x) => isRecord(x) && x[key] === p[key]);
      if (i < 0) out.push(p);
      else out[i] = strategicMerge(out[i], p);
    }
    return out;
  }
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = strategicMerge(out[k], v, k);
  }
  return out;
}

/** convertToJSON: the YAML as a mapping, else as a list. */
function toJson(text: string): unknown {
  const v = parse(text) as unknown;
  if (v === null || v === undefined) return {};
  if (isRecord(v) || Array.isArray(v)) return v;
  throw new Error(`cannot unmarshal ${typeof v} into a mapping or a list`);
}

/** wrangler patch.Apply, over decoded JSON. */
export function applyFleetPatch(baseText: string, patchText: string, target: string, name: string): string {
  let base: unknown;
  let patch: unknown;
  try {
    base = toJson(baseText);
  } catch (e) {
    throw new Error(`failed to convert ${target} to json: ${(e as Error).message}`, { cause: e });
  }
  try {
    patch = toJson(patchText);
  } catch (e) {
    throw new Error(`failed to convert ${name} to json: ${(e as Error).message}`, { cause: e });
  }
  try {
    const out = Array.isArray(patch)
      ? applyJsonPatch(base, patch)
      : isStrategic(base)
        ? strategicMerge(base, patch)
        : jsonMergePatch(base, patch);
    return goJsonMarshal(out);
  } catch (e) {
    throw new Error(`failed to patch ${target}: ${(e as Error).message}`, { cause: e });
  }
}

/** isPatchFile: `dir/x_patch.y` patches `dir/x.y`. */
export function patchTargetOf(name: string): string | undefined {
  const base = baseName(name);
  if (!base.includes('_patch.')) return undefined;
  const dir = dirName(name);
  const target = base.replace('_patch.', '.');
  return dir ? `${dir}/${target}` : target;
}

/**
 * patch.Process: the resources a cluster gets from the Bundle's, given its overlays. Throws with
 * Fleet's text when a patch has no base or does not apply.
 */
export function processOverlays(
  resources: readonly BundleResource[],
  overlays: readonly string[],
): BundleResource[] {
  const named = resources.map((r, i) =>
    r.name ? r : { ...r, name: `manifests/file${String(i).padStart(3, '0')}.yaml` },
  );
  const content = new Map(named.map((r) => [r.name, r]));
  for (const overlay of overlays) {
    const prefix = `${OVERLAY_PREFIX}${overlay}/`;
    // Go walks a map here, in no set order; we copy first, then patch, each in name order.
    const files = [...content.values()].filter((r) => r.name.startsWith(prefix));
    const rel = (r: BundleResource) => r.name.slice(prefix.length);
    for (const r of files.filter((x) => !patchTargetOf(rel(x)))) content.set(rel(r), { ...r, name: rel(r) });
    for (const r of files.filter((x) => patchTargetOf(rel(x)))) {
      const target = patchTargetOf(rel(r)) as string;
      const base = content.get(target);
      if (!base) throw new MissingPatchBaseError(`failed to find base file ${target} to patch`);
      const patched = applyFleetPatch(base.content, r.content, target, rel(r));
      content.set(target, { name: target, content: patched, ...(r.file ? { file: r.file } : {}) });
    }
  }
  return [...content.values()]
    .filter((r) => !r.name.startsWith(OVERLAY_PREFIX))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
