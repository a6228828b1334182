/**
 * The stolostron FBC repositories (submariner, gatekeeper, volsync, …) render one basic template into
 * a catalog per OpenShift version after pruning it by a map at the repository root —
 * `drop-versions.json` (`{"4.17": "0.18"}`) or `drop-versions.yaml` (`4.20: {version: v3, drop: 3.14}`):
 * for each version, every Y-stream up to its cutoff goes: the channels named for it, channel entries,
 * bundles (their build/generate-catalog-template.sh; submariner's newest also drops the `replaces` of
 * a channel left with one entry, gatekeeper's does not, and the committed catalogs of both agree
 * without it). A catalog judged against the unpruned render would call that pruning drift; it is
 * judged against the pruned one, as its pipeline renders it.
 */
import { parse } from 'yaml';

export const DROP_VERSIONS_FILES = ['drop-versions.json', 'drop-versions.yaml'] as const;

/** How a catalog's template is pruned before rendering: the map's file and its cutoff (`X.Y`). */
export interface TemplatePruning {
  file: string;
  cutoff: string;
}

/** OpenShift version (`4.17`) → cutoff (`0.18`), or undefined when the text is no such map. */
export function readDropVersions(text: string): Map<string, string> | undefined {
  let v: unknown;
  try {
    // Every scalar a string: `4.20:` must stay 4.20, not the number 4.2.
    v = parse(text, { schema: 'failsafe' });
  } catch {
    return undefined;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out = new Map<string, string>();
  for (const [ocp, value] of Object.entries(v as Record<string, unknown>)) {
    const cutoff =
      typeof value === 'string'
        ? value
        : value && typeof value === 'object'
          ? (value as Record<string, unknown>).drop
          : undefined;
    if (typeof cutoff === 'string' && /^\d+\.\d+$/.test(cutoff) && /^\d+\.\d+$/.test(ocp))
      out.set(ocp, cutoff);
  }
  return out.size > 0 ? out : undefined;
}

/** The X.Y a version-like string starts with (`0.17.2-0.1725901206.p` → 0, 17). */
function streamOf(s: string): [number, number] | undefined {
  const m = /^(\d+)\.(\d+)(?:[.+-]|$)/.exec(s);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** The script's `is_version_too_old`: the stream is at or below the cutoff's; not a version: kept. */
function tooOld(s: string, cutoff: [number, number]): boolean {
  const v = streamOf(s);
  return v !== undefined && (v[0] < cutoff[0] || (v[0] === cutoff[0] && v[1] <= cutoff[1]));
}

/** Whether a bundle of `version` is in a Y-stream the map's `cutoff` drops (a bundle with no version: no). */
export function streamDropped(
  version: { major: number; minor: number } | undefined,
  cutoff: string,
): boolean {
  const c = streamOf(cutoff);
  return version !== undefined && c !== undefined && tooOld(`${version.major}.${version.minor}`, c);
}

/** What follows the first `.v` of a bundle name (`submariner.v0.17.2` → `0.17.2`), as `${name#*\.v}`. */
function versionOfName(name: string): string {
  const at = name.indexOf('.v');
  return at < 0 ? name : name.slice(at + 2);
}

/** What follows the first `-` of a channel name (`stable-0.17` → `0.17`), as `${channel#*\-}`. */
function versionOfChannel(name: string): string {
  const at = name.indexOf('-');
  return at < 0 ? name : name.slice(at + 1);
}

type Blob = Record<string, unknown>;

/**
 * A basic template's text as the pipeline renders it for a catalog whose cutoff is `cutoff`
 * (written as JSON, which the template reader takes as it takes YAML); undefined for any other text.
 */
export function pruneTemplate(text: string, cutoff: string): string | undefined {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return undefined;
  }
  const t = doc as { schema?: unknown; entries?: unknown };
  if (!t || t.schema !== 'olm.template.basic' || !Array.isArray(t.entries)) return undefined;
  const c = streamOf(cutoff);
  if (!c) return undefined;
  const entries: unknown[] = [];
  for (const e of t.entries as unknown[]) {
    const b = e as Blob;
    if (b?.schema === 'olm.channel') {
      if (tooOld(versionOfChannel(String(b.name ?? '')), c)) continue;
      const list = Array.isArray(b.entries) ? (b.entries as Blob[]) : [];
      const kept = list.filter((x) => !tooOld(versionOfName(String(x?.name ?? '')), c));
      entries.push({ ...b, entries: kept });
    } else if (b?.schema === 'olm.bundle' && typeof b.name === 'string' && tooOld(versionOfName(b.name), c)) {
      continue;
    } else entries.push(e);
  }
  return JSON.stringify({ ...(t as Blob), entries });
}
