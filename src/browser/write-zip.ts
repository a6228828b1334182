/**
 * "Download .zip": the catalog (or only its changed files) as a zip, for browsers that cannot
 * write to folders. Built in the catalog worker with fflate; file bytes that were never edited are
 * copied from the source as they are (so ignored files, .indexignore and odd encodings survive).
 */
import { zipSync, type Zippable } from 'fflate';
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
  for (const e of edits) if (e.text !== null) tree[e.path] = encoder.encode(e.text);
  const data = zipSync(tree, { level: 6, mtime: new Date() });
  return { data, files: Object.keys(tree).length };
}
