/**
 * Planning an ImageSetConfiguration of 20 packages vs loading the catalog (goal ≤ 1.5×): the
 * oc-mirror v2 filter, `opm validate` of the filtered catalog, our findings and the reachability of
 * one --from per package (asked of the original catalog too) must cost no more than half again what reading the catalog costs. The
 * catalog is the largest of the corpus (community-operators-prod v4.16); its packages are all named
 * (18), plus 2 it lacks, alternately heads-only, with a minVersion and with channels. Printed, not
 * asserted; both measured in this run.
 *
 *   node --import tsx bench/mirror.bench.ts [CATALOG_DIR]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NodeFsSource } from '../src/cli/node-source';
import type { DeclarativeConfig } from '../src/core/declcfg/types';
import { loadCatalog } from '../src/core/load';
import type { Isc, IscPackage } from '../src/core/mirror/isc';
import { planIsc } from '../src/core/mirror/plan-isc';
import type { FromVersion } from '../src/core/mirror/reach';
import { shared } from './synthetic-catalogs';

const RUNS = 5;
const DIR = process.argv[2] ?? join(shared, 'corpus/fbc/community-operators-prod/catalogs/v4.16');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const versionOf = (dc: DeclarativeConfig, pkg: string): string | undefined =>
  dc.bundles
    .filter((b) => b.package === pkg)
    .map(
      (b) =>
        (b.properties.find((p) => p.type === 'olm.package')?.value as { version?: string } | null)?.version,
    )
    .find((v) => v !== undefined);

/** 20 packages: every one of the catalog's, then names it lacks. */
function iscFor(dc: DeclarativeConfig): { isc: Isc; froms: FromVersion[] } {
  const names = [...new Set(dc.packages.map((p) => p.name))].slice(0, 20);
  for (let i = 0; names.length < 20; i++) names.push(`absent-operator-${i}`);
  const froms: FromVersion[] = [];
  const packages = names.map((name, i): IscPackage => {
    const v = versionOf(dc, name);
    if (v) froms.push({ package: name, version: v });
    const def = dc.packages.find((p) => p.name === name)?.defaultChannel ?? '';
    const base = { name, defaultChannel: '', minVersion: '', maxVersion: '', bundles: [], channels: [] };
    if (i % 3 === 1 && v) return { ...base, minVersion: v };
    if (i % 3 === 2 && def) return { ...base, channels: [{ name: def, minVersion: '', maxVersion: '' }] };
    return base;
  });
  return { isc: { operators: [{ catalog: 'bench', full: false, packages }] }, froms };
}

async function main(): Promise<void> {
  if (!existsSync(DIR)) {
    console.log(`mirror bench: skipped, ${DIR} not found`);
    return;
  }
  const loads: number[] = [];
  const plans: number[] = [];
  let summary = '';
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const { dc } = await loadCatalog(new NodeFsSource(DIR), { bundleObjects: 'lazy' });
    const t1 = performance.now();
    const { isc, froms } = iscFor(dc);
    const t2 = performance.now();
    const { plan } = planIsc(isc, [{ dc }], froms);
    const t3 = performance.now();
    loads.push(t1 - t0);
    plans.push(t3 - t2);
    const c = plan.catalogs[0];
    summary =
      `${isc.operators[0]?.packages.length ?? 0} packages in the ISC, ${c?.packages.length ?? 0} kept, ` +
      `${c?.packages.reduce((n, p) => n + p.channels.reduce((m, ch) => m + ch.bundles.length, 0), 0) ?? 0} entries, ` +
      `${plan.reachability.length} reachability answers, error: ${c?.error ?? 'none'}`;
  }
  const load = median(loads);
  const planT = median(plans);
  console.log(`catalog: ${DIR}`);
  console.log(summary);
  console.log(`load (median of ${RUNS}): ${load.toFixed(0)} ms`);
  console.log(
    `plan (median of ${RUNS}): ${planT.toFixed(0)} ms — ratio plan / load ${(planT / load).toFixed(2)}× (goal ≤ 1.5×)`,
  );
}

void main();
