/**
 * Crossplane's dependency resolver tests (internal/controller/pkg/resolver/reconciler_test.go at
 * 2d040d2daf4e001799c4154a4a09b9e1f40d7fde): the parent constraints of one dependency node are the
 * dependsOn entries that packages of one folder put on one package, and the resolver's verdict on
 * them is what `crossplane validate` reports at those entries.
 *
 * Left out, with why:
 * - TestReconcilerFindDependencyVersionToUpgrade's ErrorNoValidVersion, ErrorNoValidVersionDowngrade,
 *   UpgradeToSmallestValid, DowngradeToLargestValid: their verdicts turn on the registry's tag list and
 *   the version installed in a cluster; offline we only know whether the constraints can meet at all.
 * - TestReconcile (LockNotFound … SuccessfulUpdateDependencyWithDigest) and TestPruneOutdatedDependencies:
 *   a cluster's Lock, packages and registry, which a folder has none of.
 */
import { describe, expect, it } from 'vitest';
import { openCrossplaneFolder } from '../../../src/core/crossplane';
import { MemorySource } from '../../../src/core/source/memory';

const digest1 = 'sha256:ecc25c121431dfc7058754427f97c034ecde26d4aafa0da16d258090e0443904';
const digest2 = 'sha256:3c25c121431dfc7058754427f97c034ecde26d4aafa0da16d258090e04439040';
const PACKAGE = 'xpkg.crossplane.io/cool-repo/cool-image';

/** The resolver's findings when packages p0, p1, … depend on PACKAGE with these constraints, in order. */
async function resolve(parentConstraints: string[]): Promise<{ rule?: string; message: string }[]> {
  const files = Object.fromEntries(
    parentConstraints.map((c, i) => [
      `p${i}/crossplane.yaml`,
      `apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: p${i}\n` +
        `spec:\n  dependsOn:\n    - provider: ${PACKAGE}\n      version: "${c}"\n`,
    ]),
  );
  const f = await openCrossplaneFolder(new MemorySource(files, 'pkg'));
  const rules = ['xp-dependency-digests', 'xp-dependency-conflict', 'xp-dependency-version'];
  const found = f.diagnostics.filter((d) => rules.includes(d.rule ?? ''));
  // One finding per parent entry: the verdict is the same text at each.
  return [...new Map(found.map((d) => [d.message, { rule: d.rule, message: d.message }])).values()];
}

describe('crossplane TestFindDigestToUpdate', () => {
  it('AllSameDigests: We should be able to find the digest to update.', async () => {
    expect(await resolve([digest1, digest1])).toEqual([]);
  });
  it('DifferentDigests: We should return an error if digests are different.', async () => {
    expect(await resolve([digest1, digest2])).toEqual([
      {
        rule: 'xp-dependency-digests',
        message: `a dependency package has different digests in parent constraints ([${digest1} ${digest2}])`,
      },
    ]);
  });
  it('AllVersions: We should return an empty string if all parent constraints are versions.', async () => {
    // No digest verdict; the two exact versions never meet, which is the version resolution's to say.
    const found = await resolve(['v0.0.1', 'v0.0.2']);
    expect(found.map((f) => f.rule)).toEqual(['xp-dependency-conflict']);
  });
  it('MixedConstraintTypes: We should return an error if both versions and digests are present.', async () => {
    expect(await resolve(['v0.0.1', digest1])).toEqual([
      {
        rule: 'xp-dependency-digests',
        message: `a dependency package has different types of parent constraints ([v0.0.1 ${digest1}])`,
      },
    ]);
  });
});

describe('crossplane TestReconcilerFindDependencyVersionToUpgrade', () => {
  it('SuccessReturnDigest: We should be able to find the digest to update.', async () => {
    expect(await resolve([digest1, digest1])).toEqual([]);
  });
  it('ErrorMixedParentConstraints: We should return an error if parent constraints are mixed.', async () => {
    expect(await resolve([digest1, 'v0.0.1'])).toEqual([
      {
        rule: 'xp-dependency-digests',
        message: `a dependency package has different types of parent constraints ([${digest1} v0.0.1])`,
      },
    ]);
  });
  it('SuccessReturnVersion: We should be able to find the version to update.', async () => {
    // >=v1.0.0 and v2.0.0 meet at v2.0.0: nothing to report without the registry's tags.
    expect(await resolve(['>=v1.0.0', 'v2.0.0'])).toEqual([]);
  });
});

/** findDigestToUpdate walks the parent constraints in order and stops at the first verdict. */
describe('crossplane findDigestToUpdate, in parent order', () => {
  it('two different digests before a version: the digests differ', async () => {
    expect((await resolve([digest1, digest2, 'v0.0.1'])).map((f) => f.message)).toEqual([
      `a dependency package has different digests in parent constraints ([${digest1} ${digest2} v0.0.1])`,
    ]);
  });
  it('a version between two different digests: the types differ', async () => {
    expect((await resolve([digest1, 'v0.0.1', digest2])).map((f) => f.message)).toEqual([
      `a dependency package has different types of parent constraints ([${digest1} v0.0.1 ${digest2}])`,
    ]);
  });
});
