import type { GvkView, PropertyView } from '../../core/service/views';

/** Pure helpers of the bundle details panel (unit-tested). */

/** Property types the panel shows in their own sections; every other type is shown raw. */
export const KNOWN_PROPERTY_TYPES: ReadonlySet<string> = new Set([
  'olm.package',
  'olm.gvk',
  'olm.package.required',
  'olm.gvk.required',
  'olm.csv.metadata',
  'olm.bundle.object',
]);

export function formatGvk(g: GvkView): string {
  return `${g.kind} (${g.group ? `${g.group}/` : ''}${g.version})`;
}

/** The property's JSON, indented when it is complete and parses; otherwise the text as given. */
export function prettyPropertyJson(p: PropertyView): string {
  if (p.truncated) return `${p.json}…`;
  try {
    return JSON.stringify(JSON.parse(p.json), null, 2);
  } catch {
    return p.json;
  }
}

/** Only http(s) links from catalog data become anchors (no javascript:, data:, file: …). */
export function safeHttpUrl(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** `version` may already carry the release (views.ts: "plus release when set"); never show it twice. */
export function versionWithRelease(version: string, release: string): string {
  if (!version) return release ? `— (release ${release})` : '—';
  if (!release || version.includes(release)) return version;
  return `${version} (release ${release})`;
}
