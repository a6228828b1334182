/**
 * `.indexignore` matching as opm does it: joelanford/ignore reading every `.indexignore` in walk
 * order, over go-git v5's gitignore matcher, with Go `filepath.Match` inside each path segment.
 *
 * This is a port rather than the `ignore` npm package because the semantics differ in ways that
 * cannot be patched from outside: git never re-includes a file below an excluded directory (opm
 * does: files are tested alone, as files, and directories are never pruned, so `*` + `!*.json`
 * keeps `sub/x.json`); a slash-less pattern matches when any path component matches; a
 * directory-only pattern never matches the final (file) component; character classes are Go's
 * (`[^…]`, no `[!…]`); a malformed pattern silently never matches; lines are trimmed on both sides.
 */

const enum Result {
  NoMatch,
  Exclude,
  Include,
}

interface Pattern {
  domain: string[];
  pattern: string[];
  inclusion: boolean;
  dirOnly: boolean;
  isGlob: boolean;
}

export function parsePattern(line: string, domain: string[]): Pattern {
  let p = line;
  let inclusion = false;
  if (p.startsWith('!')) {
    inclusion = true;
    p = p.slice(1);
  }
  if (!p.endsWith('\\ ')) p = p.replace(/ +$/, '');
  let dirOnly = false;
  if (p.endsWith('/')) {
    dirOnly = true;
    p = p.slice(0, -1);
  }
  return { domain, pattern: p.split('/'), inclusion, dirOnly, isGlob: p.includes('/') };
}

function matchPattern(p: Pattern, path: string[], isDir: boolean): Result {
  if (path.length <= p.domain.length) return Result.NoMatch;
  for (let i = 0; i < p.domain.length; i++) if (path[i] !== p.domain[i]) return Result.NoMatch;
  const rest = path.slice(p.domain.length);
  const ok = p.isGlob ? globMatch(p, rest, isDir) : simpleNameMatch(p, rest, isDir);
  if (!ok) return Result.NoMatch;
  return p.inclusion ? Result.Include : Result.Exclude;
}

function simpleNameMatch(p: Pattern, path: string[], isDir: boolean): boolean {
  for (let i = 0; i < path.length; i++) {
    const m = goFilepathMatch(p.pattern[0] as string, path[i] as string);
    if (m === undefined) return false;
    if (!m) continue;
    if (p.dirOnly && !isDir && i === path.length - 1) return false;
    return true;
  }
  return false;
}

function globMatch(p: Pattern, pathIn: string[], isDir: boolean): boolean {
  let path = pathIn;
  let matched = false;
  let canTraverse = false;
  for (let i = 0; i < p.pattern.length; i++) {
    const pattern = p.pattern[i] as string;
    if (pattern === '') {
      canTraverse = false;
      continue;
    }
    if (pattern === '**') {
      if (i === p.pattern.length - 1) break;
      canTraverse = true;
      continue;
    }
    if (pattern.includes('**')) return false;
    if (path.length === 0) return false;
    if (canTraverse) {
      canTraverse = false;
      while (path.length > 0) {
        const e = path[0] as string;
        path = path.slice(1);
        const m = goFilepathMatch(pattern, e);
        if (m === undefined) return false;
        if (m) {
          matched = true;
          break;
        }
        if (path.length === 0) matched = false;
      }
    } else {
      const m = goFilepathMatch(pattern, path[0] as string);
      if (!m) return false;
      matched = true;
      path = path.slice(1);
    }
  }
  if (matched && p.dirOnly && !isDir && path.length === 0) matched = false;
  return matched;
}

/** go-git's Matcher: the last pattern that matches decides. */
export function matchPatterns(patterns: readonly Pattern[], path: string[], isDir: boolean): boolean {
  for (let i = patterns.length - 1; i >= 0; i--) {
    const r = matchPattern(patterns[i] as Pattern, path, isDir);
    if (r !== Result.NoMatch) return r === Result.Exclude;
  }
  return false;
}

/** The patterns of one `.indexignore` file at `dir` ('' for the root): lines trimmed, `#` and blanks skipped. */
export function readPatterns(content: string, dir: string): Pattern[] {
  const domain = dir === '' ? [] : dir.split('/');
  const out: Pattern[] = [];
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    out.push(parsePattern(line, domain));
  }
  return out;
}

// ------------------------------------------------------------------ Go filepath.Match

