/**
 * The options a cluster gets (rancher/fleet internal/cmd/controller/options Merge): the bundle's
 * BundleDeploymentOptions with the matched target's laid over them, field by field as Fleet merges
 * them (strings replace when set, helm values deep-merged, yaml.overlays appended, booleans ORed).
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

function mergeUnique<T>(a: T[], b: T[], key: (x: T) => string): T[] {
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((x) => !seen.has(key(x)))];
}

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
      h.valuesFrom = mergeUnique(
        Array.isArray(h.valuesFrom) ? (h.valuesFrom as unknown[]) : [],
        ch.valuesFrom as unknown[],
        (x) => JSON.stringify(x),
      );
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
    d.comparePatches = mergeUnique(
      Array.isArray(d.comparePatches) ? (d.comparePatches as unknown[]) : [],
      Array.isArray(cd.comparePatches) ? (cd.comparePatches as unknown[]) : [],
      (x) => JSON.stringify(x),
    );
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
      Array.isArray(result.downstreamResources) ? (result.downstreamResources as Json[]) : [],
      custom.downstreamResources as Json[],
      (x) => `${String(x.kind)}/${String(x.name)}`,
    );
  return result;
}
