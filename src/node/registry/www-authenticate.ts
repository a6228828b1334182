/**
 * The `WWW-Authenticate` challenge of a registry's 401 (RFC 7235): `Bearer realm="…",service="…",
 * scope="…"` (quay.io, registry.redhat.io, Docker Hub) or `Basic realm="…"` (htpasswd registries).
 */

export interface Challenge {
  scheme: 'bearer' | 'basic' | string;
  params: Record<string, string>;
}

/** Every challenge in the header (a registry may offer Basic and Bearer). */
export function parseChallenges(header: string | undefined): Challenge[] {
  if (!header) return [];
  const out: Challenge[] = [];
  let i = 0;
  const s = header;
  const skip = (): void => {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === ',')) i++;
  };
  while (i < s.length) {
    skip();
    const m = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(s.slice(i));
    if (!m) break;
    const scheme = m[0].toLowerCase();
    i += m[0].length;
    const params: Record<string, string> = {};
    for (;;) {
      while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
      const p = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*/.exec(s.slice(i));
      if (!p) break;
      i += p[0].length;
      let value = '';
      if (s[i] === '"') {
        i++;
        while (i < s.length && s[i] !== '"') {
          if (s[i] === '\\' && i + 1 < s.length) i++;
          value += s[i];
          i++;
        }
        i++;
      } else {
        const v = /^[^,\s]*/.exec(s.slice(i))?.[0] ?? '';
        value = v;
        i += v.length;
      }
      params[(p[1] as string).toLowerCase()] = value;
      while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
      if (s[i] === ',') {
        i++;
        // A new scheme starts when the next token is not followed by '='.
        const look = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(=?)/.exec(s.slice(i));
        if (look && look[2] !== '=') break;
      } else break;
    }
    out.push({ scheme, params });
  }
  return out;
}
