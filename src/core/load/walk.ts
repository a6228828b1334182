/**
 * `.indexignore` selection: which of a source's files opm would load, in walk order (walk-order.ts).
 */
import { matchPatterns, readPatterns } from './indexignore';
import { compareWalkOrder, INDEX_IGNORE, selectFilesWithoutIgnores } from './walk-order';

function baseName(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? p : p.slice(i + 1);
}

function dirName(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
}

/** Walk order + .indexignore: which of the listed paths opm would load, in opm's order. */
export function selectFiles(
  paths: readonly string[],
  readIgnoreFile: (path: string) => string | undefined,
): { load: string[]; ignored: string[] } {
  const plain = selectFilesWithoutIgnores(paths);
  if (plain) return plain;
  const sorted = [...paths].sort(compareWalkOrder);
  // Every .indexignore is read first, in walk order, so a nested file's patterns come after (and
  // beat) its ancestors'. The matcher also starts with a pattern for `.indexignore` itself.
  const patterns = [readPatterns(INDEX_IGNORE, '')].flat();
  for (const p of sorted) {
    if (baseName(p) !== INDEX_IGNORE) continue;
    const content = readIgnoreFile(p);
    if (content !== undefined) patterns.push(...readPatterns(content, dirName(p)));
  }
  const load: string[] = [];
  const ignored: string[] = [];
  for (const p of sorted) {
    if (baseName(p) === INDEX_IGNORE) continue;
    if (matchPatterns(patterns, p.split('/'), false)) ignored.push(p);
    else load.push(p);
  }
  return { load, ignored };
}
