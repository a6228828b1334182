/**
 * Field references → file positions, computed lazily from an index of each blob. JSON blobs are walked
 * along the path with a small skipping scanner; YAML documents are indexed from js-yaml's parser
 * events (which carry source offsets), so no second YAML library is needed on this path.
 */
import { EVENT_ID, getScalarValue, parseEvents, type Event, type ScalarEvent } from 'js-yaml';
import type { BlobOrigin, JsonPath, LocRef, Position, SourceRange } from '../location';
import { findJsonEnd } from './json-scan';
import { consumeJsonSpace, isJsonSpace, lineEndAt, positionAt, positionIn } from './text';
import type { LoadedFile } from './types';
import { resolveGoPlain } from './yaml11';

interface Span {
  start: number;
  end: number;
}

interface Finder {
  /** The deepest span along `path` (relative to the file text). */
  find(path: JsonPath): Span | undefined;
}

/** A file's finders by blob start (blobs of one file never share a start). */
const finders = new WeakMap<LoadedFile, Map<number, Finder>>();

function finderFor(file: LoadedFile, origin: BlobOrigin): Finder {
  let perFile = finders.get(file);
  if (!perFile) finders.set(file, (perFile = new Map()));
  let f = perFile.get(origin.start);
  if (!f) {
    f = origin.format === 'json' ? jsonFinder(file.text, origin) : yamlFinder(file.text, origin);
    perFile.set(origin.start, f);
  }
  return f;
}

/** Resolve a field reference to file/line/column (1-based), falling back to the nearest parent. */
export function locateIn(
  file: LoadedFile,
  origin: BlobOrigin,
  path: JsonPath,
  table?: Uint32Array,
): SourceRange {
  const by = file.segments ? apart.segments : file.elided ? apart.elided : undefined;
  if (by) return by(file, origin, path);
  const { start, end } = spanIn(file, origin, path);
  // Not memoised: finding the span is a few lookups in the blob's index and its position a binary
  // search in the file's line table, cheaper than keeping a range per finding to look up.
  const from = positionOf(file, table, start);
  const to = Math.max(start, end);
  // Most spans are on one line: the end's column follows from the start's without a second lookup.
  const nl = file.text.indexOf('\n', start);
  return {
    file: file.path,
    start: from,
    end:
      nl < 0 || nl >= to
        ? { line: from.line, column: from.column + (to - start) }
        : positionOf(file, table, to),
  };
}

/** The offsets [start, end) in the file's text that `path` of the blob at `origin` points at. */
export function spanIn(file: LoadedFile, origin: BlobOrigin, path: JsonPath): Span {
  const finder = finderFor(file, origin);
  let span: Span | undefined;
  try {
    span = path.length ? finder.find(path) : undefined;
  } catch {
    span = undefined;
  }
  const start = span ? span.start : firstContent(file.text, origin);
  return { start, end: span ? span.end : lineEndAt(file.text, start) };
}

/** Locates a field of a blob in a file the CLI read apart (see `provideLocator`). */
export type Locator = (file: LoadedFile, origin: BlobOrigin, path: JsonPath) => SourceRange;

/**
 * How files the CLI reads apart are located: in segments (load-segments.ts) or with their long
 * base64 strings cut out (elided.ts). Each module puts its own in when it loads; the browser's
 * worker reads no such files and does not carry them.
 */
const apart: { segments?: Locator; elided?: Locator } = {};
export function provideLocator(kind: 'segments' | 'elided', f: Locator): void {
  apart[kind] = f;
}

/** Line and column of `offset`: from the caller's line table, else the file's own index. */
function positionOf(file: LoadedFile, table: Uint32Array | undefined, offset: number): Position {
  return table ? positionAt(table, offset) : positionIn(file.text, file, offset);
}

/** Resolve a field reference to file/line/column (1-based). */
export function locate(files: ReadonlyMap<string, LoadedFile>, ref: LocRef): SourceRange {
  const file = files.get(ref.origin.file);
  if (!file) {
    const p = { line: 1, column: 1 };
    return { file: ref.origin.file, start: p, end: p };
  }
  return locateIn(file, ref.origin, ref.path);
}

