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

/** Whether the token at `i` is a simple key: a scalar followed on its line by `:` and a space. */
/** A line of YAML text as both line scanners (here and yaml-deep.ts) first read it. */
export interface YamlLine {
  /** Where it ends: its '\n', or the text's end. */
  le: number;
  /** Its first character that is not a space. */
  first: number;
  indent: number;
  /** Nothing but spaces (and a CR), or only a comment outside a quoted scalar. */
  blank: boolean;
}

export function yamlLine(src: string, ls: number, quote: string): YamlLine {
  let le = src.indexOf('\n', ls);
  if (le < 0) le = src.length;
  let first = ls;
  while (first < le && src[first] === ' ') first++;
  const blank = first >= le || src[first] === '\r' || (src[first] === '#' && !quote);
  return { le, first, indent: first - ls, blank };
}

/**
 * In a quoted scalar (`quote` is its quote) from `k`: the index of the quote that closes it on the
 * line ending at `le`, or `le` when it goes on past the line. A backslash escapes the next character
 * in double quotes; `''` is a quote in single ones. Both line scanners (here and yaml-deep.ts) skip
 * quoted text with it.
 */
export function quoteEnd(src: string, k: number, le: number, quote: string): number {
  for (; k < le; k++) {
    const c = src[k];
    if (c === '\\' && quote === '"') k++;
    else if (c === quote) {
      if (quote === "'" && src[k + 1] === "'") k++;
      else return k;
    }
  }
  return le;
}

function isSimpleKey(src: string, i: number, le: number): boolean {
  let k = i;
  const q = src[i];
  if (q === '"' || q === "'") {
    for (k++; k < le; k++) {
      if (src[k] === '\\' && q === '"') k++;
      else if (src[k] === q) {
        if (q === "'" && src[k + 1] === "'") k++;
        else break;
      }
    }
    if (k >= le) return false;
    k++;
    while (k < le && src[k] === ' ') k++;
    return src[k] === ':' && (k + 1 >= le || /[\s]/.test(src[k + 1] as string));
  }
  for (; k < le; k++) {
    const c = src[k];
    if (c === '#' && (src[k - 1] === ' ' || src[k - 1] === '\t')) return false;
    if (c === ':' && (k + 1 >= le || /[\s]/.test(src[k + 1] as string))) return true;
  }
  return false;
}

/**
 * Where go-yaml's scanner would stop a too-deep document: the offset of the flow collection or
 * block token that opens level 10,001, with the message go-yaml gives. Only called after the
 * parser ran out of stack, so a linear pass over the text costs nothing in the common case.
 *
 * Flow levels are counted exactly (brackets outside quotes and comments); block levels as
 * scannerc.go's indentation stack (`roll_indent`): a block entry (`-`, `?`) or a simple key at a
 * column deeper than the current indent pushes a level, a line starting further left pops them; a
 * lone scalar (`- - 1`, a value on its own line) pushes nothing. Block scalars' lines are text.
 */
export function tooDeepAt(src: string): number {
  let flow = 0;
  let quote = '';
  const indents: number[] = [];
  let blockScalarIndent = -1;
  const roll = (col: number): boolean => {
    if (col > (indents.at(-1) ?? -1)) indents.push(col);
    return indents.length > MAX_DEPTH;
  };
  let ls = 0;
  while (ls < src.length) {
    const { le, first, indent, blank } = yamlLine(src, ls, quote);
    if (blockScalarIndent >= 0 && !blank && indent <= blockScalarIndent) blockScalarIndent = -1;
    if (blockScalarIndent >= 0 || (blank && !quote)) {
      ls = le + 1;
      continue;
    }
    let j = first;
    let expect = !quote;
    if (flow === 0 && !quote) {
      while (indents.length && (indents.at(-1) as number) > indent) indents.pop();
      // Block entries, then the token after them.
      while ((src[j] === '-' || src[j] === '?') && (j + 1 >= le || /\s/.test(src[j + 1] as string))) {
        if (roll(j - ls)) return j;
        j++;
        while (j < le && src[j] === ' ') j++;
      }
      if (j < le && src[j] !== '#' && isSimpleKey(src, j, le) && roll(j - ls)) return j;
    }
    // A quoted scalar begun on an earlier line: the line's tokens start after its end, if it has one.
    let i = quote ? quoteEnd(src, ls, le, quote) + 1 : j;
    if (i <= le) quote = '';
    for (; i < le; i++) {
      const c = src[i] as string;
      if (c === ' ' || c === '\t' || c === '\r') continue;
      if (c === '#' && (i === ls || src[i - 1] === ' ' || src[i - 1] === '\t')) break;
      if (expect && (c === '"' || c === "'")) {
        i = quoteEnd(src, i + 1, le, c);
        if (i >= le) quote = c;
        expect = false;
      } else if (c === '[' || c === '{') {
        if (flow > 0 || expect) {
          if (++flow > MAX_DEPTH) return i;
          expect = true;
        } else expect = false;
      } else if (flow > 0 && (c === ']' || c === '}')) {
        flow--;
        expect = false;
      } else if (flow === 0 && expect && (c === '|' || c === '>')) {
        blockScalarIndent = indent;
        break;
      } else if (c === ',' && flow > 0) expect = true;
      else if (c === ':' && (flow > 0 || /\s/.test(src[i + 1] ?? ' '))) expect = true;
      else if (c === '-' && flow === 0 && expect && /\s/.test(src[i + 1] ?? ' ')) expect = true;
      else if ((c === '&' || c === '!') && expect) {
        while (i + 1 < le && src[i + 1] !== ' ') i++;
      } else expect = false;
    }
    ls = le + 1;
  }
  return -1;
}
