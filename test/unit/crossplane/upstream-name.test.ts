/**
 * crossplane-runtime's package naming tests (pkg/xpkg/name_test.go at
 * 4e7ed235565d24a6f6ad255aeacb82f09973b875): TestToDNSLabel (the name Crossplane gives a dependency
 * it installs, which a pipeline step's functionRef must use) and TestSourceFromReference (a
 * dependency's package without its tag or digest: one node per package in `crossplane deps`, the
 * `package` of `validate -o json`).
 *
 * Left out, with why:
 * - TestFriendlyID: names a package revision after its image digest; we read folders, not installed
 *   revisions, so nothing of ours is named that way.
 * - TestBuildPath, TestReplaceExt: where `crossplane xpkg build` writes its .xpkg file; we build nothing.
 */
import { describe, expect, it } from 'vitest';
import { openCrossplaneFolder } from '../../../src/core/crossplane';
import { toDnsLabel } from '../../../src/core/crossplane/package-index';
import { MemorySource } from '../../../src/core/source/memory';

describe('crossplane-runtime TestToDNSLabel', () => {
  it.each([
    ['ReplaceAll', '-hi/my.name/is-', 'hi-my-name-is'],
    ['TrimTo63', 'a'.repeat(64), 'a'.repeat(63)],
    ['TrimTo63MinusDashes', 'a'.repeat(60) + '----', 'a'.repeat(60)],
  ])('%s', (_name, arg, want) => {
    expect(toDnsLabel(arg)).toBe(want);
  });
});

/** The package a Configuration's one dependsOn entry names, as `validate -o json` reports it. */
async function source(ref: string): Promise<string | undefined> {
  const meta =
    'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: test\n' +
    `spec:\n  dependsOn:\n    - provider: ${ref}\n      version: ">=v0.1.0"\n`;
  const f = await openCrossplaneFolder(new MemorySource({ 'crossplane.yaml': meta }, 'pkg'));
  return f.packages[0]?.dependsOn[0]?.package;
}

describe('crossplane-runtime TestSourceFromReference', () => {
  it('SuccessfulTagWithDocker', async () => {
    expect(await source('docker.io/hasheddan/xpkg-test:v0.1.0')).toBe('docker.io/hasheddan/xpkg-test');
  });
  it('SuccessfulTagWithDockerIndex', async () => {
    expect(await source('index.docker.io/hasheddan/xpkg-test:v0.1.0')).toBe(
      'index.docker.io/hasheddan/xpkg-test',
    );
  });
  it('SuccessfulTagWithRegistryDefaulting', async () => {
    expect(await source('hasheddan/xpkg-test:v0.1.0')).toBe('hasheddan/xpkg-test');
  });
  it('SuccessfulDigestWithRegistryDefaulting', async () => {
    expect(
      await source(
        'hasheddan/xpkg-test@sha256:c88b938d6e7b2ed43d40b71e5a55df9c60fa653bea0c0961f3294fac46d5b56e',
      ),
    ).toBe('hasheddan/xpkg-test');
  });
});