/** The blob's first non-blank, non-comment, non-separator position (its "start" for messages). */
function firstContent(text: string, origin: BlobOrigin): number {
  if (origin.format === 'json') return origin.start;
  let i = origin.start;
  while (i < origin.end) {
    const nl = text.indexOf('\n', i);
    const lineEnd = nl < 0 || nl > origin.end ? origin.end : nl;
    const line = text.slice(i, lineEnd).trim();
    if (line !== '' && !line.startsWith('#') && !/^---(\s|#|$)/.test(line)) {
      return i + (text.slice(i, lineEnd).length - text.slice(i, lineEnd).trimStart().length);
    }
    i = lineEnd + 1;
  }
  return origin.start;
}

// ------------------------------------------------------------------ JSON

function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    let b = q - 1;
    while (text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) & 1) {
      j = q + 1;
      continue;
    }
    return q + 1;
  }
}

function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c === 123 || c === 91) {
    const e = findJsonEnd(text, i);
    return e < 0 ? text.length : e;
  }
  let j = i;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || isJsonSpace(d)) break;
    j++;
  }
  return j;
}

/** An array's items found so far; scanning goes on from `next` only as far as an index asks. */
interface JsonItems {
  items: Span[];
  next: number;
  done: boolean;
}

/** An object's members (the last duplicate wins, as in JSON.parse) or an array's items. */
type JsonChildren = Map<string, Span> | JsonItems;

function jsonMembers(text: string, i: number, end: number): Map<string, Span> {
  const members = new Map<string, Span>();
  let j = consumeJsonSpace(text, i + 1);
  while (j < end && text.charCodeAt(j) === 34) {
    const keyEnd = skipString(text, j);
    // A key without escapes is its text (most are): JSON.parse only for the rest.
    const raw = text.slice(j + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(j, keyEnd)) as string) : raw;
    j = consumeJsonSpace(text, keyEnd);
    j = consumeJsonSpace(text, j + 1); // ':'
    const vEnd = skipValue(text, j);
    members.set(key, { start: j, end: vEnd });
    j = consumeJsonSpace(text, vEnd);
    if (text.charCodeAt(j) !== 44) break;
    j = consumeJsonSpace(text, j + 1);
  }
  return members;
}

/** Item `k` of an array, scanning past earlier items only once (a bundle's properties may hold megabytes). */
function jsonItem(text: string, list: JsonItems, k: number, end: number): Span | undefined {
  while (!list.done && list.items.length <= k) {
    const j = list.next;
    if (j >= end || text.charCodeAt(j) === 93) {
      list.done = true;
      break;
    }
    const vEnd = skipValue(text, j);
    list.items.push({ start: j, end: vEnd });
    const after = consumeJsonSpace(text, vEnd);
    if (text.charCodeAt(after) !== 44) list.done = true;
    else list.next = consumeJsonSpace(text, after + 1);
  }
  return list.items[k];
}

/**
 * Walks a JSON blob along a path. Each container's children are indexed on first visit (arrays as
 * far as asked), so the many findings of one large blob (a channel's entries, a bundle's
 * properties) cost one scan of it, not one scan each.
 */
function jsonFinder(text: string, origin: BlobOrigin): Finder {
  const indexed = new Map<number, JsonChildren | undefined>();
  const childrenAt = (span: Span): JsonChildren | undefined => {
    const i = consumeJsonSpace(text, span.start);
    if (indexed.has(i)) return indexed.get(i);
    const c = text.charCodeAt(i);
    const children =
      c === 123
        ? jsonMembers(text, i, span.end)
        : c === 91
          ? { items: [], next: consumeJsonSpace(text, i + 1), done: false }
          : undefined;
    indexed.set(i, children);
    return children;
  };
  return {
    find(path) {
      let cur: Span = { start: origin.start, end: origin.end };
      let found = false;
      for (const seg of path) {
        const children = childrenAt(cur);
        let next: Span | undefined;
        if (children instanceof Map) next = typeof seg === 'string' ? children.get(seg) : undefined;
        else if (children !== undefined && typeof seg === 'number')
          next = jsonItem(text, children, seg, cur.end);
        if (!next) break;
        cur = next;
        found = true;
      }
      return found ? cur : undefined;
    },
  };
}

// ------------------------------------------------------------------ YAML

interface YNode extends Span {
  map?: Map<string, YNode>;
  seq?: YNode[];
}

