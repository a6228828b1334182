/**
 * Smoke run of the browser benchmark harness (bench/browser-*.ts, `npm run bench:browser`) on a tiny
 * catalog, so the harness cannot rot: the same code path (own build of the app, the bench server,
 * OPFS copy, baseline worker, timed open, cancel, edit, scrolling, memory), none of the figures
 * judged. A 2-package catalog from ../shared/tools/make-catalog.mjs, or the demo catalog without it
 * (or with FBC_BENCH_SMOKE_DEMO=1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { measureCatalog, type CatalogCase } from '../../bench/browser-run';
import { buildApp, buildProbe, serveBench } from '../../bench/browser-serve';
import { repoRoot, sharedDir } from './helpers';

const makeCatalog = resolve(sharedDir, 'tools/make-catalog.mjs');

function smokeCatalog(): CatalogCase {
  if (!existsSync(makeCatalog) || process.env.FBC_BENCH_SMOKE_DEMO) {
    console.log(`bench smoke: using the demo catalog (${makeCatalog} not found or FBC_BENCH_SMOKE_DEMO set)`);
    return { name: 'demo', dir: resolve(repoRoot, 'public/demo'), format: 'yaml' };
  }
  const dir = join(tmpdir(), 'fbc-studio-bench-smoke', 'json-2');
  if (!existsSync(join(dir, '.done'))) {
    mkdirSync(dir, { recursive: true });
    const flags = [
      '--packages',
      '2',
      '--bundles',
      '20',
      '--format',
      'json',
      '--object-kb',
      '16',
      '--seed',
      '7',
    ];
    execFileSync('node', [makeCatalog, '--out', dir, ...flags], { stdio: 'ignore' });
    writeFileSync(join(dir, '.done'), '');
  }
  return { name: 'json-2', dir, format: 'json' };
}

test('the browser benchmark harness runs end to end on a small catalog', async ({ browser }) => {
  test.setTimeout(120_000);
  const cat = smokeCatalog();
  const out = resolve(repoRoot, 'test-results/bench-smoke');
  const [appDir, probeDir] = await Promise.all([buildApp(join(out, 'app')), buildProbe(join(out, 'probe'))]);
  const server = await serveBench({ appDir, probeDir, catalogs: new Map([[cat.name, cat.dir]]) });
  const lines: string[] = [];
  try {
    const r = await measureCatalog(browser, server, cat, {
      runs: 1,
      cancel: true,
      edits: 2,
      scroll: true,
      timeoutMs: 30_000,
      log: (s) => lines.push(s),
    });
    console.log(lines.join('\n'));
    expect(r.packages).toBeGreaterThan(0);
    expect(r.openMs).toBeGreaterThan(0);
    expect(r.checkedMs).toBeGreaterThanOrEqual(r.openMs);
    expect(r.baselineMs).toBeGreaterThan(0);
    expect(r.baselines[0]!.files).toBe(r.files);
    expect(r.opens[0]!.summary.bundleObjects).toBe('checked');
    expect(r.heap.workerBytes).toBeGreaterThan(0);
    expect(r.heap.pageBytes).toBeGreaterThan(0);
    expect(r.cancel).toBeDefined();
    expect(r.scroll?.packages.frames).toBeGreaterThan(0);
    if (cat.name !== 'demo') {
      // Both edits (the second after its predecessor was undone) reached every view they should.
      expect(r.edits).toHaveLength(2);
      for (const e of r.edits!) {
        expect(e).toMatchObject({ graphUpdated: true, tableUpdated: true, problemsUpdated: true });
        expect(e.errorsAfter).toBeGreaterThan(e.errorsBefore);
      }
    }
  } finally {
    await server.close();
  }
});
