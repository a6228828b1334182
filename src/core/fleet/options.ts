/**
 * The options a cluster gets (rancher/fleet internal/cmd/controller/options Merge): the bundle's
 * BundleDeploymentOptions with the matched target's laid over them, field by field as Fleet merges
 * them (strings replace when set, helm values deep-merged, yaml.overlays appended, booleans ORed,
 * lists of downstream resources, valuesFrom and comparePatches merged by identity, custom first).
 * Options are plain decoded JSON (schema.ts), so this works on records.
 */
import { isRecord } from '../kube/yaml-docs';

type Json = Record<string, unknown>;

/** wrangler data.MergeMaps: maps merge key by key, recursively; anything else is replaced. */
export function deepMergeMaps(base: Json, overlay: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(overlay)) {
    const b = out[k];
    out[k] = isRecord(b) && isRecord(v) ? deepMergeMaps(b, v) : v;
  }
  return out;
}

const rec = (v: unknown): Json | undefined => (isRecord(v) ? v : undefined);

/**
 * merge.ByKey with custom entries taking precedence: a custom entry whose key a base entry has
 * replaces it in place, others are appended; an entry without key ('') is always appended, and of
 * custom entries sharing a key only the first counts.
 */
function mergeUnique<T>(base: T[], custom: T[], key: (x: T) => string): T[] {
  if (custom.length === 0) return base;
  const baseIndex = new Map<string, number>();
  base.forEach((x, i) => {
    const k = key(x);
    if (k !== '') baseIndex.set(k, i);
  });
  const result = [...base];
  const seen = new Set<string>();
  for (const x of custom) {
    const k = key(x);
    if (k !== '') {
      if (seen.has(k)) continue;
      seen.add(k);
      const i = baseIndex.get(k);
      if (i !== undefined) {
        result[i] = x;
        continue;
      }
    }
    result.push(x);
  }
  return result;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

// The identities upstream merges by (options/calculate.go).
const downstreamResourceKey = (r: unknown): string =>
  `${text(rec(r)?.kind).toLowerCase()}|${text(rec(r)?.name)}`;

function valuesFromKey(v: unknown): string {
  for (const [field, kind] of [
    ['configMapKeyRef', 'configmap'],
    ['secretKeyRef', 'secret'],
  ] as const) {
    const ref = rec(rec(v)?.[field]);
    if (ref) return [kind, text(ref.namespace), text(ref.name), text(ref.key)].join('|');
  }
  return '';
}

const comparePatchKey = (p: unknown): string =>
  ['apiVersion', 'kind', 'namespace', 'name'].map((k) => text(rec(p)?.[k])).join('|');

const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

export function mergeOptions(base: Json, custom: Json): Json {
  const result: Json = structuredClone(base);
  for (const k of ['defaultNamespace', 'namespace', 'serviceAccount']) {
    if (custom[k]) result[k] = custom[k];
  }
  const ch = rec(custom.helm);
  if (ch) {
    const h: Json = rec(result.helm) ?? {};
    result.helm = h;
    const timeout = typeof ch.timeoutSeconds === 'number' ? ch.timeoutSeconds : 0;
    if (timeout > 0) h.timeoutSeconds = timeout;
    else if (timeout < 0) delete h.timeoutSeconds;
    if (!rec(h.values)) {
      if (ch.values !== undefined) h.values = ch.values;
    } else if (rec(ch.values)) h.values = deepMergeMaps(rec(h.values) ?? {}, rec(ch.values) ?? {});
    if (!rec(h.templateValues)) {
      if (ch.templateValues !== undefined) h.templateValues = ch.templateValues;
    } else if (rec(ch.templateValues))
      h.templateValues = { ...rec(h.templateValues), ...rec(ch.templateValues) };
    if (Array.isArray(ch.valuesFrom) && ch.valuesFrom.length > 0)
      h.valuesFrom = mergeUnique(list(h.valuesFrom), ch.valuesFrom as unknown[], valuesFromKey);
    for (const k of ['repo', 'chart', 'version', 'releaseName']) if (ch[k]) h[k] = ch[k];
    for (const k of ['force', 'atomic', 'takeOwnership', 'disablePreProcess', 'waitForJobs', 'disableDNS'])
      if (h[k] === true || ch[k] === true) h[k] = true;
  }
  const ck = rec(custom.kustomize);
  if (ck) {
    const k: Json = rec(result.kustomize) ?? {};
    result.kustomize = k;
    if (ck.dir) k.dir = ck.dir;
  }
  const cd = rec(custom.diff);
  if (cd) {
    const d: Json = rec(result.diff) ?? {};
    result.diff = d;
    const patches = mergeUnique(list(d.comparePatches), list(cd.comparePatches), comparePatchKey);
    // comparePatches is omitempty: no patches on either side leaves `diff: {}`.
    if (patches.length > 0) d.comparePatches = patches;
  }
  const cy = rec(custom.yaml);
  if (cy) {
    const y: Json = rec(result.yaml) ?? {};
    result.yaml = y;
    y.overlays = [
      ...(Array.isArray(y.overlays) ? (y.overlays as unknown[]) : []),
      ...(Array.isArray(cy.overlays) ? (cy.overlays as unknown[]) : []),
    ];
  }
  if (typeof custom.forceSyncGeneration === 'number' && custom.forceSyncGeneration > 0)
    result.forceSyncGeneration = custom.forceSyncGeneration;
  if (result.keepResources === true || custom.keepResources === true) result.keepResources = true;
  if (custom.correctDrift !== undefined) result.correctDrift = custom.correctDrift;
  if (Array.isArray(custom.downstreamResources) && custom.downstreamResources.length > 0)
    result.downstreamResources = mergeUnique(
      list(result.downstreamResources),
      custom.downstreamResources as unknown[],
      downstreamResourceKey,
    );
  return result;
}