function scalarSpan(src: string, ev: ScalarEvent): Span {
  let start = ev.valueStart;
  let end = ev.valueEnd;
  if (ev.style === 2 || ev.style === 3) {
    start -= 1;
    end += 1;
  } else if (ev.style === 4 || ev.style === 5) {
    // Point at the `|`/`>` indicator rather than the first content line.
    const lineStart = src.lastIndexOf('\n', Math.max(0, start - 2)) + 1;
    const head = src.slice(lineStart, start);
    const at = Math.max(head.lastIndexOf('|'), head.lastIndexOf('>'));
    if (at >= 0) start = lineStart + at;
    while (end > start && (src.charCodeAt(end - 1) === 10 || src.charCodeAt(end - 1) === 13)) end--;
  }
  return { start, end: Math.max(start, end) };
}

function yamlKey(src: string, ev: Event): string | undefined {
  if (ev.type !== EVENT_ID.SCALAR) return undefined;
  const raw = getScalarValue(src, ev);
  if (ev.style !== 1 || ev.tagStart >= 0) return raw;
  const v = resolveGoPlain(raw);
  if (v === undefined) return raw;
  if (v === null) return undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

function buildYamlTree(src: string): YNode | undefined {
  const events = parseEvents(src, { maxDepth: 10000 });
  const anchors = new Map<string, YNode>();
  let i = 0;
  const anchorOf = (ev: { anchorStart: number; anchorEnd: number }, node: YNode) => {
    if (ev.anchorStart >= 0) anchors.set(src.slice(ev.anchorStart, ev.anchorEnd), node);
  };
  const node = (): YNode => {
    const ev = events[i++] as Event;
    switch (ev.type) {
      case EVENT_ID.SCALAR: {
        const n: YNode = scalarSpan(src, ev);
        anchorOf(ev, n);
        return n;
      }
      case EVENT_ID.ALIAS: {
        const name = src.slice(ev.anchorStart, ev.anchorEnd);
        return anchors.get(name) ?? { start: ev.anchorStart - 1, end: ev.anchorEnd };
      }
      case EVENT_ID.SEQUENCE: {
        const n: YNode = { start: ev.start, end: ev.start + 1, seq: [] };
        anchorOf(ev, n);
        while ((events[i] as Event).type !== EVENT_ID.POP) {
          const item = node();
          n.seq!.push(item);
          n.end = Math.max(n.end, item.end);
        }
        i++;
        return n;
      }
      case EVENT_ID.MAPPING: {
        const n: YNode = { start: ev.start, end: ev.start + 1, map: new Map() };
        anchorOf(ev, n);
        const merged: YNode[] = [];
        while ((events[i] as Event).type !== EVENT_ID.POP) {
          const keyEv = events[i] as Event;
          const keyNode = node();
          const value = node();
          n.end = Math.max(n.end, value.end, keyNode.end);
          const isMerge =
            keyEv.type === EVENT_ID.SCALAR && keyEv.style === 1 && getScalarValue(src, keyEv) === '<<';
          if (isMerge) {
            merged.push(...(value.seq ?? [value]));
            continue;
          }
          const k = yamlKey(src, keyEv);
          if (k !== undefined) n.map!.set(k, value);
        }
        i++;
        for (const m of merged) {
          for (const [k, v] of m.map ?? []) if (!n.map!.has(k)) n.map!.set(k, v);
        }
        return n;
      }
      default:
        return { start: 0, end: 0 };
    }
  };
  while (i < events.length && (events[i] as Event).type !== EVENT_ID.DOCUMENT) i++;
  if (i >= events.length) return undefined;
  i++;
  if ((events[i] as Event | undefined)?.type === EVENT_ID.POP) return undefined;
  return node();
}

function yamlFinder(text: string, origin: BlobOrigin): Finder {
  let tree: YNode | undefined | null = null;
  return {
    find(path) {
      if (tree === null) tree = buildYamlTree(text.slice(origin.start, origin.end));
      if (!tree) return undefined;
      let cur: YNode = tree;
      let found = false;
      for (const seg of path) {
        const next: YNode | undefined = typeof seg === 'number' ? cur.seq?.[seg] : cur.map?.get(seg);
        if (!next) break;
        cur = next;
        found = true;
      }
      if (!found) return undefined;
      return { start: origin.start + cur.start, end: origin.start + cur.end };
    },
  };
}
