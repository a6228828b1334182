import type { DeclarativeConfig } from '../declcfg/types';
import type { BlobOrigin } from '../location';
import type { FileChange } from './action';
import { EditError, type BlobOp, type JsonValue } from './blob-op';
import { blobsOfFile } from './catalog';
import { applyJsonOp, detectJsonStyle, renderJson } from './json-blob';
import { columnOf, detectEol } from './text';
import { applyYamlOp } from './yaml-blob';
import { renderMap } from './yaml-render';
import { detectYamlStyle } from './yaml-style';

interface Shift {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/**
 * The file texts an action is building: blob edits spliced at the blob's [start, end) so every
 * other byte of the file stays as it was, new blobs appended in the file's own format and style.
 * Origins from the loader refer to the original texts; earlier splices in the same file are
 * accounted for.
 */
export class Workspace {
  private readonly texts = new Map<string, string>();
  private readonly shifts = new Map<string, Shift[]>();
  /** Per file, the original indexes of the list items removed so far (see `currentIndex`). */
  private readonly removed = new Map<string, number[]>();
  private readonly deleted = new Set<string>();

  constructor(
    private readonly files: ReadonlyMap<string, string>,
    private readonly dc: DeclarativeConfig,
  ) {}

  text(path: string): string | undefined {
    if (this.deleted.has(path)) return undefined;
    return this.texts.get(path) ?? this.files.get(path);
  }

  private requireText(path: string): string {
    const t = this.texts.get(path) ?? this.files.get(path);
    if (t === undefined) throw new EditError(`file ${JSON.stringify(path)} is not open`);
    return t;
  }

  /** Maps an original [start, end) of a file through the splices made so far. */
  private map(path: string, start: number, end: number): [number, number] {
    let s = start;
    let e = end;
    for (const sh of this.shifts.get(path) ?? []) {
      const delta = sh.newEnd - sh.oldEnd;
      // An insertion exactly at the blob's start counts as inside it (it is the blob's own edit).
      if (sh.oldEnd <= s && !(sh.start === sh.oldEnd && sh.start === s)) {
        s += delta;
        e += delta;
      } else if (sh.start >= e) {
        continue;
      } else if (sh.start >= s && sh.oldEnd <= e) {
        e += delta;
      } else {
        throw new EditError('two edits of one action overlap');
      }
    }
    return [s, e];
  }

  private splice(path: string, start: number, end: number, text: string): void {
    const cur = this.requireText(path);
    this.texts.set(path, cur.slice(0, start) + text + cur.slice(end));
    const list = this.shifts.get(path) ?? [];
    list.push({ start, oldEnd: end, newEnd: start + text.length });
    this.shifts.set(path, list);
  }

  /** Applies `ops` to one blob, in order. */
  editBlob(origin: BlobOrigin, ops: readonly BlobOp[]): void {
    const fileText = this.requireText(origin.file);
    const [start, end] = this.map(origin.file, origin.start, origin.end);
    // An item of a list (a template's entry) is edited as a document indented to the item's column:
    // its lines keep their own indentation, so what is inserted lines up with its neighbours; the
    // `- ` (or the spaces before a JSON `{`) is put back in front afterwards.
    const pad = origin.container ? ' '.repeat(columnOf(fileText, start)) : '';
    let blob = pad + fileText.slice(start, end);
    try {
      if (origin.format === 'yaml') {
        const style = detectYamlStyle(blob, fileText, () => this.otherYaml(origin.file));
        for (const op of ops) blob = applyYamlOp(blob, op, style);
      } else {
        const style = detectJsonStyle(blob, fileText);
        for (const op of ops) blob = applyJsonOp(blob, op, style);
      }
    } catch (e) {
      if (e instanceof EditError) throw new EditError(`cannot edit ${origin.file}: ${e.message}`);
      throw e;
    }
    if (!blob.startsWith(pad))
      throw new EditError(`cannot edit ${origin.file}: the item lost its indentation`);
    this.splice(origin.file, start, end, blob.slice(pad.length));
  }

