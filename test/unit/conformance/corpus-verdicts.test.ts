/**
 * opm's verdict (and message, where invalid) for every real catalog root listed in
 * spec/corpus-verdicts.json. A root given as a file is a catalog of that one file.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../../src/core/api';
import { MemorySource } from '../../../src/core/source/memory';
import { NodeFsSource } from '../../../src/cli/node-source';
import { canonicalTree } from '../../support/cases-md';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

interface Verdict {
  valid: boolean;
  opm_message: string | null;
}

const roots: [string, Verdict][] = hasShared
  ? Object.entries(
      (
        JSON.parse(readFileSync(sharedPath('spec/corpus-verdicts.json'), 'utf8')) as {
          roots: Record<string, Verdict>;
        }
      ).roots,
    )
  : [];
if (!hasShared) console.log(skipReason('corpus verdicts'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('real catalogs: opm verdicts', () => {
  it('lists the corpus roots', () => {
    expect(roots.length).toBeGreaterThan(50);
  });

  for (const [root, verdict] of roots) {
    it(`${root} is ${verdict.valid ? 'valid' : 'invalid'}`, async () => {
      const abs = sharedPath(root);
      const source = statSync(abs).isDirectory()
        ? new NodeFsSource(abs)
        : new MemorySource({ [basename(abs)]: readFileSync(abs) }, basename(abs));
      const { result } = await checkCatalog(source);
      if (verdict.valid) {
        expect(result.opmMessage).toBeNull();
      } else {
        const expected = verdict.opm_message ?? '';
        const actual = result.opmMessage ?? '';
        if (expected.startsWith('invalid index:'))
          expect(canonicalTree(actual)).toBe(canonicalTree(expected));
        else expect(actual).toBe(expected);
      }
    });
  }
});
