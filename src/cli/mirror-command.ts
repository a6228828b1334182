/**
 * `fbc-studio mirror plan ISC_FILE [--catalog [REF=]DIR|IMAGE]... [--from PKG@VERSION]... [--write DIR]`:
 * what oc-mirror v2 keeps of each operator catalog the ImageSetConfiguration names, `opm validate`
 * of each rebuilt catalog, our findings on it, whether the `--from` versions reach the mirrored
 * heads, and the smallest configuration change when they do not (src/core/mirror/). A catalog is
 * the folder or image given for its reference (`REF=…`, else the n-th `--catalog` for the n-th
 * catalog), else its reference pulled as an image (docs/images.md).
 */
import { existsSync, promises as fs, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclarativeConfig } from '../core/declcfg/types';
import { loadCatalog } from '../core/load';
import { uniqueName } from '../core/mirror/image-ref';
import { parseIsc, type Isc } from '../core/mirror/isc';
import { planIsc, type CatalogInput, type IscPlan } from '../core/mirror/plan-isc';
import { parseFrom, type FromVersion, type PathAnswer } from '../core/mirror/reach';
import { goQuote } from '../core/go/strings';
import { writeFbcJson } from '../core/template/fbc-writer';
import type { Io } from './command-args';
import { NodeFsSource } from './node-source';
import { registryFlags } from './image-args';

/** `mirror plan` options as declared in commands.ts. */
export interface MirrorPlanOptions {
  output: string;
  catalog?: string[];
  from?: string[];
  write?: string;
  mirrors?: string[];
  useHttp?: boolean;
  skipTlsVerify?: boolean;
  caFile?: string;
}

async function loadDir(dir: string): Promise<CatalogInput> {
  const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' });
  const first = load.errors[0];
  return first ? { error: `load ${dir}: ${first.message}` } : { dc: load.dc };
}

/** Which `--catalog` value serves the i-th operator entry. */
function sourceFor(ref: string, i: number, given: readonly string[]): string {
  const named = given.find((g) => g.startsWith(ref + '='));
  if (named) return named.slice(ref.length + 1);
  const positional = given.filter((g) => !/^[^=]+=/.test(g) || existsSync(g));
  return positional[i] ?? ref;
}

export async function mirrorPlanCommand(iscFile: string, values: MirrorPlanOptions, io: Io): Promise<number> {
  const isc = parseIsc(await fs.readFile(iscFile, 'utf8'));
  const froms: FromVersion[] = [];
  for (const f of values.from ?? []) {
    const p = parseFrom(f);
    if ('error' in p) {
      io.err(`Error: ${p.error}\n`);
      return 1;
    }
    froms.push(p);
  }
  let registry: Awaited<typeof import('../node/registry')> | undefined;
  let options: import('../node/registry').PullOptions | undefined;
  const inputs: CatalogInput[] = [];
  for (const [i, op] of isc.operators.entries()) {
    const src = sourceFor(op.catalog, i, values.catalog ?? []);
    if (existsSync(src) && statSync(src).isDirectory()) {
      inputs.push(await loadDir(src));
      continue;
    }
    try {
      registry ??= await import('../node/registry');
      options ??= registry.pullOptions(registryFlags(values), io.err);
      const image = await registry.pullImage(src, options);
      inputs.push(await loadDir(image.dir));
    } catch (e) {
      inputs.push({ error: `pull ${src}: ${(e as Error).message}` });
    }
  }
  const { plan, results } = planIsc(isc, inputs, froms);
  if (isc.operators.length === 0 && isc.error) io.err(`Error: ${isc.error}\n`);
  let writeFailed = false;
  if (values.write) {
    const filtered = results.map((r) => r.filtered);
    for (const [i, dc] of filtered.entries()) {
      if (!dc) continue;
      const dir =
        filtered.length === 1
          ? values.write
          : join(values.write, safeName(isc.operators[i]?.catalog ?? String(i)));
      try {
        await writeCatalog(dc, dir);
      } catch (e) {
        // oc-mirror stops there, as saveDeclarativeConfig returns it.
        io.err(`Error: failed to save catalog config: ${(e as Error).message}\n`);
        writeFailed = true;
        continue;
      }
      io.err(`wrote the filtered catalog of ${isc.operators[i]?.catalog ?? ''} to ${dir}\n`);
    }
  }
  io.out(values.output === 'json' ? JSON.stringify(plan, null, 2) + '\n' : planText(plan, isc));
  return failed(plan) || writeFailed || (isc.error !== undefined && isc.operators.length === 0) ? 1 : 0;
}

/** A folder name from a catalog reference, never `.`, `..` or a path: a catalog cannot write outside --write. */
const safeName = (ref: string): string =>
  ref.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, (d) => '_'.repeat(d.length)) || '_';