  /**
   * Applies ops to the document holding a list item (a template), e.g. appending to or removing
   * from its `entries`. `path` is relative to the document.
   */
  private editContainer(origin: BlobOrigin, ops: readonly BlobOp[]): void {
    const c = origin.container;
    if (!c) throw new EditError('not a list item');
    this.editBlob({ file: origin.file, index: 0, start: c.start, end: c.end, format: origin.format }, ops);
  }

  /** The list item's current index: its original one less the items removed before it. */
  private currentIndex(origin: BlobOrigin): number {
    const gone = this.removed.get(origin.file) ?? [];
    if (gone.includes(origin.index)) throw new EditError('two edits of one action overlap');
    return origin.index - gone.filter((i) => i < origin.index).length;
  }

  /**
   * Removes one blob: a list item from its list (through the list's own editor, so a YAML list that
   * loses its last item becomes `[]`), a document with the separator that joins it to the next one
   * (or the previous), and the whole file when the blob was all it held.
   */
  removeBlob(origin: BlobOrigin): void {
    const path = origin.file;
    if (origin.container) {
      const index = this.currentIndex(origin);
      this.editContainer(origin, [{ op: 'remove', path: [...origin.container.path, index] }]);
      const gone = this.removed.get(path) ?? [];
      gone.push(origin.index);
      this.removed.set(path, gone);
      return;
    }
    const text = this.requireText(path);
    const blobs = blobsOfFile(this.dc, path);
    const i = blobs.findIndex((b) => b.origin.start === origin.start && b.origin.end === origin.end);
    const [start, end] = this.map(path, origin.start, origin.end);
    const next = blobs[i + 1];
    const prev = blobs[i - 1];
    if (next) {
      this.splice(path, start, this.map(path, next.origin.start, next.origin.end)[0], '');
    } else if (prev) {
      // From the end of the previous blob: the separator goes, the file's final line break stays.
      this.splice(path, this.map(path, prev.origin.start, prev.origin.end)[1], end, '');
    } else if (text.slice(0, start).trim().replace(/^---$/, '') === '' && text.slice(end).trim() === '') {
      this.deleted.add(path);
      this.splice(path, 0, text.length, '');
    } else {
      this.splice(path, start, end, '');
    }
  }

