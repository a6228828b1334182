/**
 * fs.WalkDir order, and which files opm would load when no `.indexignore` can change the answer.
 * Apart from walk.ts (selectFiles, with the `.indexignore` matcher) so that the catalog worker
 * loads the matcher only for a catalog that has an `.indexignore`.
 */
import { compareGoStrings } from '../gojson';

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

/**
 * selectFiles' answer when no path has an `.indexignore` component: no ignore file, so the only
 * pattern is the matcher's own `.indexignore`, which then matches nothing — every path is loaded,
 * in walk order. Undefined when some path has one (an ignore file, or a folder of that name).
 */
export function selectFilesWithoutIgnores(
  paths: readonly string[],
): { load: string[]; ignored: string[] } | undefined {
  for (const p of paths) if (p.split('/').includes(INDEX_IGNORE)) return undefined;
  return { load: [...paths].sort(compareWalkOrder), ignored: [] };
}