type Chunk = { star: boolean; chunk: string[]; rest: string[] };

function scanChunk(pattern: string[]): Chunk {
  let star = false;
  let p = pattern;
  while (p.length > 0 && p[0] === '*') {
    p = p.slice(1);
    star = true;
  }
  let inrange = false;
  let i = 0;
  scan: for (; i < p.length; i++) {
    switch (p[i]) {
      case '\\':
        if (i + 1 < p.length) i++;
        break;
      case '[':
        inrange = true;
        break;
      case ']':
        inrange = false;
        break;
      case '*':
        if (!inrange) break scan;
        break;
    }
  }
  return { star, chunk: p.slice(0, i), rest: p.slice(i) };
}

class BadPattern extends Error {}

function getEsc(chunk: string[]): [string, string[]] {
  if (chunk.length === 0 || chunk[0] === '-' || chunk[0] === ']') throw new BadPattern();
  let c = chunk;
  if (c[0] === '\\') {
    c = c.slice(1);
    if (c.length === 0) throw new BadPattern();
  }
  const r = c[0] as string;
  const next = c.slice(1);
  if (next.length === 0) throw new BadPattern();
  return [r, next];
}

/** matchChunk: the rest of `s` after matching `chunk` at its start, or undefined. Throws on bad syntax. */
function matchChunk(chunkIn: string[], sIn: string[]): string[] | undefined {
  let chunk = chunkIn;
  let s = sIn;
  let failed = false;
  while (chunk.length > 0) {
    if (!failed && s.length === 0) failed = true;
    const c = chunk[0] as string;
    if (c === '[') {
      let r = '';
      if (!failed) {
        r = s[0] as string;
        s = s.slice(1);
      }
      chunk = chunk.slice(1);
      let negated = false;
      if (chunk.length > 0 && chunk[0] === '^') {
        negated = true;
        chunk = chunk.slice(1);
      }
      let match = false;
      let nrange = 0;
      for (;;) {
        if (chunk.length > 0 && chunk[0] === ']' && nrange > 0) {
          chunk = chunk.slice(1);
          break;
        }
        let lo: string;
        let hi: string;
        [lo, chunk] = getEsc(chunk);
        hi = lo;
        if (chunk[0] === '-') [hi, chunk] = getEsc(chunk.slice(1));
        const cp = r.codePointAt(0) ?? -1;
        if ((lo.codePointAt(0) as number) <= cp && cp <= (hi.codePointAt(0) as number)) match = true;
        nrange++;
      }
      if (match === negated) failed = true;
    } else if (c === '?') {
      if (!failed) {
        if (s[0] === '/') failed = true;
        s = s.slice(1);
      }
      chunk = chunk.slice(1);
    } else {
      let lit = c;
      if (c === '\\') {
        chunk = chunk.slice(1);
        if (chunk.length === 0) throw new BadPattern();
        lit = chunk[0] as string;
      }
      if (!failed) {
        if (lit !== s[0]) failed = true;
        s = s.slice(1);
      }
      chunk = chunk.slice(1);
    }
  }
  return failed ? undefined : s;
}

/** Go path/filepath.Match on one segment: true/false, or undefined for a malformed pattern. */
export function goFilepathMatch(patternStr: string, nameStr: string): boolean | undefined {
  let pattern = [...patternStr];
  let name = [...nameStr];
  try {
    outer: while (pattern.length > 0) {
      const { star, chunk, rest } = scanChunk(pattern);
      pattern = rest;
      if (star && chunk.length === 0) return !name.includes('/');
      const t = matchChunk(chunk, name);
      if (t !== undefined && (t.length === 0 || pattern.length > 0)) {
        name = t;
        continue;
      }
      if (star) {
        for (let i = 0; i < name.length && name[i] !== '/'; i++) {
          const t2 = matchChunk(chunk, name.slice(i + 1));
          if (t2 !== undefined) {
            if (pattern.length === 0 && t2.length > 0) continue;
            name = t2;
            continue outer;
          }
        }
      }
      // Before returning false, Go checks the rest of the pattern is well formed.
      while (pattern.length > 0) {
        const c = scanChunk(pattern);
        pattern = c.rest;
        matchChunk(c.chunk, []);
      }
      return false;
    }
    return name.length === 0;
  } catch (e) {
    if (e instanceof BadPattern) return undefined;
    throw e;
  }
}
