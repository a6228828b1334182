/**
 * Image pull-spec syntax as opm checks it (R30/R31, v1.64+): `reference.ParseNormalizedNamed` of
 * containers/image `docker/reference` (a fork of distribution/reference), with digests validated by
 * opencontainers/go-digest. Error texts are those libraries' own.
 *
 * Grammar (regexp.go):
 *   reference  := name [ ":" tag ] [ "@" digest ]
 *   name       := [domain '/'] path-component ['/' path-component]*
 *   domain     := host [':' port]        host := domain-name | '[' IPv6 ']'
 *   path-component := [a-z0-9]+ ( ( [._] | __ | -+ ) [a-z0-9]+ )*
 *   tag        := [\w][\w.-]{0,127}
 *   digest     := algorithm ':' hex{32,}   algorithm := [A-Za-z][A-Za-z0-9]* ([-_+.][A-Za-z][A-Za-z0-9]*)*
 */
import { memoByString } from './memo';

const ALPHANUMERIC = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALPHANUMERIC}(?:${SEPARATOR}${ALPHANUMERIC})*`;
const DOMAIN_COMPONENT = '[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?';
const IPV6 = '\\[(?:[a-fA-F0-9:]+)\\]';

// The reference regexp, taken apart so that each piece is matched by a simple anchored regexp
// (one big backtracking regexp is slow on long names). Name and tag cannot hold '@', tag cannot hold
// '/' or ':', and a name holds ':' only as the port of its domain; so the digest starts at the first
// '@' and the tag at a ':' after the last '/'. The name then either starts with a domain or is all
// remote name (the regexp tries the domain first, then backtracks).
/** The anchored remote-name regexp; `isRemoteName` is what runs (the tests hold one to the other). */
export const REMOTE_NAME = new RegExp(`^${PATH_COMPONENT}(?:/${PATH_COMPONENT})*$`);

function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * REMOTE_NAME.test(s) in one pass: components of [a-z0-9]+ joined by `.`, `_`, `__` or `-`+, split
 * by `/`. A catalog's every image goes through it, and the regexp, with its nested repetitions, was
 * the slowest part of checking one.
 */
export function isRemoteName(s: string): boolean {
  const n = s.length;
  let i = 0;
  for (;;) {
    // A component (or what follows a separator) starts with [a-z0-9]+.
    if (i >= n || !isAlnum(s.charCodeAt(i))) return false;
    while (i < n && isAlnum(s.charCodeAt(i))) i++;
    if (i === n) return true;
    const c = s.charCodeAt(i);
    if (c === 47)
      i++; // '/': the next component
    else if (c === 46)
      i++; // '.'
    else if (c === 95)
      i += s.charCodeAt(i + 1) === 95 ? 2 : 1; // '_' or '__'
    else if (c === 45)
      while (s.charCodeAt(i) === 45) i++; // '-'+
    else return false;
  }
}
const DOMAIN_AND_PORT = new RegExp(
  `^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|${IPV6})(?::[0-9]+)?$`,
);
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}$/;

interface ReferenceMatch {
  name: string;
  /** '' when the name has no domain part. */
  domain: string;
  path: string;
  tag: string;
  digest: string;
}

/** `ReferenceRegexp.FindStringSubmatch` plus `anchoredNameRegexp` on the name. */
function matchReference(s: string): ReferenceMatch | undefined {
  let rest = s;
  let digest = '';
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST.test(digest)) return undefined;
  }
  let tag = '';
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) return undefined;
  }
  const slash = rest.indexOf('/');
  if (slash > 0 && DOMAIN_AND_PORT.test(rest.slice(0, slash)) && isRemoteName(rest.slice(slash + 1))) {
    return { name: rest, domain: rest.slice(0, slash), path: rest.slice(slash + 1), tag, digest };
  }
  if (isRemoteName(rest)) return { name: rest, domain: '', path: rest, tag, digest };
  return undefined;
}

const ANCHORED_IDENTIFIER = /^[a-f0-9]{64}$/;
const HAS_UPPER_OR_NON_ASCII = /[A-Z\u0080-\uffff]/;
// go-digest's DigestRegexp (looser than the reference grammar's digest), anchored.
const GO_DIGEST = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;

const NAME_TOTAL_LENGTH_MAX = 255;
const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_REPO_NAME = 'library';

/** Algorithms go-digest has available in opm's binary, with their encoded (hex) length. */
const DIGEST_ALGORITHMS: Readonly<Record<string, { hexLength: number; pattern: RegExp }>> = {
  sha256: { hexLength: 64, pattern: /^[a-f0-9]{64}$/ },
  sha384: { hexLength: 96, pattern: /^[a-f0-9]{96}$/ },
  sha512: { hexLength: 128, pattern: /^[a-f0-9]{128}$/ },
};

export const ERR_REFERENCE_INVALID_FORMAT = 'invalid reference format';
export const ERR_NAME_CONTAINS_UPPERCASE = 'invalid reference format: repository name must be lowercase';
export const ERR_NAME_EMPTY = 'repository name must have at least one component';
export const ERR_NAME_TOO_LONG = `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters`;
export const ERR_DIGEST_INVALID_FORMAT = 'invalid checksum digest format';
export const ERR_DIGEST_INVALID_LENGTH = 'invalid checksum digest length';
export const ERR_DIGEST_UNSUPPORTED = 'unsupported digest algorithm';

export interface ImageReference {
  /** Normalised domain, e.g. `docker.io`. */
  domain: string;
  /** Repository path, e.g. `library/busybox`. */
  path: string;
  tag?: string;
  digest?: string;
}

/** go-digest `Digest.Validate`: undefined when valid, else the error text. */
export function digestError(d: string): string | undefined {
  const i = d.indexOf(':');
  if (i <= 0 || i + 1 === d.length) return ERR_DIGEST_INVALID_FORMAT;
  const algorithm = d.slice(0, i);
  const encoded = d.slice(i + 1);
  const alg = Object.prototype.hasOwnProperty.call(DIGEST_ALGORITHMS, algorithm)
    ? DIGEST_ALGORITHMS[algorithm]
    : undefined;
  if (alg === undefined) return GO_DIGEST.test(d) ? ERR_DIGEST_UNSUPPORTED : ERR_DIGEST_INVALID_FORMAT;
  if (encoded.length !== alg.hexLength) return ERR_DIGEST_INVALID_LENGTH;
  return alg.pattern.test(encoded) ? undefined : ERR_DIGEST_INVALID_FORMAT;
}

/** `splitDockerDomain`: a first path element is a domain only if it has a '.' or ':' or is `localhost`. */
function splitDockerDomain(name: string): [domain: string, remainder: string] {
  const i = name.indexOf('/');
  let domain: string;
  let remainder: string;
  const first = i === -1 ? '' : name.slice(0, i);
  // includes(), not /[.:]/: this runs for every image of a catalog (16,000 on a 200 MB one).
  if (i === -1 || (!first.includes('.') && !first.includes(':') && first !== 'localhost')) {
    domain = DEFAULT_DOMAIN;
    remainder = name;
  } else {
    domain = first;
    remainder = name.slice(i + 1);
  }
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN;
  if (domain === DEFAULT_DOMAIN && !remainder.includes('/')) remainder = OFFICIAL_REPO_NAME + '/' + remainder;
  return [domain, remainder];
}

/** `reference.Parse`. */
function parse(s: string): ImageReference | string {
  const m = matchReference(s);
  if (m === undefined) {
    if (s === '') return ERR_NAME_EMPTY;
    if (matchReference(s.toLowerCase()) !== undefined) return ERR_NAME_CONTAINS_UPPERCASE;
    return ERR_REFERENCE_INVALID_FORMAT;
  }
  if (m.name.length > NAME_TOTAL_LENGTH_MAX) return ERR_NAME_TOO_LONG;
  if (m.digest !== '') {
    const err = digestError(m.digest);
    if (err !== undefined) return err;
  }
  const ref: ImageReference = { domain: m.domain, path: m.path };
  if (m.tag !== '') ref.tag = m.tag;
  if (m.digest !== '') ref.digest = m.digest;
  return ref;
}

/**
 * `reference.ParseNormalizedNamed(s)`: the parsed reference, or the Go error text as a string.
 * Used by opm for `image` and `relatedImages[].image` when they are not empty.
 */
export function parseNormalizedNamed(s: string): ImageReference | string {
  if (ANCHORED_IDENTIFIER.test(s)) {
    return `invalid repository name (${s}), cannot specify 64-byte hexadecimal strings`;
  }
  const [domain, remainder] = splitDockerDomain(s);
  const tagSep = remainder.indexOf(':');
  const remoteName = tagSep > -1 ? remainder.slice(0, tagSep) : remainder;
  // strings.ToLower(remoteName) != remoteName, skipping the copy for the usual lowercase ASCII name.
  if (HAS_UPPER_OR_NON_ASCII.test(remoteName) && remoteName.toLowerCase() !== remoteName) {
    return ERR_NAME_CONTAINS_UPPERCASE;
  }
  return parse(domain + '/' + remainder);
}

const fullError = memoByString((s) => {
  const r = parseNormalizedNamed(s);
  return typeof r === 'string' ? r : undefined;
});

/** A valid sha256 digest stands in for any other (what catalogs pin almost every image by). */
const SOME_SHA256 = '@sha256:' + '0'.repeat(64);
const SHA256_HEX = (DIGEST_ALGORITHMS.sha256 as { pattern: RegExp }).pattern;

/**
 * The error of `name@<a valid sha256 digest>`, by name: with such a digest, no step of
 * ParseNormalizedNamed reads the digest's characters but to find them valid (it has no `/`, no
 * upper case, no second `@`, and its `:` comes after the name's own), so every digest gives the
 * name's answer. A catalog's images differ by digest and share a few names: one parse per name.
 */
const pinnedNameError = memoByString((name) => fullError(name + SOME_SHA256));

/** undefined when `s` is a valid pull spec, else the Go error text. */
export function imageReferenceError(s: string): string | undefined {
  const at = s.indexOf('@');
  return at >= 0 && s.startsWith('sha256:', at + 1) && SHA256_HEX.test(s.slice(at + 8))
    ? pinnedNameError(s.slice(0, at))
    : fullError(s);
}
