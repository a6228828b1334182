/**
 * Kubernetes-style YAML files (one or more `---` documents) read with source positions, for the
 * checks beside OLM (crossplane/, fleet/) that point at file:line:column. OLM's loader has its own
 * Go-faithful decoding (load/); these formats are read as Kubernetes' sigs.k8s.io/yaml reads them,
 * where a plain YAML parse with positions is all a finding needs.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments } from 'yaml';
import type { Document, Node } from 'yaml';
import type { JsonPath, Position, SourceRange } from '../location';

/** One non-empty document of a file, its value and how to locate a path inside it. */
export interface YamlDoc {
  file: string;
  /** 0-based index among the file's documents (empty ones counted, as `---` separates them). */
  index: number;
  /** The decoded value (plain JS). */
  value: unknown;
  /**
   * Where a path in the document is; the nearest existing ancestor when the path is missing. With
   * `key`, a mapping entry's key rather than its value (for "this field should not be here").
   */
  locate(path?: JsonPath, key?: boolean): SourceRange;
}

export interface YamlFile {
  file: string;
  /** The text as parsed (kept by reference: a caller may quote a document of it). */
  text: string;
  docs: YamlDoc[];
  /** Syntax errors, located; a file with errors keeps the documents that did parse. */
  errors: { message: string; location: SourceRange }[];
}

function positionOf(lc: LineCounter, offset: number): Position {
  const p = lc.linePos(offset);
  return { line: p.line, column: p.col };
}

/** The node a path leads to: the value, or the pair's key when the value is empty, or the nearest ancestor. */
function nodeAt(root: Node | null, path: JsonPath, key = false): Node | null {
  let node: Node | null = root;
  for (const [i, seg] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
      );
      if (!pair) return node;
      if (key && i === path.length - 1) return pair.key as Node;
      const value = pair.value as Node | null;
      if (value === null || (isScalar(value) && value.range === undefined)) return pair.key as Node;
      node = value;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as Node | undefined;
      if (!item) return node;
      node = item;
    } else {
      return node;
    }
  }
  return node;
}

function isEmptyDoc(doc: Document): boolean {
  return doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null);
}

/** Parses a file's text into its documents. Never throws: syntax errors come back located. */
export function parseYamlFile(file: string, text: string): YamlFile {
  const lc = new LineCounter();
  // sigs.k8s.io/yaml reads with go-yaml v2, a YAML 1.1 resolver: `yes`/`on` are booleans. Its
  // timestamps become strings again on the way to JSON, so the 1.1 timestamp tag is left out.
  const parsed = parseAllDocuments(text, {
    lineCounter: lc,
    prettyErrors: false,
    version: '1.1',
    customTags: (tags) =>
      tags.filter((t) => typeof t === 'string' || t.tag !== 'tag:yaml.org,2002:timestamp'),
  });
  const range = (start: number, end: number): SourceRange => ({
    file,
    start: positionOf(lc, start),
    end: positionOf(lc, Math.max(start, end)),
  });
  const docs: YamlDoc[] = [];
  const errors: YamlFile['errors'] = [];
  const list = Array.isArray(parsed) ? parsed : [];
  list.forEach((doc, index) => {
    for (const e of doc.errors)
      errors.push({ message: e.message.split('\n')[0] ?? e.message, location: range(e.pos[0], e.pos[1]) });
    if (doc.errors.length > 0 || isEmptyDoc(doc)) return;
    const root = doc.contents as Node;
    docs.push({
      file,
      index,
      value: doc.toJS({ maxAliasCount: 1000 }) as unknown,
      locate(path: JsonPath = [], key = false) {
        const node = nodeAt(root, path, key);
        const r = node?.range ?? root.range ?? [0, 0, 0];
        return range(r[0], r[1]);
      },
    });
  });
  return { file, text, docs, errors };
}

/** A plain object (a YAML mapping), for narrowing decoded values. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string field, or undefined when absent or not a string. */
export function str(o: unknown, key: string): string | undefined {
  if (!isRecord(o)) return undefined;
  const v = o[key];
  return typeof v === 'string' ? v : undefined;
}

/** `apiVersion` split as Kubernetes does: `group/version`, or just `version` for the core group. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.lastIndexOf('/');
  return i < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}
