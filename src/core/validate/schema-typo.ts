/**
 * Near-miss detection for blob schemas. opm dispatches on the exact, case-sensitive schema and keeps
 * anything else as an unread "other" blob, so `olm.Bundle` or `olm.catalog.deprecation` silently
 * does nothing (peers.md §4 #14, operator-registry#1216).
 */

export const KNOWN_SCHEMAS = ['olm.package', 'olm.channel', 'olm.bundle', 'olm.deprecations'] as const;

/** Plain Levenshtein distance with an early exit once every cell exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Lower-cased words of a schema with a plural `s` dropped: `OLM.Deprecations` → ['olm', 'deprecation']. */
function tokens(schema: string): string[] {
  return schema
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '')
    .map((t) => (t.length > 3 && t.endsWith('s') ? t.slice(0, -1) : t));
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((t, i) => t === y[i]);
}

/** Every word of `need` appears in `have` (allowing one slip per word). */
function containsTokens(have: readonly string[], need: readonly string[]): boolean {
  return need.every((t) => have.some((h) => editDistance(h, t, 1) <= 1));
}

/**
 * The known schema `schema` most likely meant, or undefined if it looks deliberate. A near miss is:
 * a case difference, at most 2 edits, the same words reordered or pluralised, or the known words
 * with one extra or missing word (`olm.catalog.deprecation` for `olm.deprecations`).
 */
export function closestKnownSchema(schema: string): string | undefined {
  if (schema === '' || (KNOWN_SCHEMAS as readonly string[]).includes(schema)) return undefined;
  const lower = schema.toLowerCase();
  let best: { schema: string; score: number } | undefined;
  for (const known of KNOWN_SCHEMAS) {
    const d = editDistance(lower, known, 2);
    let score = d <= 2 ? d : Infinity;
    if (score === Infinity) {
      const have = tokens(schema);
      const need = tokens(known);
      const distinctive = need.filter((t) => t !== 'olm');
      if (sameTokens(have, need)) score = 3;
      else if (
        Math.abs(have.length - need.length) <= 1 &&
        distinctive.length > 0 &&
        containsTokens(have, distinctive) &&
        (containsTokens(have, need) || containsTokens(need, have))
      ) {
        score = 4;
      }
    }
    if (score !== Infinity && (best === undefined || score < best.score)) best = { schema: known, score };
  }
  return best?.schema;
}
