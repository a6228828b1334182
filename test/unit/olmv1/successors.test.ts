/**
 * Successors of an installed bundle (operator-controller catalogmetadata/filter/successors_test.go,
 * TestSuccessorsPredicate, at df2c201d70e83d02eae23597d604269fa1baf20a): its channel and bundles
 * re-created here; each case's expected set is the kept candidates, highest first.
 */
import { describe, expect, it } from 'vitest';
import { resolveClusterExtension } from '../../../src/core/olmv1';
import { bundle, input } from './fixtures';

const P = 'test-package';
const n = (v: string) => `${P}.v${v}`;
const CHANNEL = {
  schema: 'olm.channel',
  package: P,
  name: 'stable',
  entries: [
    { name: n('2.0.0') },
    { name: n('2.1.0'), replaces: n('2.0.0') },
    { name: n('2.2.0'), replaces: n('2.1.0'), skips: [n('2.0.0+1')] },
    { name: n('2.2.1') },
    { name: n('2.3.0'), replaces: n('2.2.0'), skips: [n('2.2.1')] },
    { name: n('2.4.0'), skipRange: '>=2.3.0 <2.4.0' },
  ],
};
// 2.0.0+1 is a bundle of the package that no channel lists, as upstream's set has it.
const BUNDLES = ['2.0.0', '2.0.0+1', '2.1.0', '2.2.0', '2.2.1', '2.3.0', '2.4.0'].map((v) => bundle(P, v));

async function successors(name: string, version: string): Promise<string[]> {
  const cats = [await input('c', [{ schema: 'olm.package', name: P }, CHANNEL, ...BUNDLES])];
  const ext = {
    name: 'x',
    namespace: 'x',
    packageName: P,
    channels: [],
    version: '',
    upgradeConstraintPolicy: 'CatalogProvided' as const,
  };
  const p = resolveClusterExtension(ext, cats, { name, version });
  const kept = p.candidates.filter((c) => c.kept);
  // Highest first: the resolved one, then the rest as they were ranked.
  return [...kept]
    .sort((a, b) => (a.why.startsWith('resolved') ? -1 : b.why.startsWith('resolved') ? 1 : 0))
    .map((c) => c.bundle);
}

describe('TestSuccessorsPredicate', () => {
  it.each([
    ['respect replaces directive from catalog', n('2.0.0'), '2.0.0', [n('2.1.0'), n('2.0.0')]],
    ['respect skips directive from catalog', n('2.2.1'), '2.2.1', [n('2.3.0'), n('2.2.1')]],
    ['respect skipRange directive from catalog', n('2.3.0'), '2.3.0', [n('2.4.0'), n('2.3.0')]],
    ['installed bundle matcher is exact', n('2.0.0+1'), '2.0.0+1', [n('2.2.0'), n('2.0.0+1')]],
    ['installed bundle not found', n('9.0.0'), '9.0.0', []],
  ])('%s', async (_name, name, version, want) => {
    expect(await successors(name, version)).toEqual(want);
  });
});
