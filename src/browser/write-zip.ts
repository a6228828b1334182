/**
 * "Download .zip": the catalog (or only its changed files) as a zip, for browsers that cannot
 * write to folders. Built in the catalog worker with fflate; file bytes that were never edited are
 * copied from the source as they are (so ignored files, .indexignore and odd encodings survive), and
 * an edited file keeps the bytes of its unedited parts (core/edit/original-bytes.ts). When an edit
 * would need a byte that is not known (text with U+FFFD moved), the export is refused, naming why.
 */
import { zipSync, type Zippable } from 'fflate';
import { bytesForEdit } from '../core/edit/original-bytes';
import type { FileEdit } from '../core/service/edit-types';
import type { CatalogSource } from '../core/source/types';

const encoder = new TextEncoder();

export async function buildZip(
  source: CatalogSource,
  edits: readonly FileEdit[],
  scope: 'all' | 'changed',
): Promise<{ data: Uint8Array; files: number }> {
  const tree: Zippable = {};
  const edited = new Map(edits.map((e) => [e.path, e]));
  if (scope === 'all') {
    for (const f of await source.list()) {
      if (edited.has(f.path)) continue;
      tree[f.path] = await source.read(f.path);
    }
  }
  const refused: string[] = [];
  for (const e of edits) {
    if (e.text === null) continue;
    if (e.original === null) {
      tree[e.path] = encoder.encode(e.text);
      continue;
    }
    // An edited file keeps the bytes of what was not edited: never U+FFFD for a byte that was not UTF-8.
    const before = await source.read(e.path).catch(() => undefined);
    const r = before
      ? bytesForEdit(before, e.original, e.text)
      : e.original.includes('\ufffd')
        ? { refused: 'the file is gone from the source, and its bytes that are not UTF-8 with it' }
        : { bytes: encoder.encode(e.text) };
    if ('bytes' in r) tree[e.path] = r.bytes;
    else refused.push(`${e.path}: ${r.refused}`);
  }
  if (refused.length) throw new Error(`Nothing was exported: ${refused.join('; ')}.`);
  const data = zipSync(tree, { level: 6, mtime: new Date() });
  return { data, files: Object.keys(tree).length };
}
