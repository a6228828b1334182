/**
 * The globs of the repository configuration: `*` within one path segment, `**` across segments,
 * `?` one character; anything else literal. Names without `/` (packages, bundles) use the same
 * rules, so `etcd.v0.*` reads as a shell user expects. Small enough not to need a library, and
 * the same in the browser and in Node.
 */
const cache = new Map<string, RegExp>();

function compile(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` also matches no folder at all: `**/catalog` matches `catalog`.
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Whether `value` is `glob` (exact, when it has no glob characters) or matches it. */
export function globMatches(glob: string, value: string): boolean {
  if (!/[*?]/.test(glob)) return glob === value;
  let re = cache.get(glob);
  if (!re) cache.set(glob, (re = compile(glob)));
  return re.test(value);
}

/** A path as the configuration names it: no leading `./`, no trailing `/`; the root is `.`. */
export function normalizePath(p: string): string {
  const n = p.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return n === '' ? '.' : n;
}
