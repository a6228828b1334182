/**
 * Lines of fields inside a bundle manifest: the file's first object (the one opm reads) is indexed
 * once through the catalog loader's locator, and a field is reported at the line of its key.
 */
import type { BlobOrigin, JsonPath } from '../location';
import { locateIn } from '../load/locate';
import { lineStartOffset, lineStarts } from '../load/text';
import type { LoadedFile } from '../load/types';
import { isObject, reEscape, splitYamlDocuments, type BundleManifest } from './read-bundle';

export interface ManifestLines {
  /**
   * 1-based line of the deepest node of `path` the object has: the line of its key when it is a
   * mapping's value (the value of `foo:` may start a line below), the `- ` line of a list item.
   */
  lineOf(path: JsonPath): number;
}

/** Where the first object sits: a JSON value from its `{`, or the first YAML document. */
function firstObjectOrigin(m: BundleManifest): BlobOrigin {
  const text = m.text;
  const open = text.search(/\S/);
  if (open >= 0 && text[open] === '{') {
    return { file: m.path, index: 0, start: open, end: text.length, format: 'json' };
  }
  const docs = splitYamlDocuments(text);
  const table = lineStarts(text);
  const start = docs[0] ? lineStartOffset(table, docs[0].line) : 0;
  // The next document starts on the line after its `---`: the first document ends before it.
  const end = docs[1] ? lineStartOffset(table, docs[1].line - 1) : text.length;
  return { file: m.path, index: 0, start, end, format: 'yaml' };
}

export function manifestLines(m: BundleManifest): ManifestLines {
  const file: LoadedFile = {
    path: m.path,
    text: m.text,
    format: m.text.trimStart().startsWith('{') ? 'json' : 'yaml',
    bytes: m.text.length,
    blobs: m.documents,
  };
  const origin = firstObjectOrigin(m);
  const lines = m.text.split('\n');
  return {
    lineOf(path) {
      // The prefix of `path` that exists: the locator falls back to it too, but we need its last key.
      let v: unknown = m.object;
      let depth = 0;
      for (const seg of path) {
        const next = Array.isArray(v)
          ? typeof seg === 'number'
            ? (v[seg] as unknown)
            : undefined
          : isObject(v) && typeof seg === 'string' && Object.hasOwn(v, seg)
            ? v[seg]
            : undefined;
        if (next === undefined) break;
        v = next;
        depth++;
      }
      const found = path.slice(0, depth);
      if (found.length === 0) return locateIn(file, origin, ['kind']).start.line;
      const { line, column } = locateIn(file, origin, found).start;
      const key = found[found.length - 1];
      if (typeof key !== 'string') return line;
      return keyLine(lines, line, column, key);
    },
  };
}

/**
 * The line of `key:` for a value that starts at line `at`, column `column`: that line when the key
 * is before the value on it (an inline value, a JSON member), else the nearest line above that
 * starts with the key (a block value starts on the line after its key).
 */
function keyLine(lines: readonly string[], at: number, column: number, key: string): number {
  const k = reEscape(key);
  const before = new RegExp(`(^|[\\s{,])(["']?)${k}\\2\\s*:`);
  if (before.test((lines[at - 1] ?? '').slice(0, column - 1))) return at;
  const starts = new RegExp(`^\\s*(-\\s+)*(["']?)${k}\\2\\s*:`);
  for (let l = at - 1; l >= 1 && l >= at - 50; l--) if (starts.test(lines[l - 1] ?? '')) return l;
  return at;
}
