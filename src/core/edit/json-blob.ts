import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { JsonPath } from '../location';
import { compareGoStrings, foldName } from '../gojson';
import { EditError, type BlobOp, type JsonValue, type KeyPlacement } from './blob-op';
import { insertionIndex } from './key-order';
import { applySplices, detectEol, lineStart, startsLine, type Splice } from './text';

/**
 * Edits one JSON value (one blob) by splicing its text: jsonc-parser's parse tree gives the offsets,
 * the new text is written here in the blob's own style (indent unit, `": "` or `":"`, one member per
 * line or all on one line). jsonc-parser's `modify` re-formats the whole lines it touches and expands
 * one-line objects, so only its parser is used.
 */

export interface JsonStyle {
  /** One indent level ('    ', '  ', '\t'), or null for one-line (compact) JSON. */
  unit: string | null;
  /** Between a key and its value, e.g. ': '. */
  colon: string;
  /** Between members of a one-line object or array, e.g. ',' or ', '. */
  sep: string;
  eol: string;
}

function leadingWs(text: string, pos: number): string {
  const s = lineStart(text, pos);
  let e = s;
  while (text[e] === ' ' || text[e] === '\t') e++;
  return text.slice(s, e);
}

function parse(text: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!root || errors.length > 0) throw new EditError('the JSON does not parse');
  if (root.type !== 'object') throw new EditError('the blob is not a JSON object');
  return root;
}

/** The style of a blob's text (and, for compact blobs, its separators). */
export function detectJsonStyle(text: string, fileText?: string): JsonStyle {
  const eol = detectEol(fileText ?? text);
  const root = parse(text);
  const props = root.children ?? [];
  const first = props[0];
  let unit: string | null = null;
  let colon = ': ';
  let sep = ',';
  if (first) {
    const [k, v] = first.children ?? [];
    if (k && v) colon = text.slice(k.offset + k.length, v.offset);
    if (startsLine(text, first.offset)) {
      const base = leadingWs(text, root.offset);
      const inner = leadingWs(text, first.offset);
      unit = inner.startsWith(base) && inner.length > base.length ? inner.slice(base.length) : '    ';
    }
    const second = props[1];
    if (second) sep = text.slice(first.offset + first.length, second.offset);
  } else if (text.includes('\n')) {
    unit = '    ';
  }
  if (!/^\s*:\s*$/.test(colon)) colon = ': ';
  if (!/^\s*,\s*$/.test(sep) || sep.includes('\n')) sep = ',';
  return { unit, colon, sep, eol };
}

/** JSON text for `v`; nested lines start with `indent` (multi-line style) or everything on one line. */
export function renderJson(v: JsonValue, indent: string, style: JsonStyle): string {
  if (typeof v === 'string') return JSON.stringify(v);
  const { unit, colon, sep, eol } = style;
  const items = Array.isArray(v)
    ? v.map((x) => (inner: string) => renderJson(x, inner, style))
    : Object.entries(v).map(
        ([k, x]) =>
          (inner: string) =>
            `${JSON.stringify(k)}${colon}${renderJson(x, inner, style)}`,
      );
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  if (items.length === 0) return open + close;
  if (unit === null) return open + items.map((f) => f('')).join(sep) + close;
  const inner = indent + unit;
  return `${open}${eol}${items.map((f) => inner + f(inner)).join(`,${eol}`)}${eol}${indent}${close}`;
}

function keyOf(prop: Node): string | undefined {
  const k = prop.children?.[0];
  return k && typeof k.value === 'string' ? k.value : undefined;
}

interface Resolved {
  node: Node | undefined;
  parent: Node;
  /** The property node (object parent) holding `node`. */
  prop?: Node;
  index: number;
}

function describe(path: JsonPath): string {
  return path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('') || '(blob)';
}

function resolve(root: Node, path: JsonPath): Resolved {
  let res: Resolved = { node: root, parent: root, index: -1 };
  path.forEach((seg, i) => {
    const cur = res.node;
    const at = path.slice(0, i + 1);
    if (cur === undefined) throw new EditError(`${describe(at)} does not exist`);
    if (typeof seg === 'number') {
      if (cur.type !== 'array') throw new EditError(`${describe(path.slice(0, i))} is not a list`);
      const item = cur.children?.[seg];
      if (!item) throw new EditError(`${describe(at)} does not exist`);
      res = { node: item, parent: cur, index: seg };
    } else {
      if (cur.type !== 'object') throw new EditError(`${describe(path.slice(0, i))} is not an object`);
      // Go matches keys case-insensitively; opm decodes a re-encoding with sorted keys, so the
      // matching key that sorts last wins (the last one among equal spellings).
      const folded = foldName(seg);
      let found: Resolved = { node: undefined, parent: cur, index: -1 };
      let foundKey = '';
      (cur.children ?? []).forEach((prop, index) => {
        const k = keyOf(prop);
        if (k === undefined || (k !== seg && foldName(k) !== folded)) return;
        if (found.node !== undefined && compareGoStrings(k, foundKey) < 0) return;
        found = { node: prop.children?.[1], parent: cur, prop, index };
        foundKey = k;
      });
      res = found;
    }
  });
  return res;
}

const end = (n: Node): number => n.offset + n.length;

