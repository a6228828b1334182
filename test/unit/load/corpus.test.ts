/** Smoke test: every real catalog in the shared corpus loads; those opm accepts load with no errors. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';

const shared = resolve(__dirname, '../../../../shared');
const verdictsPath = resolve(shared, 'spec/corpus-verdicts.json');
const hasShared = existsSync(verdictsPath);
if (!hasShared) console.log(`skipping corpus smoke test: ${verdictsPath} not found`);

type Verdicts = { roots: Record<string, { valid: boolean; opm_message: string | null }> };
const roots = hasShared
  ? Object.entries((JSON.parse(readFileSync(verdictsPath, 'utf8')) as Verdicts).roots)
  : [];

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('corpus smoke test', () => {
  for (const [root, verdict] of roots) {
    it(`${root} loads${verdict.valid ? ' with no errors' : ''}`, async () => {
      const abs = resolve(shared, root);
      const source = statSync(abs).isDirectory()
        ? new NodeFsSource(abs)
        : new MemorySource({ [basename(abs)]: readFileSync(abs) }, basename(abs));
      const r = await loadCatalog(source);
      // Every corpus verdict that fails does so after loading (stage B/C), so no root has a load error.
      expect(r.errors.map((e) => `${e.file}: ${e.message}`)).toEqual([]);
      expect(r.dc.packages.length + r.dc.bundles.length + r.dc.others.length).toBeGreaterThan(0);
    });
  }
});
