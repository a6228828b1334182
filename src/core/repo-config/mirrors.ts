/**
 * Image mirrors as an ImageDigestMirrorSet applies them: a reference by digest whose repository is
 * a `source` (or below it) may be pulled from each mirror, by the same digest. Offline resolution
 * (template/bundle-resolver.ts) and, later, the registry client ask this one function.
 */
import type { ImageMirror } from './types';

/** `repo` and `@sha256:…` of a reference; no digest for a tag-only one (IDMS mirrors digests only). */
function splitDigest(ref: string): { repo: string; digest?: string } {
  const at = ref.indexOf('@');
  const name = at < 0 ? ref : ref.slice(0, at);
  // A tag is after the last ':' that comes after the last '/' (a registry's port comes before it).
  const colon = name.lastIndexOf(':');
  const repo = colon > name.lastIndexOf('/') ? name.slice(0, colon) : name;
  return at < 0 ? { repo } : { repo, digest: ref.slice(at) };
}

/** The other places `image` may be found, mirrors in the order written; none for a reference without a digest. */
export function mirroredImages(image: string, mirrors: readonly ImageMirror[]): string[] {
  const { repo, digest } = splitDigest(image);
  if (!digest) return [];
  const out: string[] = [];
  for (const m of mirrors) {
    const source = m.source.replace(/\/+$/, '');
    if (repo !== source && !repo.startsWith(source + '/')) continue;
    const rest = repo.slice(source.length);
    for (const to of m.mirrors) {
      const alt = `${to.replace(/\/+$/, '')}${rest}${digest}`;
      if (alt !== image && !out.includes(alt)) out.push(alt);
    }
  }
  return out;
}
