/**
 * Port of Masterminds/sprig v3.3.0 crypto_test.go: TestSha512Sum, TestSha256Sum, TestSha1Sum,
 * TestAdler32Sum (4 cases).
 *
 * Left out: every other case (bcrypt, htpasswd, derivePassword, genPrivateKey, the certificate
 * functions, encryptAES/decryptAES, randBytes, uuidv4), whose functions are not ported.
 */
import { describe, expect, it } from 'vitest';
import { f, run } from './helpers';

describe('crypto_test.go', () => {
  it('TestSha512Sum', () => {
    expect(run(f.sha512sum, 'abc')).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
  });

  it('TestSha256Sum', () => {
    expect(run(f.sha256sum, 'abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('TestSha1Sum', () => {
    expect(run(f.sha1sum, 'abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it('TestAdler32Sum', () => {
    expect(run(f.adler32sum, 'abc')).toBe('38600999');
  });
});

describe('beyond upstream (expected values from Go)', () => {
  it('hashes the UTF-8 bytes', () => {
    expect(run(f.sha1sum, '')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(run(f.sha256sum, 'é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
    expect(run(f.sha512sum, 'é')).toBe(
      '9e2ad28633f24451bd4f3c1cb20586a21a44c3aeedbdc01b9cc8fa72917ea7bd689c82b8bf1fef89b911cf8cc46fa2c1ccc10087b2094fd4d3350ecd88526a2c',
    );
    expect(run(f.adler32sum, 'é')).toBe('36766061');
  });

  it('pads across block boundaries', () => {
    const d = '0123456789';
    expect(run(f.sha256sum, (d.repeat(6) + d).slice(0, 55))).toBe(
      'f34d5a0f80c0cbf84c8c0b90218c22637abd199965249da736a20143c8c9c9d9',
    );
    expect(run(f.sha256sum, d.repeat(6).slice(0, 56))).toBe(
      '83aa034bda83e458a0dc9cbce0d4e354716aa0ff770ed37ac0ed2b292052e4af',
    );
    expect(run(f.sha1sum, d.repeat(7).slice(0, 64))).toBe('cf0800f7644ace3cb4c3fa33388d3ba0ea3c8b6e');
    expect(run(f.sha512sum, d.repeat(12).slice(0, 113))).toBe(
      'c898b9464e508250cac2f9e8e6ab70ca7518f4ff2d40fae7bd4643cd389a88d3dd8d05bb305adae5f4010b47cdae640e56d563f472d5e2797cd6f48f71230b56',
    );
  });
});
