/**
 * fs.WalkDir order and `.indexignore` selection: which of a source's files opm would load.
 */
import { compareGoStrings } from '../gojson';
import type * as IndexIgnore from './indexignore';
import { baseName, dirName } from '../source/paths';

export const INDEX_IGNORE = '.indexignore';

/**
 * opm's .indexignore matcher, loaded only for a source that has an .indexignore (most catalogs have
 * none: the browser worker's start-up code leaves it out). Callers await `loadIndexIgnore(paths)`
 * before `selectFiles`; it loads the matcher only when one of the paths is an .indexignore.
 */
let matcher: typeof IndexIgnore | undefined;

export function hasIndexIgnore(paths: readonly string[]): boolean {
  return paths.some((p) => baseName(p) === INDEX_IGNORE);
}

export async function loadIndexIgnore(paths?: readonly string[]): Promise<void> {
  if (paths !== undefined && !hasIndexIgnore(paths)) return;
  matcher ??= await import('./indexignore');
}

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
  // No .indexignore: everything loads (the matcher's one built-in pattern names .indexignore itself).
  if (!hasIndexIgnore(sorted)) return { load: sorted, ignored: [] };
  if (!matcher)
    throw new Error('internal: the .indexignore matcher is not loaded (await loadIndexIgnore(paths))');
  const { matchPatterns, readPatterns } = matcher;
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
