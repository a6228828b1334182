/**
 * The limits go-yaml (v2, as sigs.k8s.io/yaml uses it in opm) puts on hostile YAML, checked without
 * ever expanding an alias:
 *
 * - the alias budget of decode.go (`allowedAliasRatio`): every node the decoder visits counts once,
 *   nodes visited through an alias count as aliased too; once more than 100 aliased and 1000 in all
 *   have been decoded, an aliased share above the allowed ratio (99 % up to 400,000 decodes, falling
 *   to 10 % at 4,000,000) fails with `document contains excessive aliasing`. A "billion laughs"
 *   document fails here instead of expanding into gigabytes.
 * - the nesting limits of scannerc.go (`max_flow_level`, `max_indents`, 10,000 each):
 *   `exceeded max depth of 10000`.
 *
 * js-yaml resolves aliases by sharing one object, so parsing stays cheap; the budget is computed
 * over its event stream with the size of each anchored node memoised.
 */
import { EVENT_ID, type Event } from 'js-yaml';

const RANGE_LOW = 400_000;
const RANGE_HIGH = 4_000_000;

/** decode.go allowedAliasRatio. */
export function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= RANGE_LOW) return 0.99;
  if (decodeCount >= RANGE_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - RANGE_LOW) / (RANGE_HIGH - RANGE_LOW));
}

function tooMuchAliasing(aliasCount: number, decodeCount: number): boolean {
  return aliasCount > 100 && decodeCount > 1000 && aliasCount / decodeCount > allowedAliasRatio(decodeCount);
}

interface Frame {
  mapping: boolean;
  /** Decodes of this node's subtree so far (the node itself included). */
  size: number;
  anchor?: string;
  /** Mapping: the next child is a key (even position). */
  atKey: boolean;
  /** Mapping: the pending value belongs to a `<<` merge key. */
  mergeValue: boolean;
  /** This sequence is a merge key's value: go-yaml decodes its items, not the sequence itself. */
  mergeList: boolean;
}

/**
 * Runs go-yaml's alias budget over the first document of `events`. Returns the source offset of the
 * alias at which the decoder would give up, or -1 when the document is within budget.
 *
 * The check runs before every decode; within one alias expansion both counts grow together, so the
 * aliased share only rises and the allowed share only falls: testing at the end of each expansion
 * finds exactly the documents Go rejects.
 */
export function excessiveAliasAt(src: string, events: readonly Event[]): number {
  const sizes = new Map<string, number>();
  const stack: Frame[] = [];
  let decodes = 1; // the document node
  let aliased = 0;
  let started = false;

  const isMergeKey = (e: Event): boolean => {
    if (e.type !== EVENT_ID.SCALAR) return false;
    if (src.slice(e.valueStart, e.valueEnd) !== '<<') return false;
    if (e.tagStart < 0) return e.style === 1;
    return src.slice(e.tagStart, e.tagEnd) === '!!merge';
  };

  /** Adds a finished child of `size` decodes to its parent. */
  const finish = (full: number, anchor: string | undefined): void => {
    // Capped: a billion-laughs chain would otherwise reach Infinity (and NaN ratios).
    const size = Math.min(full, 1e15);
    if (anchor !== undefined) sizes.set(anchor, size);
    const parent = stack.at(-1);
    if (!parent) return;
    if (parent.mapping) {
      parent.atKey = !parent.atKey;
      if (!parent.atKey) parent.mergeValue = false;
    }
    parent.size += size;
  };

  for (const e of events) {
    if (e.type === EVENT_ID.DOCUMENT) {
      if (started) break;
      started = true;
      continue;
    }
    if (e.type === EVENT_ID.POP) {
      const f = stack.pop();
      if (!f) break; // the document's end
      // A merge key's sequence is not decoded as a node of its own.
      finish(f.mergeList ? f.size - 1 : f.size, f.anchor);
      continue;
    }
    const parent = stack.at(-1);
    const anchor =
      'anchorStart' in e && e.anchorStart >= 0 && e.type !== EVENT_ID.ALIAS
        ? src.slice(e.anchorStart, e.anchorEnd)
        : undefined;
    if (parent?.mapping && parent.atKey && isMergeKey(e)) {
      // go-yaml never decodes the `<<` key itself.
      parent.atKey = false;
      parent.mergeValue = true;
      continue;
    }
    const mergeList = parent?.mapping === true && parent.mergeValue && e.type === EVENT_ID.SEQUENCE;
    // A decode outside any alias only lowers the aliased share: no check needed here.
    if (!mergeList) decodes++;
    if (e.type === EVENT_ID.ALIAS) {
      const target = sizes.get(src.slice(e.anchorStart, e.anchorEnd)) ?? 0;
      decodes += target;
      aliased += target;
      if (tooMuchAliasing(aliased, decodes)) return Math.max(0, e.anchorStart - 1);
      finish(1 + target, undefined);
    } else if (e.type === EVENT_ID.SCALAR) {
      finish(1, anchor);
    } else {
      stack.push({
        mapping: e.type === EVENT_ID.MAPPING,
        size: 1,
        anchor,
        atKey: true,
        mergeValue: false,
        mergeList,
      });
    }
  }
  return -1;
}

export const MAX_DEPTH = 10_000;

/**
 * Where go-yaml's scanner would stop a too-deep document: the offset of the flow collection or
 * block entry that opens level 10,001, with the message go-yaml gives. Only called after the
 * parser ran out of stack, so a linear pass over the text costs nothing in the common case.
 *
 * Flow levels are counted exactly (brackets outside quotes and comments); block levels by the
 * indentation stack go-yaml keeps (a new, deeper column for each entry, `- - -` included).
 */
export function tooDeepAt(src: string): number {
  let flow = 0;
  const indents: number[] = [];
  let col = 0;
  let lineStart = true;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\n') {
      col = 0;
      lineStart = true;
      continue;
    }
    if (c === '"' || c === "'") {
      // Skip the quoted scalar.
      for (i++; i < src.length; i++) {
        const d = src[i];
        if (d === '\\' && c === '"') i++;
        else if (d === c) {
          if (c === "'" && src[i + 1] === "'") i++;
          else break;
        }
      }
      lineStart = false;
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(src[i - 1] as string))) {
      const nl = src.indexOf('\n', i);
      if (nl < 0) break;
      i = nl - 1;
      continue;
    }
    if (c === '[' || c === '{') {
      if (++flow > MAX_DEPTH) return i;
    } else if (c === ']' || c === '}') {
      if (flow > 0) flow--;
    } else if (flow === 0 && (c === '-' || c === '?') && (src[i + 1] === ' ' || src[i + 1] === '\n')) {
      // A block entry at column `col`: it opens a level when deeper than the current one.
      if (lineStart || (indents.length > 0 && col > (indents.at(-1) as number))) {
        while (indents.length && (indents.at(-1) as number) > col) indents.pop();
        if (!indents.length || (indents.at(-1) as number) < col) indents.push(col);
        if (indents.length > MAX_DEPTH) return i;
      }
    } else if (c !== ' ' && flow === 0 && lineStart) {
      while (indents.length && (indents.at(-1) as number) > col) indents.pop();
      if (!indents.length || (indents.at(-1) as number) < col) indents.push(col);
      if (indents.length > MAX_DEPTH) return i;
    }
    if (c !== ' ' && c !== '-' && c !== '?') lineStart = false;
    col++;
  }
  return -1;
}
