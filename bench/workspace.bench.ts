/**
 * Validating a whole repository vs validating its catalogs one by one (goal ≤ 1.2×): discovery reads
 * and parses every file once and validates each catalog on those parses, so opening a repository
 * should cost about what `opm validate` of each catalog folder in turn costs. Then `workspace`
 * (validation plus each template judged against each of its catalogs) vs `validate` plus the time
 * the templates' renders alone take (goal ≤ 1.5×), on the largest corpus repositories with
 * templates: judging must cost little beyond rendering (no unified diff unless one is shown).
 * Printed, not asserted; every ratio's baseline is measured in the same run.
 *
 *   node --import tsx bench/workspace.bench.ts [REPO…]   (default: the largest corpus repositories)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NodeFsSource } from '../src/cli/node-source';
import { checkCatalog } from '../src/core/api';
import { checkWorkspace, discoverWorkspace, fileSubSource, subSource } from '../src/core/workspace';
import { statusCatalogsOf } from '../src/core/workspace/check';
import { renderPerCatalog, repositoryResolver } from '../src/core/workspace/template-status';
import { shared } from './synthetic-catalogs';

const DEFAULT = [
  'community-operators-prod',
  'stolostron-volsync-operator-product-fbc',
  'kubev2v-mtv-fbc',
  'stolostron-submariner-operator-fbc',
  'stolostron-gatekeeper-operator-fbc',
  'project-koku-costmanagement-fbc',
];
/** The largest corpus repositories whose catalogs are rendered from templates. */
const WITH_TEMPLATES = ['kubev2v-mtv-fbc', 'stolostron-submariner-operator-fbc', 'securesign-fbc'];
const RUNS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function wholeRepository(dir: string): Promise<number> {
  const t = performance.now();
  checkWorkspace(await discoverWorkspace(new NodeFsSource(dir)));
  return performance.now() - t;
}

async function eachAlone(dir: string, catalogs: { path: string; isFile: boolean }[]): Promise<number> {
  const t = performance.now();
  for (const c of catalogs) {
    const parent = new NodeFsSource(dir);
    await checkCatalog(c.isFile ? fileSubSource(parent, c.path) : subSource(parent, c.path));
  }
  return performance.now() - t;
}

/** `workspace DIR`: discovery, every catalog validated, every template judged. */
async function workspaceRun(dir: string): Promise<number> {
  const t = performance.now();
  checkWorkspace(await discoverWorkspace(new NodeFsSource(dir)), { templates: true });
  return performance.now() - t;
}

/** `validate DIR` plus the templates' renders (each for each of its catalogs), without judging. */
async function validatePlusRender(dir: string): Promise<{ validate: number; render: number }> {
  const t = performance.now();
  const d = await discoverWorkspace(new NodeFsSource(dir));
  const checked = checkWorkspace(d);
  const validate = performance.now() - t;
  const r = performance.now();
  const catalogs = statusCatalogsOf(d, checked.catalogs);
  const resolver = repositoryResolver(catalogs);
  for (const template of d.workspace.templates) {
    renderPerCatalog(template, d.loads.get(template.path)?.file.text ?? '', catalogs, resolver);
  }
  return { validate, render: performance.now() - r };
}

async function templatesTable(corpus: string, repos: readonly string[]): Promise<void> {
  console.log(
    `\nrepository | templates | workspace (median of ${RUNS}) | validate | + renders | ratio workspace / (validate + renders) (goal ≤ 1.5)`,
  );
  for (const repo of repos) {
    const dir = join(corpus, repo);
    const d = await discoverWorkspace(new NodeFsSource(dir));
    await workspaceRun(dir);
    await validatePlusRender(dir);
    const ws: number[] = [];
    const val: number[] = [];
    const ren: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ws.push(await workspaceRun(dir));
      const b = await validatePlusRender(dir);
      val.push(b.validate);
      ren.push(b.render);
    }
    const [w, v, r] = [median(ws), median(val), median(ren)];
    console.log(
      `${repo} | ${d.workspace.templates.length} | ${w.toFixed(0)} ms | ${v.toFixed(0)} ms | ${r.toFixed(0)} ms | ${(w / (v + r)).toFixed(2)}×`,
    );
  }
}

async function main(): Promise<void> {
  const corpus = join(shared, 'corpus/fbc');
  if (!existsSync(corpus)) {
    console.log(`workspace bench: skipped, ${corpus} not found`);
    return;
  }
  const repos = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
  console.log(
    `repository | catalogs | whole repository (median of ${RUNS}) | sum of each catalog alone | ratio (goal ≤ 1.2)`,
  );
  for (const repo of repos) {
    const dir = join(corpus, repo);
    const d = await discoverWorkspace(new NodeFsSource(dir));
    const catalogs = d.catalogs.map((c) => ({ path: c.path, isFile: c.isFile }));
    // Warm up both paths once, then interleave so machine load hits both alike.
    await wholeRepository(dir);
    await eachAlone(dir, catalogs);
    const whole: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      whole.push(await wholeRepository(dir));
      alone.push(await eachAlone(dir, catalogs));
    }
    const w = median(whole);
    const a = median(alone);
    console.log(
      `${repo} | ${catalogs.length} | ${w.toFixed(0)} ms | ${a.toFixed(0)} ms | ${(w / a).toFixed(2)}×`,
    );
  }
  await templatesTable(corpus, process.argv.slice(2).length ? repos : WITH_TEMPLATES);
}

await main();
