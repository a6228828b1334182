/**
 * Documents nested deeper than js-yaml's parser can recurse (about 1,500 levels on Node's default
 * stack; a browser worker's stack is its own) but within go-yaml's 10,000: parsed piece by piece,
 * each piece shallow enough.
 *
 * A linear scan picks nested nodes every STEP levels (a flow collection `[`/`{` with its closing
 * bracket; a block node on its own line or after a compact `- `, up to the first line indented no
 * deeper than its parent). Each such region is parsed on its own with its inner regions replaced
 * by a one-character plain scalar, and the events are spliced back together, offsets mapped to the
 * whole text. js-yaml still reads every byte, so the values and errors are its own; the scan only
 * chooses where to cut, and a cut that is not exactly one node (its placeholder is not parsed as a
 * scalar of its own) abandons the deep path rather than guess. js-yaml builds values from events
 * without recursion, so the spliced stream becomes the same value the normal path would build.
 *
 * Only used after the normal parse ran out of stack; the common path keeps its speed.
 */
import {
  EVENT_ID,
  YAMLException,
  constructFromEvents,
  parseEvents,
  type Event,
  type LoadOptions,
} from 'js-yaml';
import { excessiveAliasAt, quoteEnd, tooDeepAt, yamlLine } from './yaml-limits';
import { docErrorAt, tooDeep, toYamlDocError, type YamlDocError } from './yaml11-errors';

/** Levels per piece: far below the ~1,500 a default Node stack allows, so workers fit too. */
const STEP = 200;

interface Region {
  start: number;
  end: number;
  /** A block node (ends at a line indented ≤ parentCol) or a flow collection (ends at its bracket). */
  block: boolean;
  parentCol: number;
  /** Flow level inside this collection (flow regions). */
  level: number;
  depth: number;
  /** Its end could not be placed on a clean boundary: its children are cut from its parent instead. */
  dirty: boolean;
  children: Region[];
}

function region(start: number, block: boolean, parentCol: number, level: number, depth: number): Region {
  return { start, end: -1, block, parentCol, level, depth, dirty: false, children: [] };
}

const NOT_A_NODE_START = new Set(['&', '!', '*', '|', '>', '?', '%', '#', '@', '`']);

/**
 * The tree of regions to cut. Conservative: anything it does not follow (explicit `?` keys,
 * directives) ends the scan, and the document is left to the caller's "too deep" message.
 */
