import { isAlias, isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type ParsedNode } from 'yaml';
import type { JsonPath } from '../location';
import { compareGoStrings, foldName } from '../gojson';
import { EditError, type BlobOp, type JsonValue, type KeyPlacement } from './blob-op';
import { insertionIndex } from './key-order';
import { applySplices, columnOf, lineStart, nextLineStart, startsLine, type Splice } from './text';
import { renderFlow, renderPair, renderSeqItems } from './yaml-render';
import { yamlScalar, type YamlStyle } from './yaml-style';

/**
 * Edits one YAML document (one blob) by splicing its text. The `yaml` package parses the document
 * only to find where things are (node ranges); the new text is written here, line by line, in the
 * document's own indentation, so comments, key order, quoting and every untouched line stay
 * byte-identical. (Re-stringifying the Document would re-flow comments, blank lines, block scalars
 * and long strings.)
 *
 * Over 400 lines on purpose: set, append, insert and remove share the node lookup, the indentation
 * and the splice bookkeeping, and splitting them would scatter one algorithm (its twin for JSON is
 * json-blob.ts; the text rendering already lives in yaml-render.ts and yaml-style.ts).
 */

type YNode = ParsedNode;
type YPair = Pair<YNode, YNode | null>;
type YMap = Extract<YNode, { items: YPair[] }>;
type YSeq = Extract<YNode, { items: YNode[] }>;

function parse(text: string) {
  const doc = parseDocument(text, { version: '1.1', uniqueKeys: false, prettyErrors: false });
  const err = doc.errors[0];
  if (err) throw new EditError(`the YAML does not parse: ${err.message.split('\n')[0]}`);
  return doc;
}

function keyText(p: YPair): string | undefined {
  return isScalar(p.key) ? String(p.key.value) : undefined;
}

/**
 * The pair Go would decode into `field`: keys match case-insensitively and opm decodes a re-encoding
 * with sorted keys, so the matching key that sorts last wins (the last one among equal spellings).
 */
function findPair(map: YMap, field: string): { pair: YPair; index: number } | undefined {
  const folded = foldName(field);
  let found: { pair: YPair; index: number; key: string } | undefined;
  map.items.forEach((pair, index) => {
    const k = keyText(pair);
    if (k === undefined || (k !== field && foldName(k) !== folded)) return;
    if (!found || compareGoStrings(k, found.key) >= 0) found = { pair, index, key: k };
  });
  return found;
}

function describe(path: JsonPath): string {
  return path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('') || '(document)';
}

function noAlias(node: Node | null | undefined, path: JsonPath): void {
  if (node && isAlias(node)) throw new EditError(`${describe(path)} is a YAML alias; edit it by hand`);
}

interface Resolved {
  /** The node at the path, undefined when the last key is missing. */
  node: YNode | null | undefined;
  /** The parent map or sequence. */
  parent: YNode;
  pair?: YPair;
  index: number;
}

function resolve(doc: ReturnType<typeof parse>, path: JsonPath): Resolved {
  let cur = doc.contents as YNode | null;
  if (!cur || !isMap(cur)) throw new EditError('the document is not a mapping');
  let res: Resolved = { node: cur, parent: cur, index: -1 };
  path.forEach((seg, i) => {
    const at = path.slice(0, i + 1);
    if (res.node === undefined) throw new EditError(`${describe(at)} does not exist`);
    cur = res.node;
    noAlias(cur, at);
    if (typeof seg === 'number') {
      if (!cur || !isSeq(cur)) throw new EditError(`${describe(path.slice(0, i))} is not a list`);
      const item = (cur as YSeq).items[seg];
      if (item === undefined) throw new EditError(`${describe(at)} does not exist`);
      res = { node: item, parent: cur, index: seg };
    } else {
      if (!cur || !isMap(cur)) throw new EditError(`${describe(path.slice(0, i))} is not a mapping`);
      const f = findPair(cur as YMap, seg);
      res = f
        ? { node: f.pair.value, parent: cur, pair: f.pair, index: f.index }
        : { node: undefined, parent: cur, index: -1 };
    }
  });
  noAlias(res.node, path);
  return res;
}

