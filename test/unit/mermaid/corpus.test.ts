/**
 * render-graph, the channel graphs and the path queries on every real catalog root listed in
 * spec/corpus-verdicts.json: nothing may throw, and the outputs keep their basic promises.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { buildChannelGraph, buildPackageGraph } from '../../../src/core/graph/channel-graph';
import { channelSwitchMatrix, compareUpgradePaths, whoReaches } from '../../../src/core/graph/upgrade';
import { loadCatalog } from '../../../src/core/load';
import { renderGraph, splitMermaidByPackage } from '../../../src/core/mermaid/render-graph';
import { convertToModel } from '../../../src/core/model/convert';
import { MemorySource } from '../../../src/core/source/memory';
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
if (!hasShared) console.log(skipReason('render-graph and graph queries on the corpus'));

const V0_ONLY = /^(class \S+ (skipped|deprecatedskipped)|linkStyle .*)$/;

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('real catalogs: render-graph and upgrade graphs', () => {
  it('lists the corpus roots', () => {
    expect(roots.length).toBeGreaterThan(50);
  });

  for (const [root, verdict] of roots) {
    it(root, async () => {
      const abs = sharedPath(root);
      const source = statSync(abs).isDirectory()
        ? new NodeFsSource(abs)
        : new MemorySource({ [basename(abs)]: readFileSync(abs) }, basename(abs));
      const load = await loadCatalog(source, { bundleObjects: 'eager' });
      if (load.errors.length > 0) {
        // opm render-graph stops at the same loading error; nothing to draw.
        console.log(`${root}: not drawn, loading fails as in opm`);
        return;
      }
      const dc = load.dc;
      const plain = renderGraph(dc);
      const v0 = renderGraph(dc, { drawV0Semantics: true });
      expect(plain.text.startsWith('graph LR\n')).toBe(true);
      expect(plain.text.endsWith('\n')).toBe(true);
      // v0 semantics only adds the skipped classes and the red links (and may move a bundle from
      // `deprecated` to `deprecatedskipped`).
      const strip = (t: string): string[] =>
        t
          .split('\n')
          .filter((l) => !V0_ONLY.test(l) && !l.startsWith('class '))
          .sort();
      expect(strip(v0.text)).toEqual(strip(plain.text));
      expect(v0.warnings).toEqual(plain.warnings);
      for (const w of plain.warnings)
        expect(w).toMatch(/^warning: ignoring invalid SkipRange for package\/edge /);

      const parts = splitMermaidByPackage(dc, { drawV0Semantics: true });
      for (const p of parts) {
        // Only a document holding a single channel may be longer than the limit.
        if (p.text.length > 50000) expect(p.text.match(/^ {4}subgraph /gm)).toHaveLength(1);
      }
      expect(new Set(parts.map((p) => p.package))).toEqual(new Set(dc.channels.map((c) => c.package)));

      const { model, errors } = convertToModel(dc);
      if (errors.length > 0) return;
      for (const pkg of model.packages.values()) {
        buildPackageGraph(pkg);
        for (const s of ['v0', 'v1'] as const) channelSwitchMatrix(pkg, s);
        for (const ch of pkg.channels.values()) {
          const g = buildChannelGraph(pkg, ch);
          expect(g.nodes.filter((n) => !n.ghost)).toHaveLength(ch.bundles.size);
          expect(g.order).toHaveLength(ch.bundles.size);
          const skipped = new Set(g.nodes.filter((n) => n.skipped).map((n) => n.name));
          for (const b of ch.bundles.values()) {
            if (!b.version) continue;
            const cmp = compareUpgradePaths(pkg, ch, { name: b.name, version: b.version });
            if (verdict.valid) expect(cmp.v0.error).toBeUndefined();
            for (const hop of cmp.v0.hops.slice(1)) expect(skipped.has(hop)).toBe(false);
            if (cmp.differ) expect(cmp.explanation).toMatch(/\S/);
          }
          for (const h of g.heads) whoReaches(pkg, ch, h, 'v0');
        }
      }
    });
  }
});