function scanRegions(src: string): Region | undefined {
  const n = src.length;
  const root = region(0, false, -1, 0, 0);
  const open: Region[] = [root];
  const blocks: number[] = []; // columns of the open block nodes (for the depth count)
  let flow = 0;
  let quote = '';
  let blockScalarIndent = -1;
  // The previous line with a token: ended with `key:` / `-` (a nested value may follow) and where.
  let prevEnds: 'colon' | 'dash' | 'other' = 'other';
  let prevCol = -1;

  const depth = () => blocks.length + flow;
  const maybeOpen = (at: number, block: boolean, parentCol: number) => {
    const top = open.at(-1) as Region;
    if (depth() >= top.depth + STEP) open.push(region(at, block, parentCol, flow, depth()));
  };
  const close = (end: number) => {
    const r = open.pop() as Region;
    r.end = end;
    const parent = open.at(-1) as Region;
    if (r.dirty) parent.children.push(...r.children);
    else parent.children.push(r);
  };

  let ls = 0;
  while (ls < n) {
    const { le, first: j, indent, blank } = yamlLine(src, ls, quote);
    // A block scalar's lines (blank, or deeper than its parent) are text; a blank line is nothing.
    if (blockScalarIndent >= 0 && !blank && indent <= blockScalarIndent) blockScalarIndent = -1;
    if (blockScalarIndent >= 0 || (blank && !quote)) {
      ls = le + 1;
      continue;
    }
    const topState = flow === 0 && !quote;
    if (topState) {
      if (src.startsWith('%', j) || (indent === 0 && src.startsWith('...', j))) return undefined;
      while (
        open.length > 1 &&
        (open.at(-1) as Region).block &&
        indent <= (open.at(-1) as Region).parentCol
      ) {
        close(ls);
      }
      while (blocks.length && (blocks.at(-1) as number) > indent) blocks.pop();
      if (!blocks.length || (blocks.at(-1) as number) < indent) blocks.push(indent);
      if (prevEnds !== 'other' && indent > prevCol && !NOT_A_NODE_START.has(src[j] as string)) {
        maybeOpen(j, true, prevCol);
      }
    } else {
      // A line inside a flow collection or quoted scalar that opened within a block region, at or
      // left of that region's parent: the region cannot end on a line boundary.
      for (const r of open) if (r.block && indent <= r.parentCol) r.dirty = true;
    }

    // The tokens of the line.
    let expect = !quote; // at a position where a node may start
    let tokenCol = indent;
    let compactParent = -1; // the column of a `- ` whose entry starts on this line
    let ends: 'colon' | 'dash' | 'other' = 'other';
    let endCol = -1;
    // A quoted scalar begun on an earlier line: the line's tokens start after its end, if it has one.
    let k = quote ? quoteEnd(src, ls, le, quote) + 1 : j;
    if (k <= le) quote = '';
    for (; k < le; k++) {
      const ch = src[k] as string;
      if (ch === ' ' || ch === '\t' || ch === '\r') continue;
      const prev = src[k - 1];
      if (ch === '#' && (k === ls || prev === ' ' || prev === '\t')) break;
      const next = src[k + 1];
      const spaceNext = next === undefined || next === ' ' || next === '\n' || next === '\r' || next === '\t';
      const col = k - ls;
      if (flow === 0) {
        if (expect) {
          // The entry of a `- ` on the same line is a node of its own (`- - x`, `- key: v`).
          if (compactParent >= 0 && !NOT_A_NODE_START.has(ch)) {
            blocks.push(col);
            maybeOpen(k, true, compactParent);
          }
          compactParent = -1;
          if (ch === '-' && spaceNext) {
            ends = 'dash';
            endCol = col;
            compactParent = col;
            continue;
          }
          if (ch === '?' && spaceNext) return undefined;
          ends = 'other';
          if (ch === '[' || ch === '{') {
            flow = 1;
            maybeOpen(k, false, -1);
            continue;
          }
          if (ch === '"' || ch === "'") {
            k = quoteEnd(src, k + 1, le, ch);
            if (k >= le) quote = ch;
            tokenCol = col;
            expect = false;
            continue;
          }
          if ((ch === '|' || ch === '>') && flow === 0) {
            blockScalarIndent = indent;
            break;
          }
          if (ch === '&' || ch === '!') {
            while (k + 1 < le && src[k + 1] !== ' ') k++;
            continue;
          }
          tokenCol = col;
          expect = false;
          continue;
        }
        if (ch === ':' && spaceNext) {
          ends = 'colon';
          endCol = tokenCol;
          expect = true;
        } else ends = 'other';
        continue;
      }
      // Flow context: brackets always count; quotes only open a scalar at a node's start.
      ends = 'other';
      if (ch === '[' || ch === '{') {
        flow++;
        maybeOpen(k, false, -1);
        expect = true;
      } else if (ch === ']' || ch === '}') {
        flow--;
        while (open.length > 1 && !(open.at(-1) as Region).block && flow < (open.at(-1) as Region).level) {
          close(k + 1);
        }
        if (flow < 0) return undefined;
        expect = false;
      } else if (ch === ',' || ch === ':') expect = true;
      else if (expect && (ch === '"' || ch === "'")) {
        k = quoteEnd(src, k + 1, le, ch);
        if (k >= le) quote = ch;
        expect = false;
      } else expect = false;
    }
    prevEnds = ends;
    prevCol = endCol;
    ls = le + 1;
  }
  // Unclosed brackets end with the text: each piece then ends unclosed too, and js-yaml's error
  // for the outermost one is the error of the whole.
  while (open.length > 1) close(n);
  return root;
}

/** Piece offsets → offsets in the whole text. */
class OffsetMap {
  private readonly at: number[] = [];
  private readonly orig: number[] = [];
  add(at: number, orig: number): void {
    this.at.push(at);
    this.orig.push(orig);
  }
  map(p: number): number {
    let lo = 0;
    let hi = this.at.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.at[mid] as number) <= p) lo = mid;
      else hi = mid - 1;
    }
    return (this.orig[lo] as number) + p - (this.at[lo] as number);
  }
  mapEnd(p: number): number {
    return p > 0 ? this.map(p - 1) + 1 : this.map(p);
  }
}

class Abandon extends Error {}

function mapEvent(e: Event, m: OffsetMap): Event {
  const r = { ...e } as Record<string, number>;
  for (const k of ['start', 'valueStart', 'anchorStart', 'tagStart']) {
    if (typeof r[k] === 'number' && (r[k] as number) >= 0) r[k] = m.map(r[k] as number);
  }
  for (const k of ['valueEnd', 'anchorEnd', 'tagEnd']) {
    if (typeof r[k] === 'number' && (r[k] as number) >= 0) r[k] = m.mapEnd(r[k] as number);
  }
  return r as unknown as Event;
}

function nodeStart(e: Event | undefined): number {
  if (!e) return -1;
  if (e.type === EVENT_ID.SEQUENCE || e.type === EVENT_ID.MAPPING) return e.start;
  if (e.type === EVENT_ID.SCALAR) return e.valueStart;
  return -1;
}

