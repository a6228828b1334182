/**
 * Which files of a folder `fleet apply` puts in the Bundle (rancher/fleet internal/bundlereader
 * loaddirectory.go GetContent): every file, walked in lexical order, except hidden files and folders,
 * the root fleet.yaml (not fleet.yml: Fleet's ignore list names only fleet.yaml), the helm values
 * files, and what a `.fleetignore` excludes. A `.fleetignore` applies to its folder and everything
 * under it; each line (`#` starts a comment, trailing spaces are trimmed unless escaped) is a
 * filepath.Match pattern on the base name of a file or folder, and `dir/*` ignores folders named
 * `dir`. filepath.Match is ported here because Go's escapes and classes decide what is ignored.
 */
import type { CatalogSource } from '../source/types';
import { baseName, dirName } from '../source/paths';

/** Go's path/filepath.Match for one name (no separators in a base name); a bad pattern matches nothing. */
export function goMatch(pattern: string, name: string): boolean {
  const m = matchFrom(pattern, 0, name, 0);
  return m === true;
}

/** Matches pattern[p..] against name[n..]; `undefined` for a malformed pattern (filepath.ErrBadPattern). */
function matchFrom(pattern: string, p: number, name: string, n: number): boolean | undefined {
  while (p < pattern.length) {
    const c = pattern[p] as string;
    if (c === '*') {
      while (pattern[p] === '*') p++;
      if (p === pattern.length) return !name.slice(n).includes('/');
      for (let i = n; i <= name.length; i++) {
        if (i > n && name[i - 1] === '/') break;
        const r = matchFrom(pattern, p, name, i);
        if (r !== false) return r;
      }
      return false;
    }
    if (n >= name.length) return false;
    const ch = name[n] as string;
    if (c === '?') {
      if (ch === '/') return false;
      p++;
      n++;
      continue;
    }
    if (c === '[') {
      const r = matchClass(pattern, p + 1, ch);
      if (r === undefined) return undefined;
      if (!r.matched) return false;
      p = r.end;
      n++;
      continue;
    }
    if (c === '\\') {
      p++;
      if (p >= pattern.length) return undefined;
    }
    if (pattern[p] !== ch) return false;
    p++;
    n++;
  }
  return n === name.length;
}

function matchClass(pattern: string, p: number, ch: string): { matched: boolean; end: number } | undefined {
  let negated = false;
  if (pattern[p] === '^') {
    negated = true;
    p++;
  }
  let matched = false;
  let first = true;
  for (;;) {
    if (p >= pattern.length) return undefined;
    if (pattern[p] === ']' && !first) break;
    first = false;
    const lo = readClassChar(pattern, p);
    if (!lo) return undefined;
    p = lo.end;
    let hi = lo.ch;
    if (pattern[p] === '-') {
      const h = readClassChar(pattern, p + 1);
      if (!h) return undefined;
      hi = h.ch;
      p = h.end;
    }
    if (lo.ch <= ch && ch <= hi) matched = true;
  }
  return { matched: matched !== negated && ch !== '/', end: p + 1 };
}

function readClassChar(pattern: string, p: number): { ch: string; end: number } | undefined {
  let c = pattern[p];
  if (c === undefined || c === '-' || c === ']') return undefined;
  if (c === '\\') {
    p++;
    c = pattern[p];
    if (c === undefined) return undefined;
  }
  return { ch: c, end: p + 1 };
}

/** The patterns of one `.fleetignore` text, as readFleetIgnore keeps them. */
export function fleetIgnorePatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/([^\\])\s+$/, '$1'))
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function ignoredBy(patterns: readonly string[], path: string, isDir: boolean): boolean {
  const base = baseName(path);
  return patterns.some((pat) =>
    /^.+\/\*/.test(pat) ? isDir && pat.replace(/\/\*$/, '') === base : goMatch(pat, base),
  );
}

export interface FolderFile {
  /** The path relative to the bundle folder: the resource's name in the Bundle. */
  name: string;
  bytes: Uint8Array;
}

/**
 * The files `fleet apply` reads from a folder (paths relative to it), with the names that `skip`
 * leaves out besides hidden and ignored ones (fleet.yaml, the bundle file, values files).
 */
export async function readBundleFiles(
  source: CatalogSource,
  skip: ReadonlySet<string>,
): Promise<{ files: FolderFile[]; ignored: string[] }> {
  const paths = (await source.list()).map((f) => f.path).sort();
  const ignoreFiles = new Map<string, string[]>();
  for (const p of paths.filter((x) => baseName(x) === '.fleetignore')) {
    ignoreFiles.set(dirName(p), fleetIgnorePatterns(new TextDecoder().decode(await source.read(p))));
  }
  const files: FolderFile[] = [];
  const ignored: string[] = [];
  for (const path of paths) {
    if (skip.has(path)) continue;
    const segments = path.split('/');
    // Hidden files and folders are never read.
    if (segments.some((s) => s.startsWith('.'))) continue;
    // A .fleetignore in a folder applies to the folder's entries and everything below them.
    let out = false;
    for (let depth = 0; depth < segments.length && !out; depth++) {
      const entry = segments.slice(0, depth + 1).join('/');
      const isDir = depth < segments.length - 1;
      for (let up = 0; up <= depth && !out; up++) {
        const patterns = ignoreFiles.get(segments.slice(0, up).join('/'));
        if (patterns && ignoredBy(patterns, entry, isDir)) out = true;
      }
    }
    if (out) {
      ignored.push(path);
      continue;
    }
    files.push({ name: path, bytes: await source.read(path) });
  }
  return { files, ignored };
}
