/**
 * fs.WalkDir order and `.indexignore` selection: which of a source's files opm would load.
 */
import { compareGoStrings } from '../gojson';
import { matchPatterns, readPatterns } from './indexignore';
import { baseName, dirName } from '../source/paths';

export const INDEX_IGNORE = '.indexignore';

/**
 * fs.WalkDir's order: entries of each directory in lexical (byte) order, depth first. Comparing
 * paths segment by segment gives exactly that (`a/x.yaml` before `a.yaml`).
 */
export function compareWalkOrder(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  const n = Math.min(as.length, bs.length);
  for (let i = 0; i < n; i++) {
    const c = compareGoStrings(as[i] as string, bs[i] as string);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}

/** Walk order + .indexignore: which of the listed paths opm would load, in opm's order. */
export function selectFiles(
  paths: readonly string[],
  readIgnoreFile: (path: string) => string | undefined,
): { load: string[]; ignored: string[] } {
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