/** The events of region `r` of `src` (the whole document's stream for the root). */
function pieceEvents(src: string, r: Region, isRoot: boolean): Event[] {
  const m = new OffsetMap();
  const lineStart = src.lastIndexOf('\n', r.start - 1) + 1;
  const parts: string[] = [' '.repeat(r.start - lineStart)];
  m.add(0, lineStart);
  let len = r.start - lineStart;
  let pos = r.start;
  for (const c of r.children) {
    parts.push(src.slice(pos, c.start), 'x');
    len += c.start - pos;
    m.add(len, c.start);
    len += 1;
    if (c.block && c.end > c.start && src[c.end - 1] === '\n') {
      parts.push('\n');
      m.add(len, c.end - 1);
      len += 1;
    } else m.add(len, c.end);
    pos = c.end;
  }
  parts.push(src.slice(pos, r.end));
  const text = parts.join('');

  let events: Event[];
  try {
    events = parseEvents(text, { maxDepth: 10000 });
  } catch (e) {
    if (e instanceof YAMLException && e.mark) {
      const base = toYamlDocError(e);
      const loc = docErrorAt(src, m.map(e.mark.position), '');
      throw {
        message: base.message.replace(/^yaml: line \d+:/, `yaml: line ${loc.line + 1}:`),
        line: loc.line,
        column: loc.column,
      } satisfies YamlDocError;
    }
    throw new Abandon();
  }
  const mapped = events.map((e) => mapEvent(e, m));
  const byStart = new Map(r.children.map((c) => [c.start, c]));
  const out: Event[] = [];
  let used = 0;
  for (const e of mapped) {
    const c = e.type === EVENT_ID.SCALAR ? byStart.get(e.valueStart) : undefined;
    if (c && e.type === EVENT_ID.SCALAR) {
      const alone = e.valueEnd === e.valueStart + 1 && e.style === 1 && e.anchorStart < 0 && e.tagStart < 0;
      if (!alone) throw new Abandon();
      for (const ce of pieceEvents(src, c, false)) out.push(ce);
      used++;
    } else out.push(e);
  }
  if (used !== r.children.length) throw new Abandon();
  if (isRoot) return out;
  // A region is one node: its document's events without the document start and end.
  const docs = out.filter((e) => e.type === EVENT_ID.DOCUMENT).length;
  if (docs !== 1 || out[0]?.type !== EVENT_ID.DOCUMENT || nodeStart(out[1]) !== r.start) throw new Abandon();
  return out.slice(1, -1);
}

/**
 * The event stream of a deeply nested document, the same js-yaml's parseEvents would give with
 * an unlimited stack; undefined when the document cannot be cut safely. Throws YamlDocError
 * (with the place in the whole text) for a document that does not parse.
 */
export function deepYamlEvents(src: string): Event[] | undefined {
  const root = scanRegions(src);
  if (!root) return undefined;
  root.end = src.length;
  try {
    return pieceEvents(src, root, true);
  } catch (e) {
    if (e instanceof Abandon || e instanceof RangeError) return undefined;
    throw e;
  }
}

/** encoding/json's nesting limit, which opm applies to the JSON sigs.k8s.io/yaml converts YAML to. */
const JSON_MAX_DEPTH = 10_000;

/**
 * The bracket at which Go's JSON scanner would stop reading `value` as sigs.k8s.io/yaml writes it
 * (map keys sorted), or undefined when it is at most 10,000 levels deep. A YAML document within
 * go-yaml's limits can still be deeper than that: block and flow levels are counted apart, and a
 * block sequence under a key (`- k:` lines) adds two levels per indent. Iterative.
 */
export function jsonTooDeep(value: unknown): '[' | '{' | undefined {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth > JSON_MAX_DEPTH) return Array.isArray(v) ? '[' : '{';
    // Pushed in reverse so the first child (in JSON order) is looked at first.
    const children = Array.isArray(v)
      ? (v as unknown[])
      : Object.keys(v)
          .sort()
          .map((k) => (v as Record<string, unknown>)[k]);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
  return undefined;
}

/**
 * parseYamlDocument's path for a document its parser could not recurse through: go-yaml's depth
 * error past 10,000 levels; else the value, built from the piecewise events with the same checks
 * (alias budget) and, once converted, encoding/json's nesting limit. Throws YamlDocError.
 */
export function parseDeepDocument(text: string, options: LoadOptions): unknown {
  const events = tooDeepAt(text) < 0 ? deepYamlEvents(text) : undefined;
  if (!events) throw tooDeep(text);
  let docs: unknown[];
  try {
    if (events.some((ev) => ev.type === EVENT_ID.ALIAS)) {
      const at = excessiveAliasAt(text, events);
      if (at >= 0) throw docErrorAt(text, at, 'yaml: document contains excessive aliasing');
    }
    docs = constructFromEvents(events, { ...options, source: text });
  } catch (e) {
    if (e instanceof RangeError) throw tooDeep(text);
    if (e instanceof YAMLException) throw toYamlDocError(e);
    throw e;
  }
  const value = docs.length ? docs[0] : null;
  const bracket = jsonTooDeep(value);
  if (bracket) {
    const message = `invalid character '${bracket}' exceeded max depth`;
    throw { message, line: 0, column: 0, afterConversion: true } satisfies YamlDocError;
  }
  return value;
}