/** Go's filepath.IsLocal on Unix: not empty, not absolute, and not reaching above its folder once cleaned. */
function isLocal(path: string): boolean {
  if (path === '' || path.startsWith('/')) return false;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return false;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return true;
}

/**
 * declcfg.WriteFS as oc-mirror v2 calls it (saveDeclarativeConfig; it vendors operator-registry
 * v1.73.0, whose WriteFS is #1979's): each package's blobs in `<package>/catalog.json`, blobs of
 * other schemas with no package in a `catalog.json` at the root, channels, bundles and deprecations
 * with no package not written, and a package name that is not a local path refused with opm's error.
 */
async function writeCatalog(dc: DeclarativeConfig, dir: string): Promise<void> {
  const groups = new Map<string, object[]>();
  const add = (pkg: string, raw: object) => {
    let list = groups.get(pkg);
    if (!list) groups.set(pkg, (list = []));
    list.push(raw);
  };
  for (const p of dc.packages) if (p.name !== '') add(p.name, p.raw);
  for (const c of dc.channels) if (c.package !== '') add(c.package, c.raw);
  for (const b of dc.bundles) if (b.package !== '') add(b.package, b.raw);
  for (const o of dc.others) add(o.package, o.raw);
  for (const d of dc.deprecations) if (d.package !== '') add(d.package, d.raw);
  for (const name of groups.keys()) {
    if (name !== '' && !isLocal(name))
      throw new Error(`invalid package name ${goQuote(name)}: must be a single local path element`);
  }
  await fs.mkdir(dir, { recursive: true });
  for (const [name, blobs] of groups) {
    const sub = join(dir, name);
    await fs.mkdir(sub, { recursive: true });
    await fs.writeFile(join(sub, 'catalog.json'), writeFbcJson(blobs));
  }
}

function failed(plan: IscPlan): boolean {
  return (
    plan.catalogs.some(
      (c) => c.error !== null || !c.validation.passed || c.findings.some((f) => f.severity === 'error'),
    ) || plan.reachability.some((a) => !(a.v0?.reachesHead && a.v1?.reachesHead))
  );
}

function pathText(name: string, p: PathAnswer | null): string {
  if (!p) return `${name} —`;
  return p.reachesHead
    ? `${name} reaches the head: ${p.hops.join(' → ')}`
    : `${name} stops at ${p.hops[p.hops.length - 1] ?? '?'}${p.reason ? `: ${p.reason}` : ''}`;
}

function planText(plan: IscPlan, isc: Isc): string {
  const lines: string[] = [];
  for (const [i, c] of plan.catalogs.entries()) {
    lines.push(`catalog ${c.catalog}`);
    // Where targetCatalog / targetTag move it: the name oc-mirror publishes it under.
    const op = isc.operators[i];
    const named =
      op && (op.targetCatalog || op.targetTag)
        ? uniqueName(op.catalog, op.targetCatalog, op.targetTag)
        : undefined;
    if (named && 'name' in named) lines.push(`  published as ${named.name}`);
    if (c.error !== null) lines.push(`  oc-mirror stops: ${c.error.replace(/\n/g, '\n    ')}`);
    for (const p of c.packages) {
      lines.push(`  package ${p.name} (default channel ${p.defaultChannel || '—'})`);
      for (const ch of p.channels) lines.push(`    ${ch.name}: ${ch.bundles.join(', ') || '—'}`);
    }
    if (c.error === null) {
      const n = c.validation.diagnostics.filter((d) => d.severity === 'error').length;
      lines.push(
        `  opm validate of the filtered catalog: ${c.validation.passed ? 'passes' : `fails (${n} error${n === 1 ? '' : 's'})`}`,
      );
      for (const d of c.validation.diagnostics) lines.push(`    ${d.severity} ${d.rule}: ${d.message}`);
    }
    for (const f of c.findings) lines.push(`  ${f.severity} ${f.rule}: ${f.message}`);
  }
  if (plan.reachability.length > 0) lines.push('reachability');
  for (const a of plan.reachability) {
    const at = `  ${a.package}@${a.from}`;
    if (a.error) lines.push(`${at}: ${a.error}`);
    else lines.push(`${at} in ${a.channel ?? '?'}: ${pathText('OLM v0', a.v0)}; ${pathText('OLM v1', a.v1)}`);
    if (a.originalReachesHead === false && !(a.v0?.reachesHead && a.v1?.reachesHead)) {
      lines.push('    (the original catalog has no such path either: no filter can give one)');
    }
  }
  const stuck = plan.reachability.some((a) => !(a.v0?.reachesHead && a.v1?.reachesHead));
  if (stuck && plan.suggestion === null) {
    lines.push(
      "no change to the ImageSetConfiguration found that lets every --from reach its default channel's head",
    );
  }
  if (plan.suggestion !== null)
    lines.push('suggested change to the ImageSetConfiguration (RFC 6902 patch):', plan.suggestion.trimEnd());
  return lines.join('\n') + '\n';
}