function isBlockScalar(n: YNode): boolean {
  return isScalar(n) && (n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED');
}

/** The start of the line after a node's last content (its trailing comment stays with it). */
function afterNode(text: string, n: YNode): number {
  const [start, end] = n.range;
  if (isBlockScalar(n)) return end;
  let e = end;
  while (e > start && /\s/.test(text[e - 1] as string)) e--;
  return nextLineStart(text, e);
}

/**
 * Past the comment lines that follow `pos` indented deeper than `col`: they belong to the node
 * before them (a note at the end of an entry stays with that entry).
 */
function overComments(text: string, pos: number, col: number): number {
  let at = pos;
  while (at < text.length) {
    const m = /^([ \t]*)#[^\n]*(\n|$)/.exec(text.slice(at, text.indexOf('\n', at) + 1 || text.length));
    if (!m || (m[1] as string).length <= col) break;
    at = nextLineStart(text, at);
  }
  return at;
}

/** The start of the line after a pair (and the deeper-indented comments that close it). */
function afterPair(text: string, p: YPair): number {
  const v = p.value;
  const end = v && !(isScalar(v) && v.range[0] === v.range[1]) ? afterNode(text, v) : afterNode(text, p.key);
  return overComments(text, end, columnOf(text, p.key.range[0]));
}

/** The start of the line after a block sequence item (and the comments indented under it). */
function afterItem(text: string, item: YNode, dash: number): number {
  return overComments(text, afterNode(text, item), columnOf(text, dash));
}

/** Where a value's text ends on its line (for flow siblings: just past the value). */
function pairEnd(p: YPair): number {
  return p.value ? Math.max(p.value.range[1], p.key.range[1]) : p.key.range[1];
}

function colonAfterKey(text: string, p: YPair): number {
  const i = text.indexOf(':', p.key.range[1]);
  if (i < 0) throw new EditError('cannot find the ":" after a key');
  return i;
}

/** The position of the `-` that introduces a block sequence item. */
function dashOf(text: string, item: YNode): number {
  let i = item.range[0] - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  if (text[i] !== '-') throw new EditError('cannot find the "-" of a list item');
  return i;
}

/** Inserts whole lines at `pos` (a line start, or the end of a text whose last line has no break). */
function insertLines(text: string, pos: number, lines: string[], eol: string): Splice {
  const body = lines.join(eol);
  if (pos === text.length && text.length > 0 && !text.endsWith('\n'))
    return { start: pos, end: pos, text: eol + body };
  return { start: pos, end: pos, text: body + eol };
}

/** Removes the lines [start, end); when they end the text without a final break, the break before goes too. */
function removeLines(text: string, start: number, end: number): Splice {
  if (end === text.length && !text.endsWith('\n') && start > 0) {
    const cut = text[start - 2] === '\r' ? start - 2 : start - 1;
    return { start: cut, end, text: '' };
  }
  return { start, end, text: '' };
}

/** Text from the `:` of a pair to the end of its value's last line, minus the final line break. */
function valueTail(text: string, p: YPair): { start: number; end: number } {
  let end = afterPair(text, p);
  if (text[end - 1] === '\n') end--;
  if (text[end - 1] === '\r') end--;
  return { start: colonAfterKey(text, p) + 1, end };
}

function flowPadded(text: string, n: YNode): boolean {
  return /^[[{] /.test(text.slice(n.range[0], n.range[0] + 2));
}

class YamlBlobEditor {
  constructor(
    private readonly text: string,
    private readonly style: YamlStyle,
  ) {}

  private lines(pair: string, v: JsonValue, col: number): string[] {
    return renderPair(pair, v, col, this.style);
  }

  /** Inserts `key: value` into a mapping at the place `placement` picks. */
  insertPair(map: YMap, key: string, value: JsonValue, placement: KeyPlacement | undefined): Splice {
    const { text, style } = this;
    const existing = map.items.map((p) => keyText(p) ?? '');
    const idx = placement
      ? insertionIndex(existing, key, placement.samples, placement.fallback)
      : existing.length;
    if (map.flow) {
      const pairText = `${yamlScalar(key, style.quote, true)}: ${renderFlow(value, style, flowPadded(text, map))}`;
      if (map.items.length === 0) {
        const p = flowPadded(text, map) ? ' ' : '';
        return { start: map.range[0] + 1, end: map.range[1] - 1, text: `${p}${pairText}${p}` };
      }
      if (idx === 0) {
        const first = map.items[0] as YPair;
        return { start: first.key.range[0], end: first.key.range[0], text: `${pairText}, ` };
      }
      const at = pairEnd(map.items[idx - 1] as YPair);
      return { start: at, end: at, text: `, ${pairText}` };
    }
    const first = map.items[0];
    if (!first) throw new EditError('cannot add a key to an empty block mapping');
    const col = columnOf(text, first.key.range[0]);
    const lines = this.lines(key, value, col);
    if (idx === 0) {
      const k = first.key.range[0];
      if (startsLine(text, k)) return insertLines(text, lineStart(text, k), lines, style.eol);
      // The first key shares its line with a `- `: put the new pair there and move the old one down.
      const body = [(lines[0] as string).slice(col), ...lines.slice(1)].join(style.eol);
      return { start: k, end: k, text: body + style.eol + ' '.repeat(col) };
    }
    return insertLines(text, afterPair(text, map.items[idx - 1] as YPair), lines, style.eol);
  }

  /** Replaces a pair's value (a scalar or null) by the string `value`, keeping its quoting. */
  setScalar(pair: YPair, value: string, inFlow: boolean): Splice {
    const { text, style } = this;
    const v = pair.value;
    if (!v || (isScalar(v) && v.range[0] === v.range[1])) {
      const colon = colonAfterKey(text, pair);
      return { start: colon + 1, end: colon + 1, text: ` ${yamlScalar(value, style.quote, inFlow)}` };
    }
    if (!isScalar(v)) throw new EditError(`the value of "${keyText(pair)}" is not a string`);
    const force = v.type === 'QUOTE_DOUBLE' ? 'double' : v.type === 'QUOTE_SINGLE' ? 'single' : undefined;
    let end = v.range[1];
    // A block scalar's range takes its final line break(s); the one-line replacement keeps them.
    if (isBlockScalar(v))
      while (end > v.range[0] && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
    return { start: v.range[0], end, text: yamlScalar(value, style.quote, inFlow, force) };
  }

  /** Replaces a list item that is a string (keeping its quoting). */
  setItem(node: YNode, value: string, inFlow: boolean): Splice {
    if (!isScalar(node) || isBlockScalar(node)) throw new EditError('the list item is not a one-line string');
    const force =
      node.type === 'QUOTE_DOUBLE' ? 'double' : node.type === 'QUOTE_SINGLE' ? 'single' : undefined;
    return {
      start: node.range[0],
      end: node.range[1],
      text: yamlScalar(value, this.style.quote, inFlow, force),
    };
  }

  /** Appends an item to a sequence (block or flow). */
  appendItem(seq: YSeq, value: JsonValue): Splice {
    const { text, style } = this;
    if (seq.flow) {
      const rendered = renderFlow(value, style, flowPadded(text, seq));
      if (seq.items.length === 0) {
        const p = flowPadded(text, seq) ? ' ' : '';
        return { start: seq.range[0] + 1, end: seq.range[1] - 1, text: `${p}${rendered}${p}` };
      }
      const last = seq.items[seq.items.length - 1] as YNode;
      return { start: last.range[1], end: last.range[1], text: `, ${rendered}` };
    }
    const last = seq.items[seq.items.length - 1];
    if (!last) throw new EditError('cannot append to an empty block list');
    const dash = dashOf(text, last);
    const gap = last.range[0] - dash - 1;
    const lines = renderSeqItems([value], columnOf(text, dash), gap, style);
    return insertLines(text, afterItem(text, last, dash), lines, style.eol);
  }

  /**
   * Turns an empty value (`key:`, `key: ~`, `key: []` in a block mapping) into a block list of one
   * item; a comment after the value stays on the key's line.
   */
  replaceWithBlockList(pair: YPair, value: JsonValue): Splice {
    const { text, style } = this;
    const keyCol = columnOf(text, pair.key.range[0]);
    const lines = renderSeqItems([value], keyCol + style.seqIndent, style.dashGap, style);
    const colon = colonAfterKey(text, pair);
    const v = pair.value;
    const valueEnd = v && v.range[1] > colon ? v.range[1] : colon + 1;
    let lineEnd = text.indexOf('\n', valueEnd);
    if (lineEnd < 0) lineEnd = text.length;
    if (text[lineEnd - 1] === '\r') lineEnd--;
    const rest = text.slice(valueEnd, lineEnd).trimEnd();
    return { start: colon + 1, end: lineEnd, text: rest + style.eol + lines.join(style.eol) };
  }

  removePair(map: YMap, index: number): Splice {
    const { text } = this;
    const pair = map.items[index] as YPair;
    if (map.flow)
      return this.removeFlowItem(
        map.items.map((p) => ({ start: p.key.range[0], end: pairEnd(p) })),
        index,
        map,
      );
    const k = pair.key.range[0];
    if (startsLine(text, k)) return removeLines(text, lineStart(text, k), afterPair(text, pair));
    const next = map.items[index + 1];
    if (!next) throw new EditError(`cannot remove the only key of a list item ("${keyText(pair)}")`);
    return { start: k, end: next.key.range[0], text: '' };
  }

  removeItem(seq: YSeq, index: number): Splice {
    const { text } = this;
    if (seq.flow)
      return this.removeFlowItem(
        seq.items.map((n) => ({ start: n.range[0], end: n.range[1] })),
        index,
        seq,
      );
    const item = seq.items[index] as YNode;
    const dash = dashOf(text, item);
    if (!startsLine(text, dash))
      throw new EditError('a list item shares its line with other content; edit it by hand');
    return removeLines(text, lineStart(text, dash), afterItem(text, item, dash));
  }

  private removeFlowItem(spans: { start: number; end: number }[], index: number, coll: YNode): Splice {
    const cur = spans[index] as { start: number; end: number };
    if (index > 0) return { start: (spans[index - 1] as { end: number }).end, end: cur.end, text: '' };
    const next = spans[1];
    if (next) return { start: cur.start, end: next.start, text: '' };
    return { start: coll.range[0] + 1, end: coll.range[1] - 1, text: '' };
  }

  /** `key: []` in place of a block list that lost its last item. */
  emptyList(pair: YPair): Splice {
    const { start, end } = valueTail(this.text, pair);
    return { start, end, text: ' []' };
  }
}

/** Applies one op to the YAML text of one blob and returns the new text. */
export function applyYamlOp(text: string, op: BlobOp, style: YamlStyle): string {
  const doc = parse(text);
  const ed = new YamlBlobEditor(text, style);
  const path = op.path;
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  if (last === undefined) throw new EditError('empty path');
  const splice = ((): Splice => {
    switch (op.op) {
      case 'set': {
        const r = resolve(doc, path);
        if (typeof last === 'number')
          return ed.setItem(r.node as YNode, op.value, Boolean((r.parent as YSeq).flow));
        if (r.pair) return ed.setScalar(r.pair, op.value, Boolean((r.parent as YMap).flow));
        return ed.insertPair(r.parent as YMap, String(last), op.value, op.placement);
      }
      case 'append': {
        const r = resolve(doc, path);
        if (r.node === undefined)
          return ed.insertPair(r.parent as YMap, String(last), [op.value], op.placement);
        const n = r.node;
        const emptyValue = n === null || (isScalar(n) && (n.value === null || n.value === undefined));
        if (emptyValue || (isSeq(n) && n.flow && n.items.length === 0 && !(r.parent as YMap).flow)) {
          if (!r.pair) throw new EditError(`${describe(path)} is not a list`);
          return ed.replaceWithBlockList(r.pair, op.value);
        }
        if (!isSeq(n)) throw new EditError(`${describe(path)} is not a list`);
        return ed.appendItem(n as YSeq, op.value);
      }
      case 'insert': {
        const r = resolve(doc, path);
        if (r.node !== undefined) throw new EditError(`${describe(path)} already exists`);
        return ed.insertPair(r.parent as YMap, String(last), op.value, op.placement);
      }
      case 'remove': {
        const r = resolve(doc, path);
        if (r.node === undefined) throw new EditError(`${describe(path)} does not exist`);
        if (typeof last === 'string') return ed.removePair(r.parent as YMap, r.index);
        const seq = r.parent as YSeq;
        if (seq.items.length === 1) {
          const owner = resolve(doc, parentPath);
          if (!owner.pair) throw new EditError(`${describe(parentPath)} is not a key`);
          if (op.dropEmpty) return ed.removePair(owner.parent as YMap, owner.index);
          if (!seq.flow) return ed.emptyList(owner.pair);
        }
        return ed.removeItem(seq, r.index);
      }
    }
  })();
  return applySplices(text, [splice]);
}

/**
 * The items of the block list at `path` of a YAML document, as the ranges an edit of one item
 * works on: from the item's first character (past its `- `) to the start of the line after it
 * (comments indented under it included). A flow list, or an item sharing its line with the `-` of
 * an enclosing item, gives undefined (such items are edited through the whole document).
 */
export function yamlListItems(text: string, path: JsonPath): { start: number; end: number }[] | undefined {
  const doc = parse(text);
  const r = resolve(doc, path);
  const seq = r.node;
  if (!seq || !isSeq(seq) || seq.flow) return undefined;
  const out: { start: number; end: number }[] = [];
  for (const item of (seq as YSeq).items) {
    const dash = dashOf(text, item);
    if (!startsLine(text, dash)) return undefined;
    out.push({ start: item.range[0], end: afterItem(text, item, dash) });
  }
  return out;
}
