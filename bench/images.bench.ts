/**
 * `npm run bench:images` — `render-template` of a basic template naming 100 bundle images, each a
 * different bundle pushed (with skopeo) to Debian's docker-registry on 127.0.0.1, as a maintainer
 * runs it on the bundles just built. Measured in one run, medians:
 *   offline  the same template in a repository whose catalog holds all 100 bundles (the render
 *            offline resolution gives today: discovery, the catalog's load, the render) — the baseline
 *   warm     no catalog holds them: each is "pulled" from the cache (a digest is never asked again),
 *            its folder read and rendered as `opm render IMAGE` — goal ≤ 1.2× offline
 *   cold     the same with an empty cache: every manifest, config and layer from the registry
 *            (limited by the registry), and the pulls alone 8 at a time against one at a time
 * Each render's output is checked byte-identical to the offline one.
 *
 *   npm run bench:images [-- --runs 7 --cold-runs 3]
 * Skips (saying why) where docker-registry or skopeo is not installed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readBundleDir, renderBundle } from '../src/core/bundle';
import { writeFbcJson } from '../src/core/template/fbc-writer';
import { main } from '../src/cli/main';
import { NodeFsSource } from '../src/cli/node-source';
import { pullTemplateBundles } from '../src/cli/template-pulls';
import { bundleFiles } from '../test/unit/bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  hasRegistryTools,
  ociLayout,
  push,
  registrySkipReason,
  startRegistry,
  tarLayer,
} from '../test/support/registry';

const N = 100;
const args = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : dflt;
};
const RUNS = opt('runs', 7);
const COLD_RUNS = opt('cold-runs', 3);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

async function inBatches<T>(items: readonly T[], n: number, each: (t: T, i: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += n)
    await Promise.all(items.slice(i, i + n).map((t, j) => each(t, i + j)));
}

/** One render-template run in this process: its time and output (stderr kept for a failure). */
async function render(file: string): Promise<{ ms: number; out: string }> {
  let out = '';
  let err = '';
  const t0 = performance.now();
  const code = await main(['render-template', file, '--use-http'], {
    out: (s) => (out += s),
    err: (s) => (err += s),
  });
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`render-template ${file} exited ${code}:\n${err}`);
  return { ms, out };
}

async function run(): Promise<void> {
  if (!hasRegistryTools) {
    console.log(`bench:images skipped: ${registrySkipReason}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'fbc-bench-images-'));
  const reg = await startRegistry('none');
  try {
    const versions = Array.from({ length: N }, (_, i) => `1.${Math.floor(i / 10)}.${i % 10}`);
    const refs: string[] = new Array<string>(N);
    const blobs: object[] = new Array<object>(N);
    const t0 = performance.now();
    await inBatches(versions, 4, async (v, i) => {
      const files = bundleFiles({ version: v, channels: 'stable', defaultChannel: 'stable' });
      const dir = join(work, 'bundles', v);
      writeTree(dir, files);
      const layer = await tarLayer(Object.entries(files).map(([path, content]) => ({ path, content })));
      const l = await ociLayout([layer], BUNDLE_LABELS);
      const digest = await push(reg, l.dir, `acme/op-bundle:v${v}`);
      refs[i] = `${reg.host}/acme/op-bundle@${digest}`;
      blobs[i] = renderBundle(await readBundleDir(new NodeFsSource(dir)), refs[i], 'none');
    });
    console.log(`${N} bundle images pushed with skopeo in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const template = [
      'schema: olm.template.basic',
      'entries:',
      '  - {schema: olm.package, name: op, defaultChannel: stable}',
      '  - schema: olm.channel\n    package: op\n    name: stable\n    entries:',
      ...versions.map((v, i) => `      - {name: op.v${v}${i ? `, replaces: op.v${versions[i - 1]}` : ''}}`),
      ...refs.map((r) => `  - {schema: olm.bundle, image: '${r}'}`),
      '',
    ].join('\n');
    // Offline: the repository's catalog holds every bundle, as opm render wrote them.
    const offlineRepo = join(work, 'offline');
    writeTree(offlineRepo, {
      'catalog-template.yaml': template,
      'catalog/op/bundles.json': writeFbcJson(blobs),
      'catalog/op/package.json': JSON.stringify({
        schema: 'olm.package',
        name: 'op',
        defaultChannel: 'stable',
      }),
    });
    // Pulling: the template alone (the bundles were just built; no catalog holds them).
    const pullRepo = join(work, 'pull');
    writeTree(pullRepo, { 'catalog-template.yaml': template });

    const cacheRoot = join(work, 'cache');
    let caches = 0;
    const freshCache = () => {
      process.env.OLM_CACHE_DIR = join(cacheRoot, String(caches++));
    };
    const offlineFile = join(offlineRepo, 'catalog-template.yaml');
    const pullFile = join(pullRepo, 'catalog-template.yaml');
    const expected = (await render(offlineFile)).out;
    const check = (out: string, what: string) => {
      if (out !== expected) throw new Error(`${what}: the output differs from the offline render`);
    };

    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      freshCache();
      const r = await render(pullFile);
      check(r.out, 'cold');
      cold.push(r.ms);
    }
    // Warm and offline interleaved, so both meet the same machine load.
    const warm: number[] = [];
    const offline: number[] = [];
    await render(pullFile);
    for (let i = 0; i < RUNS; i++) {
      const w = await render(pullFile);
      check(w.out, 'warm');
      warm.push(w.ms);
      offline.push((await render(offlineFile)).ms);
    }
    // The pulls alone, cold: 8 at a time (as render-template) against one at a time.
    const quiet = { out: () => undefined, err: () => undefined };
    const pulls = async (parallel: number): Promise<number> => {
      freshCache();
      const t = performance.now();
      const p = await pullTemplateBundles(refs, pullRepo, { useHttp: true }, quiet, parallel);
      if (p.failed.length) throw new Error(`pull failed: ${p.failed[0]?.message}`);
      return performance.now() - t;
    };
    const serial: number[] = [];
    const parallel: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      serial.push(await pulls(1));
      parallel.push(await pulls(8));
    }

    const o = median(offline);
    const line = (name: string, ms: number, extra = '') =>
      console.log(
        `${name.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / o).toFixed(2)}× offline${extra}`,
      );
    console.log(
      `render-template of ${N} bundle images (medians; warm/offline ${RUNS} runs, cold ${COLD_RUNS}):`,
    );
    line('offline', o, '  (baseline: the catalog holds every bundle)');
    line('warm', median(warm), '  (goal ≤ 1.20×)');
    line('cold', median(cold), '  (limited by the registry)');
    const s = median(serial);
    const p = median(parallel);
    console.log(
      `cold pulls alone: 8 at a time ${p.toFixed(0)} ms, one at a time ${s.toFixed(0)} ms — ${(s / p).toFixed(2)}× faster in parallel`,
    );
  } finally {
    await reg.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await run();
