/**
 * Go's `path` package (sprig's base, dir, clean, ext, isAbs) and `path/filepath` (osBase, osDir,
 * osClean, osExt, osIsAbs), which on the Linux controller behaves exactly like `path`.
 */
import type { GoFunc } from '../template/values';
import { argString, goFunc } from './func';

/** path.Clean: the shortest equivalent path, by purely lexical processing. */
export function pathClean(path: string): string {
  if (path === '') return '.';
  const rooted = path[0] === '/';
  const n = path.length;
  // Go's lazybuf; `dotdot` is where a `..` can no longer back up.
  let buf = rooted ? '/' : '';
  let r = rooted ? 1 : 0;
  let dotdot = rooted ? 1 : 0;
  while (r < n) {
    if (path[r] === '/') r++;
    else if (path[r] === '.' && (r + 1 === n || path[r + 1] === '/')) r++;
    else if (path[r] === '.' && path[r + 1] === '.' && (r + 2 === n || path[r + 2] === '/')) {
      r += 2;
      if (buf.length > dotdot) {
        let w = buf.length - 1;
        while (w > dotdot && buf[w] !== '/') w--;
        buf = buf.slice(0, w);
      } else if (!rooted) {
        if (buf.length > 0) buf += '/';
        buf += '..';
        dotdot = buf.length;
      }
    } else {
      if ((rooted && buf.length !== 1) || (!rooted && buf.length !== 0)) buf += '/';
      for (; r < n && path[r] !== '/'; r++) buf += path[r] as string;
    }
  }
  return buf === '' ? '.' : buf;
}

/** path.Base */
export function pathBase(path0: string): string {
  if (path0 === '') return '.';
  let path = path0;
  while (path.length > 0 && path[path.length - 1] === '/') path = path.slice(0, -1);
  const i = path.lastIndexOf('/');
  if (i >= 0) path = path.slice(i + 1);
  return path === '' ? '/' : path;
}

/** path.Dir */
export function pathDir(path: string): string {
  const i = path.lastIndexOf('/');
  return pathClean(path.slice(0, i + 1));
}

/** path.Ext */
export function pathExt(path: string): string {
  for (let i = path.length - 1; i >= 0 && path[i] !== '/'; i--) {
    if (path[i] === '.') return path.slice(i);
  }
  return '';
}

export function pathFuncs(): Record<string, GoFunc> {
  const s1 = (f: (s: string) => string | boolean): GoFunc => goFunc(['string'], (s) => f(argString(s)));
  const base = s1(pathBase);
  const dir = s1(pathDir);
  const clean = s1(pathClean);
  const ext = s1(pathExt);
  const isAbs = s1((p) => p.startsWith('/'));
  return {
    base,
    dir,
    clean,
    ext,
    isAbs,
    osBase: base,
    osClean: clean,
    osDir: dir,
    osExt: ext,
    osIsAbs: isAbs,
  };
}