  /** Appends a new blob at the end of an existing file, in that file's format and style. */
  appendBlob(path: string, value: { [key: string]: JsonValue }): void {
    const text = this.requireText(path);
    const blobs = blobsOfFile(this.dc, path);
    const item = blobs.find((b) => b.origin.container)?.origin;
    if (item?.container) {
      // A template: the new blob is one more item of its list, written in the list's style.
      this.editContainer(item, [{ op: 'append', path: item.container.path, value }]);
      return;
    }
    const eol = detectEol(text);
    const format = blobs[0]?.origin.format ?? (/^\s*\{/.test(text) ? 'json' : 'yaml');
    if (format === 'json') {
      const last = blobs[blobs.length - 1];
      const prev = blobs[blobs.length - 2];
      const sample = last ? this.currentSlice(last.origin) : '{}';
      const style = detectJsonStyle(sample, text);
      const body = renderJson(value, '', style);
      let at = text.length;
      let sep = text === '' ? '' : eol;
      if (last) {
        at = this.map(path, last.origin.start, last.origin.end)[1];
        if (prev) {
          const between = text.slice(
            this.map(path, prev.origin.start, prev.origin.end)[1],
            this.map(path, last.origin.start, last.origin.end)[0],
          );
          // Keep the separator the file uses between blobs (a line break, a blank line…).
          if (/^\s*$/.test(between)) sep = between;
        }
      }
      this.splice(path, at, at, sep + body);
      return;
    }
    const style = detectYamlStyle(text, undefined, () => this.otherYaml(path));
    const body = renderMap(value, 0, style).join(eol) + eol;
    if (text === '') {
      this.splice(path, 0, 0, body);
      return;
    }
    const ends = text.endsWith('\n');
    // A file ending in a bare `---` line already opens the next document.
    const lastLine = text.slice(text.lastIndexOf('\n', text.length - (ends ? 2 : 1)) + 1).trim();
    const open = lastLine === '---';
    this.splice(path, text.length, text.length, (ends ? '' : eol) + (open ? '' : `---${eol}`) + body);
  }

  /**
   * Appends a blob already written out (a rendered olm.bundle, in opm's own layout: `yaml` without
   * its leading `---`, `json` as opm writes it) at the end of an existing file, after the file's
   * last blob and with the file's separator and line breaks. A catalog file only: a template's
   * list items go through appendBlob.
   */
  appendText(path: string, rendered: { json: string; yaml: string }): void {
    const text = this.requireText(path);
    const blobs = blobsOfFile(this.dc, path);
    if (blobs.some((b) => b.origin.container))
      throw new EditError(`${path} is a template, not a catalog file`);
    const eol = detectEol(text);
    const format = blobs[0]?.origin.format ?? (/^\s*\{/.test(text) ? 'json' : 'yaml');
    const body = (format === 'json' ? rendered.json : rendered.yaml).replace(/\n/g, eol);
    if (format === 'json') {
      const last = blobs[blobs.length - 1];
      const at = last ? this.map(path, last.origin.start, last.origin.end)[1] : text.length;
      // opm's JSON ends each blob with a line break; the file's own break after its last blob stays.
      const trimmed = body.endsWith(eol) ? body.slice(0, -eol.length) : body;
      this.splice(path, at, at, (text === '' ? '' : eol) + trimmed);
      return;
    }
    const ends = text === '' || text.endsWith('\n');
    const lastLine = text.slice(text.lastIndexOf('\n', text.length - (ends ? 2 : 1)) + 1).trim();
    const open = text === '' || lastLine === '---';
    this.splice(path, text.length, text.length, (ends ? '' : eol) + (open ? '' : `---${eol}`) + body);
  }

  /** Creates a new file with the given text (a rendered blob in a one-blob-per-file catalog). */
  createText(path: string, text: string): void {
    if (this.text(path) !== undefined) throw new EditError(`file ${JSON.stringify(path)} already exists`);
    this.texts.set(path, text);
  }

  /**
   * Creates a new file holding one blob, styled like `siblings` (existing files of the same layout):
   * their format and indentation (the first one's), and a leading `---` when most of them have one.
   */
  createFile(path: string, value: { [key: string]: JsonValue }, siblings: readonly string[]): void {
    if (this.text(path) !== undefined) throw new EditError(`file ${JSON.stringify(path)} already exists`);
    const texts = siblings.map((s) => this.requireText(s));
    const model = texts[0];
    if (model === undefined) throw new EditError('no file to copy the style from');
    const eol = detectEol(model);
    let text: string;
    if (/^\s*\{/.test(model)) {
      text = renderJson(value, '', detectJsonStyle(firstJsonValue(model), model)) + eol;
    } else {
      const style = detectYamlStyle(model, undefined, () => this.otherYaml(siblings[0] as string));
      const dashes = texts.filter((t) => /^---[ \t]*\r?\n/.test(t)).length * 2 > texts.length;
      text = (dashes ? `---${eol}` : '') + renderMap(value, 0, style).join(eol) + eol;
    }
    this.texts.set(path, text);
  }

  /** Other YAML files of the catalog, those sharing the longest folder prefix with `path` first (a few). */
  private *otherYaml(path: string): Iterable<string> {
    const shared = (p: string): number => {
      let i = 0;
      while (i < p.length && i < path.length && p[i] === path[i]) i++;
      return p.lastIndexOf('/', i);
    };
    const candidates = [...this.files.keys()]
      .filter((p) => p !== path && /\.ya?ml$/i.test(p))
      .sort((a, b) => shared(b) - shared(a) || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 8);
    for (const p of candidates) yield this.text(p) ?? '';
  }

  private currentSlice(origin: BlobOrigin): string {
    const [s, e] = this.map(origin.file, origin.start, origin.end);
    return this.requireText(origin.file).slice(s, e);
  }

  changes(): FileChange[] {
    const out: FileChange[] = [];
    for (const [path, after] of this.texts) {
      const before = this.files.get(path) ?? null;
      if (this.deleted.has(path)) out.push({ path, before, after: null });
      else if (before !== after) out.push({ path, before, after });
    }
    return out;
  }
}

/** The first top-level JSON value of a file (for style detection of a one-blob file). */
function firstJsonValue(text: string): string {
  let depth = 0;
  let inStr = false;
  const start = text.indexOf('{');
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
    } else if (c === '"') inStr = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return '{}';
}
