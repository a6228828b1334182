import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog } from '../../../src/core/load';
import { renderGraph, splitMermaidByPackage } from '../../../src/core/mermaid/render-graph';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { demoTree } from './demo-files';
import { openFiles } from './paths-fixtures';
import { M01_YAML } from '../mermaid/m01-catalog';

/**
 * The export the UI offers goes through the service (in the worker): its bytes must be exactly
 * what the core renderGraph (tested against opm in test/unit/mermaid) gives on the same files.
 */

async function demo() {
  const service = new CatalogService();
  await service.open(new MemorySource(demoTree(), 'demo'), { kind: 'demo', readOnly: true });
  return service;
}

const demoDc = async () => (await loadCatalog(new MemorySource(demoTree(), 'demo'))).dc;

describe('exportMermaid on the demo catalog', () => {
  it('equals renderGraph byte for byte, for every option the menu offers', async () => {
    const service = await demo();
    const dc = await demoDc();
    for (const opts of [
      {},
      { drawV0Semantics: true },
      { packageName: 'aurora-operator' },
      { packageName: 'cirrus-operator', drawV0Semantics: true },
      { packageName: 'aurora-operator', minimumEdge: 'aurora-operator.v1.1.0', drawV0Semantics: true },
    ]) {
      const out = await service.exportMermaid(opts);
      expect(out.error).toBeUndefined();
      expect(out.split).toBe(false);
      expect(out.documents).toHaveLength(1);
      expect(out.documents[0]!.text).toBe(renderGraph(dc, opts).text);
    }
  });

  it('names the file and the equivalent opm command', async () => {
    const out = await (await demo()).exportMermaid({ packageName: 'cirrus-operator', drawV0Semantics: true });
    expect(out.documents[0]).toMatchObject({ package: 'cirrus-operator', fileName: 'cirrus-operator.mmd' });
    expect(out.command).toBe('opm alpha render-graph -p cirrus-operator --draw-v0-semantics <catalog-dir>');
    expect((await (await demo()).exportMermaid({})).documents[0]!.fileName).toBe('catalog.mmd');
  });

  it('splits by package past Mermaid’s size limit, each part equal to render-graph -p <package>', async () => {
    const service = await demo();
    const dc = await demoDc();
    const whole = renderGraph(dc, { drawV0Semantics: true }).text;
    const out = await service.exportMermaid({ drawV0Semantics: true, maxChars: whole.length - 1 });
    expect(out.split).toBe(true);
    expect(out.documents.map((d) => d.package)).toEqual([
      'aurora-operator',
      'borealis-operator',
      'cirrus-operator',
      'nimbus-operator',
    ]);
    for (const d of out.documents) {
      expect(d.text).toBe(renderGraph(dc, { packageName: d.package, drawV0Semantics: true }).text);
      expect(d.fileName).toBe(`${d.package}.mmd`);
    }
  });

  it('a package longer than the limit is cut into groups of whole channels, files numbered', async () => {
    const service = await demo();
    const out = await service.exportMermaid({ packageName: 'aurora-operator', maxChars: 600 });
    expect(out.split).toBe(true);
    expect(out.documents.map((d) => d.fileName)).toEqual([
      'aurora-operator-1.mmd',
      'aurora-operator-2.mmd',
      'aurora-operator-3.mmd',
    ]);
    const parts = splitMermaidByPackage(await demoDc(), { packageName: 'aurora-operator' }, 600);
    expect(out.documents.map((d) => d.text)).toEqual(parts.map((p) => p.text));
  });

  it('gives opm’s fatal errors instead of a graph', async () => {
    const service = await demo();
    expect(await service.exportMermaid({ minimumEdge: 'nope' })).toMatchObject({
      documents: [],
      error: 'unknown minimum edge name: "nope"',
    });
    const broken = await openFiles({ 'a.yaml': 'schema: olm.package\nname: a\n---\n: : :\n' });
    const out = await broken.exportMermaid({});
    expect(out.documents).toEqual([]);
    // opm render-graph stops at the first loading error, with its text.
    const problem = broken.getSummary()!.fileProblems[0]!.message;
    expect(problem).toMatch(/^error converting YAML to JSON/);
    expect(out.error).toBe(problem);
  });

  it('follows edits: the export is of the catalog as it is now', async () => {
    const service = await demo();
    const path = 'cirrus-operator/channels/alpha.yaml';
    const edited = new TextDecoder()
      .decode(demoTree()[path])
      .replace('    skips:\n      - cirrus-operator.v0.2.0\n', '');
    service.updateFile(path, edited);
    const dc = (await loadCatalog(new MemorySource({ ...demoTree(), [path]: edited }, 'demo'))).dc;
    const out = await service.exportMermaid({ packageName: 'cirrus-operator' });
    expect(out.documents[0]!.text).toBe(renderGraph(dc, { packageName: 'cirrus-operator' }).text);
    expect(out.documents[0]!.text).not.toContain('-- skip -->');
  });
});

