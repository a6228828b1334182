/**
 * Image references as distribution/reference reads them (`[domain[:port]/]path[:tag][@digest]`):
 * the first component is a registry only when it has a `.` or `:` or is `localhost`; else the image
 * is on Docker Hub, and a one-component name is under `library/`. Kept as written too, because
 * output keeps the pullspec the user or the catalog named (opm prints the image as given).
 */

export interface ImageReference {
  /** As written. */
  raw: string;
  /** Registry host[:port], `docker.io` when none is named. */
  registry: string;
  /** Repository path on that registry (`library/busybox`). */
  repository: string;
  tag?: string;
  /** `sha256:<64 hex>`. */
  digest?: string;
}

const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]{32,}$/;
const DOMAIN =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[0-9a-fA-F:]+\])(?::\d+)?$/;

export class ReferenceError extends Error {}

export function parseReference(raw: string): ImageReference {
  let rest = raw.trim();
  if (rest === '' || rest !== raw)
    throw new ReferenceError(`invalid reference format: ${JSON.stringify(raw)}`);
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST.test(digest)) throw new ReferenceError(`invalid digest in reference ${JSON.stringify(raw)}`);
  }
  let tag: string | undefined;
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) throw new ReferenceError(`invalid tag in reference ${JSON.stringify(raw)}`);
  }
  const parts = rest.split('/');
  let registry = 'docker.io';
  const first = parts[0] ?? '';
  if (parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    if (!DOMAIN.test(first)) throw new ReferenceError(`invalid registry in reference ${JSON.stringify(raw)}`);
    registry = first;
    parts.shift();
  }
  if (registry === 'index.docker.io') registry = 'docker.io';
  if (parts.length === 0 || parts.some((p) => !COMPONENT.test(p))) {
    throw new ReferenceError(
      `invalid reference format: repository name must be lowercase: ${JSON.stringify(raw)}`,
    );
  }
  if (registry === 'docker.io' && parts.length === 1) parts.unshift('library');
  const ref: ImageReference = { raw, registry, repository: parts.join('/') };
  if (tag !== undefined) ref.tag = tag;
  if (digest !== undefined) ref.digest = digest;
  if (tag === undefined && digest === undefined) ref.tag = 'latest';
  return ref;
}

/** `registry/repository` — the name a mirror rule or an auth entry is matched against. */
export function repositoryName(ref: ImageReference): string {
  return `${ref.registry}/${ref.repository}`;
}

/** The manifest reference to ask for: the digest when there is one (a digest never moves), else the tag. */
export function manifestReference(ref: ImageReference): string {
  return ref.digest ?? ref.tag ?? 'latest';
}

/** The host to connect to: Docker Hub's API lives at registry-1.docker.io. */
export function apiHost(registry: string): string {
  return registry === 'docker.io' ? 'registry-1.docker.io' : registry;
}

/** The same image at another repository (a mirror), by digest when known. */
export function withRepository(ref: ImageReference, registry: string, repository: string): ImageReference {
  const out: ImageReference = { raw: ref.raw, registry, repository };
  if (ref.tag !== undefined) out.tag = ref.tag;
  if (ref.digest !== undefined) out.digest = ref.digest;
  return out;
}
