import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  imageReferenceError,
  isRemoteName,
  parseNormalizedNamed,
  REMOTE_NAME,
} from '../../../src/core/model/image-ref';

const HEX64 = 'abcd1234'.repeat(8);

/** Pieces of pull specs that random ones are made of: each character class and separator the grammar names. */
const PIECES = ['a', 'Z', '0', '.', '_', '__', '-', '/', ':', '@', '[', ']', 'x.io', ':5000'];

describe('imageReferenceError (ParseNormalizedNamed + go-digest)', () => {
  it.each([
    'foo-bundle:v0.1.0',
    'quay.io/operator-framework/foo-bundle@sha256:' + HEX64,
    'quay.io/operator-framework/foo-bundle:v0.1.0@sha256:' + HEX64,
    'registry.redhat.io/openshift4/ose-kube-rbac-proxy@sha512:' + 'ab'.repeat(64),
    'localhost:5000/foo/bar:latest',
    'localhost/foo',
    '[::1]:5000/foo',
    'Quay.io/foo/bar',
    'quay.io/foo__bar/a-b--c.d_e:V1.2_3-x',
    'docker.io/busybox',
  ])('accepts %s', (s) => {
    expect(imageReferenceError(s)).toBeUndefined();
  });

  it.each([
    ['quay.io/operator-framework/foo-bundle@ssha256:' + HEX64 + 'abcd1234', 'unsupported digest algorithm'],
    ['quay.io/foo@sha256:' + 'a'.repeat(40), 'invalid checksum digest length'],
    ['quay.io/foo@sha256:' + 'A'.repeat(64), 'invalid checksum digest format'],
    ['quay.io/foo@sha256:abc', 'invalid reference format'],
    ['quay.io/Foo/bar:v1', 'invalid reference format: repository name must be lowercase'],
    ['FOO', 'invalid reference format: repository name must be lowercase'],
    ['quay.io/foo@SHA256:' + HEX64, 'invalid reference format: repository name must be lowercase'],
    ['foo bar', 'invalid reference format'],
    ['foo:bar:baz', 'invalid reference format'],
    ['quay.io/foo___bar', 'invalid reference format'],
    ['foo:' + 'a'.repeat(129), 'invalid reference format'],
    ['quay.io/' + 'a'.repeat(250), 'repository name must not be more than 255 characters'],
    [HEX64, `invalid repository name (${HEX64}), cannot specify 64-byte hexadecimal strings`],
  ])('rejects %s', (s, message) => {
    expect(imageReferenceError(s)).toBe(message);
  });

  it('normalises Docker Hub names', () => {
    expect(parseNormalizedNamed('busybox:1')).toEqual({
      domain: 'docker.io',
      path: 'library/busybox',
      tag: '1',
    });
    expect(parseNormalizedNamed('index.docker.io/foo/bar')).toEqual({ domain: 'docker.io', path: 'foo/bar' });
  });

  it('stays fast on long malformed input', () => {
    const start = performance.now();
    expect(imageReferenceError('a'.repeat(5000) + '!')).toBe('invalid reference format');
    expect(imageReferenceError('a-'.repeat(2000) + '.Z/x')).toBeDefined();
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

/** distribution/reference's ReferenceRegexp as one regexp: the oracle for the split matcher. */
const PATH = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[(?:[a-fA-F0-9:]+)\\])(?::[0-9]+)?`;
const ORACLE = new RegExp(
  `^((?:${DOMAIN}/)?${PATH}(?:/${PATH})*)(?::([\\w][\\w.-]{0,127}))?` +
    `(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}))?$`,
);

describe('the split matcher agrees with the single reference regexp', () => {
  it('on random pull specs', () => {
    const piece = fc.constantFrom(...PIECES, 'b', '9', '--', 'sha256', 'ab12'.repeat(8));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (parts) => {
        const remainder = parts.join('');
        if (remainder.toLowerCase() !== remainder) return; // the lowercase pre-check answers first
        const s = 'docker.io/' + remainder;
        const r = parseNormalizedNamed(s);
        // Only syntax is compared: the digest algorithm/length checks come after the regexp.
        const syntaxOk = typeof r !== 'string' || /digest|checksum|255/.test(r);
        expect(syntaxOk).toBe(ORACLE.test(s));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('images pinned by a sha256 digest', () => {
  /** ParseNormalizedNamed's answer, undefined when valid (no memo, no shortcut). */
  const direct = (s: string) => {
    const r = parseNormalizedNamed(s);
    return typeof r === 'string' ? r : undefined;
  };
  const hex = fc
    .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 64, maxLength: 64 })
    .map((cs) => cs.join(''));
  const piece = fc.constantFrom(...PIECES, 'localhost', 'É', ' ', 'v1.0');

  it('answer as ParseNormalizedNamed does, whatever the name (each name answered once)', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 0, maxLength: 10 }), hex, hex, (parts, d1, d2) => {
        const name = parts.join('');
        // Two digests of one name: the second is answered from the first's parse of the name.
        for (const d of [d1, d2])
          expect(imageReferenceError(`${name}@sha256:${d}`)).toBe(direct(`${name}@sha256:${d}`));
      }),
      { numRuns: 3000 },
    );
  });

  it('leave every other digest to the full parse', () => {
    for (const s of [
      'quay.io/foo@sha256:' + 'A'.repeat(64),
      'quay.io/foo@sha256:' + 'a'.repeat(63),
      'quay.io/foo@sha256:' + 'a'.repeat(65),
      'quay.io/foo@sha512:' + 'a'.repeat(64),
      'quay.io/foo@sha256:' + 'g'.repeat(64),
      'quay.io/foo@x@sha256:' + 'a'.repeat(64),
    ])
      expect(imageReferenceError(s)).toBe(direct(s));
    expect(imageReferenceError('quay.io/foo@sha256:' + 'a'.repeat(64))).toBeUndefined();
    expect(imageReferenceError('quay.io/Foo@sha256:' + 'a'.repeat(64))).toBe(
      'invalid reference format: repository name must be lowercase',
    );
  });
});

describe('isRemoteName', () => {
  it('says what the remote-name regexp says', () => {
    const piece = fc.constantFrom(
      'a',
      'z',
      '0',
      '9',
      'A',
      '.',
      '_',
      '__',
      '___',
      '-',
      '---',
      '/',
      '//',
      ':',
      'é',
      ' ',
    );
    const cases = [
      '',
      'a',
      'a/b',
      'a//b',
      'a/',
      '/a',
      'a.b',
      'a..b',
      'a._b',
      'a__b',
      'a___b',
      'a-b',
      'a---b',
      'a-',
      '-a',
    ];
    for (const s of cases) expect([s, isRemoteName(s)]).toEqual([s, REMOTE_NAME.test(s)]);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const s = parts.join('');
        expect(isRemoteName(s)).toBe(REMOTE_NAME.test(s));
      }),
      { numRuns: 5000 },
    );
  });
});