class JsonBlobEditor {
  constructor(
    private readonly text: string,
    private readonly style: JsonStyle,
  ) {}

  /** Inserts member text (a property or an item) at `index` of an object or array. */
  private insertMember(container: Node, index: number, render: (indent: string) => string): Splice {
    const { text, style } = this;
    const kids = container.children ?? [];
    const multi = kids.length > 0 ? startsLine(text, (kids[0] as Node).offset) : style.unit !== null;
    if (!multi) {
      const member = render('');
      if (kids.length === 0) return { start: container.offset + 1, end: end(container) - 1, text: member };
      if (index === 0)
        return { start: (kids[0] as Node).offset, end: (kids[0] as Node).offset, text: member + style.sep };
      const at = end(kids[index - 1] as Node);
      return { start: at, end: at, text: style.sep + member };
    }
    const unit = style.unit ?? '    ';
    if (kids.length === 0) {
      const base = leadingWs(text, container.offset);
      const inner = base + unit;
      return {
        start: container.offset + 1,
        end: end(container) - 1,
        text: `${style.eol}${inner}${render(inner)}${style.eol}${base}`,
      };
    }
    const inner = leadingWs(text, (kids[0] as Node).offset);
    if (index === 0) {
      const at = (kids[0] as Node).offset;
      return { start: at, end: at, text: `${render(inner)},${style.eol}${inner}` };
    }
    const at = end(kids[index - 1] as Node);
    return { start: at, end: at, text: `,${style.eol}${inner}${render(inner)}` };
  }

  private styleFor(container: Node): JsonStyle {
    const kids = container.children ?? [];
    const multi =
      kids.length > 0 ? startsLine(this.text, (kids[0] as Node).offset) : this.style.unit !== null;
    return multi ? { ...this.style, unit: this.style.unit ?? '    ' } : { ...this.style, unit: null };
  }

  insertProperty(obj: Node, key: string, value: JsonValue, placement: KeyPlacement | undefined): Splice {
    const existing = (obj.children ?? []).map((p) => keyOf(p) ?? '');
    const idx = placement
      ? insertionIndex(existing, key, placement.samples, placement.fallback)
      : existing.length;
    const st = this.styleFor(obj);
    return this.insertMember(
      obj,
      idx,
      (inner) => `${JSON.stringify(key)}${st.colon}${renderJson(value, inner, st)}`,
    );
  }

  appendItem(arr: Node, value: JsonValue): Splice {
    const st = this.styleFor(arr);
    return this.insertMember(arr, (arr.children ?? []).length, (inner) => renderJson(value, inner, st));
  }

  replaceValue(node: Node, value: JsonValue): Splice {
    const indent = leadingWs(this.text, node.offset);
    return { start: node.offset, end: end(node), text: renderJson(value, indent, this.styleFor(node)) };
  }

  removeMember(container: Node, index: number): Splice {
    const kids = container.children ?? [];
    const cur = kids[index] as Node;
    if (index > 0) return { start: end(kids[index - 1] as Node), end: end(cur), text: '' };
    const next = kids[1];
    if (next) return { start: cur.offset, end: next.offset, text: '' };
    return { start: container.offset + 1, end: end(container) - 1, text: '' };
  }
}

/** Applies one op to the JSON text of one blob and returns the new text. */
export function applyJsonOp(text: string, op: BlobOp, style: JsonStyle): string {
  const root = parse(text);
  const ed = new JsonBlobEditor(text, style);
  const last = op.path[op.path.length - 1];
  if (last === undefined) throw new EditError('empty path');
  const splice = ((): Splice => {
    const r = resolve(root, op.path);
    switch (op.op) {
      case 'set':
        if (r.node) {
          if (r.node.type !== 'string' && r.node.type !== 'null')
            throw new EditError(`${describe(op.path)} is not a string`);
          return ed.replaceValue(r.node, op.value);
        }
        return ed.insertProperty(r.parent, String(last), op.value, op.placement);
      case 'append':
        if (!r.node) return ed.insertProperty(r.parent, String(last), [op.value], op.placement);
        if (r.node.type === 'null') return ed.replaceValue(r.node, [op.value]);
        if (r.node.type !== 'array') throw new EditError(`${describe(op.path)} is not a list`);
        return ed.appendItem(r.node, op.value);
      case 'insert':
        if (r.node) throw new EditError(`${describe(op.path)} already exists`);
        return ed.insertProperty(r.parent, String(last), op.value, op.placement);
      case 'remove': {
        if (!r.node) throw new EditError(`${describe(op.path)} does not exist`);
        if (r.parent.type === 'array' && (r.parent.children ?? []).length === 1 && op.dropEmpty) {
          const owner = resolve(root, op.path.slice(0, -1));
          return ed.removeMember(owner.parent, owner.index);
        }
        return ed.removeMember(r.parent, r.index);
      }
    }
  })();
  return applySplices(text, [splice]);
}

/** The items of the array at `path` of a JSON document: each item's [start, end). */
export function jsonListItems(text: string, path: JsonPath): { start: number; end: number }[] | undefined {
  const r = resolve(parse(text), path);
  if (!r.node || r.node.type !== 'array') return undefined;
  return (r.node.children ?? []).map((n) => ({ start: n.offset, end: end(n) }));
}
