import type { JsonValue } from './blob-op';
import { yamlScalar, type YamlStyle } from './yaml-style';

/**
 * Renders new YAML text (a new blob, a new entry, a new key) in a file's style. Lines are returned
 * with their absolute indentation and without line breaks; callers join them with the file's EOL.
 */

const pad = (n: number): string => ' '.repeat(n);

function key(k: string, style: YamlStyle): string {
  return yamlScalar(k, style.quote);
}

/** `key: value` (and the lines of a nested block value) with the key at column `col`. */
export function renderPair(k: string, v: JsonValue, col: number, style: YamlStyle): string[] {
  const head = `${pad(col)}${key(k, style)}:`;
  if (typeof v === 'string') return [`${head} ${yamlScalar(v, style.quote)}`];
  if (Array.isArray(v)) {
    if (v.length === 0) return [`${head} []`];
    return [head, ...renderSeqItems(v, col + style.seqIndent, style.dashGap, style)];
  }
  if (Object.keys(v).length === 0) return [`${head} {}`];
  return [head, ...renderMap(v, col + style.indent, style)];
}

/** The pairs of a block mapping, keys at column `col`, in the object's key order. */
export function renderMap(obj: { [key: string]: JsonValue }, col: number, style: YamlStyle): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) out.push(...renderPair(k, v, col, style));
  return out;
}

/** Block sequence items with `-` at column `dashCol` followed by `gap` spaces. */
export function renderSeqItems(
  items: readonly JsonValue[],
  dashCol: number,
  gap: number,
  style: YamlStyle,
): string[] {
  const out: string[] = [];
  const dash = `${pad(dashCol)}-${pad(gap)}`;
  const itemCol = dashCol + 1 + gap;
  for (const item of items) {
    if (typeof item === 'string') out.push(dash + yamlScalar(item, style.quote));
    else if (Array.isArray(item)) out.push(dash + renderFlow(item, style, false));
    else if (Object.keys(item).length === 0) out.push(`${dash}{}`);
    else {
      const lines = renderMap(item, itemCol, style);
      lines[0] = dash + (lines[0] as string).slice(itemCol);
      out.push(...lines);
    }
  }
  return out;
}

/** A flow collection or scalar on one line: `{name: a, replaces: b}`, `[a, b]`. */
export function renderFlow(v: JsonValue, style: YamlStyle, padded: boolean): string {
  if (typeof v === 'string') return yamlScalar(v, style.quote, true);
  const p = padded ? ' ' : '';
  if (Array.isArray(v))
    return v.length === 0 ? '[]' : `[${p}${v.map((x) => renderFlow(x, style, padded)).join(', ')}${p}]`;
  const pairs = Object.entries(v).map(
    ([k, x]) => `${yamlScalar(k, style.quote, true)}: ${renderFlow(x, style, padded)}`,
  );
  return pairs.length === 0 ? '{}' : `{${p}${pairs.join(', ')}${p}}`;
}