function specBlock(id: string): string {
  const md = readFileSync(sharedPath('spec/fbc-cases.md'), 'utf8');
  const section = md.slice(md.indexOf(`### ${id} `));
  const start = section.indexOf('```text\n') + '```text\n'.length;
  return section.slice(start, section.indexOf('```', start));
}

if (!hasShared) console.log(skipReason('Mermaid export against fbc-cases §G and real catalogs'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('exportMermaid: fbc-cases §G through the service', () => {
  it('M01 (--draw-v0-semantics) and M03 (--minimum-edge anakin.v0.1.0), byte for byte', async () => {
    const service = await openFiles({ 'catalog.yaml': M01_YAML });
    const m01 = await service.exportMermaid({ drawV0Semantics: true });
    expect(m01.documents.map((d) => d.text)).toEqual([specBlock('M01')]);
    const m03 = await service.exportMermaid({ drawV0Semantics: true, minimumEdge: 'anakin.v0.1.0' });
    expect(m03.documents.map((d) => d.text)).toEqual([specBlock('M03')]);
  });
});

const ROOTS = [
  'corpus/fbc/community-operators-prod/catalogs/v4.22',
  'corpus/fbc/stolostron-submariner-operator-fbc/catalog-4-21',
  'corpus/fbc/kubev2v-mtv-fbc/v4.23/catalog',
  'corpus/fbc/operator-registry-testdata/fbc-dir',
];

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('exportMermaid on real catalogs: the same bytes as renderGraph', () => {
  for (const root of ROOTS) {
    it(root, async () => {
      const abs = sharedPath(root);
      const service = new CatalogService();
      await service.open(new NodeFsSource(abs), { kind: 'files', readOnly: true });
      const load = await loadCatalog(new NodeFsSource(abs), { bundleObjects: 'eager' });
      expect(load.errors).toEqual([]);
      const opts = { drawV0Semantics: true };
      const whole = renderGraph(load.dc, opts);
      const out = await service.exportMermaid(opts);
      expect(out.warnings).toEqual(whole.warnings);
      if (whole.text.length <= 50000) {
        expect(out.split).toBe(false);
        expect(out.documents.map((d) => d.text)).toEqual([whole.text]);
      } else {
        expect(out.split).toBe(true);
        expect(out.documents.map((d) => d.text)).toEqual(
          splitMermaidByPackage(load.dc, opts, 50000).map((p) => p.text),
        );
        for (const d of out.documents.slice(0, 20)) {
          const own = renderGraph(load.dc, { ...opts, packageName: d.package }).text;
          // A package that fits is exactly `render-graph -p <package>`.
          if (own.length <= 50000) expect(d.text).toBe(own);
        }
      }
      // One package, as the UI exports by default.
      const first = load.dc.packages[0]?.name;
      if (first) {
        const one = await service.exportMermaid({ packageName: first, drawV0Semantics: true });
        expect(one.documents[0]?.text).toBe(
          renderGraph(load.dc, { packageName: first, drawV0Semantics: true }).text,
        );
      }
    });
  }
});
