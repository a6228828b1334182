/**
 * The service reads files itself (for progress, cancel and per-file reloads) instead of calling
 * loadCatalog, so it must reach the same verdict as opm on real catalogs: same walk order, same
 * .indexignore handling, same first error.
 */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { CatalogService } from '../../../src/core/service/catalog-service';
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
    ).filter(([root]) => statSync(sharedPath(root)).isDirectory())
  : [];
if (!hasShared) console.log(skipReason('service on the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('CatalogService on real catalogs: opm’s verdict', () => {
  for (const [root, verdict] of roots) {
    it(`${root} is ${verdict.valid ? 'valid' : 'invalid'}`, async () => {
      const service = new CatalogService();
      const summary = await service.open(new NodeFsSource(sharedPath(root)), {
        kind: 'handle',
        readOnly: false,
      });
      expect(summary.passed).toBe(verdict.valid);
      const expected = verdict.opm_message ?? '';
      const actual = summary.opmMessage ?? '';
      if (expected.startsWith('invalid index:')) expect(canonicalTree(actual)).toBe(canonicalTree(expected));
      else expect(actual).toBe(expected);
      // Every package can be shown: package view, each channel's graph and entries.
      for (const item of service.getPackageList()) {
        const pkg = service.getPackage(item.name)!;
        for (const ch of pkg.channels) {
          const view = service.getChannel(item.name, ch.name)!;
          expect(view.graph.nodes.filter((n) => !n.ghost)).toHaveLength(view.entries.length);
        }
      }
    });
  }
});
