/**
 * Hostile input: a 50 MB string (issues #19 and #25), `validate -o json` through the CLI entry, each
 * case in a process of its own so that its peak resident set is its own:
 * - `name`: the string is a package's name, inside a blob (budget: memory growth ≤ 3× the file);
 * - `top-level`: a catalog file is that one JSON string (budget: peak RSS ≤ 400 MB; it peaked at 1.9 GB);
 * - `baseline`: a small catalog, the same process and modules: what the peaks are compared with.
 * Run: `node --import tsx bench/huge-message.bench.ts [MB]`. Each case loads the command's modules on
 * a small catalog first, so that the growth measured is the big file's alone.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main';

type Case = 'baseline' | 'name' | 'top-level';
const CASES: Case[] = ['baseline', 'name', 'top-level'];
const PEAK_BUDGET_MB = 400;
const GROWTH_BUDGET = 3;

interface Measured {
  code: number;
  ms: number;
  out: number;
  baseMb: number;
  peakMb: number;
}

/** Writes `mb` MB of the case's file in 1 MB pieces, so the process never holds the string itself. */
function writeCase(dir: string, c: Case, mb: number): void {
  const fd = openSync(join(dir, 'p.json'), 'w');
  const [head, tail] = c === 'top-level' ? ['"', '"\n'] : ['{"schema":"olm.package","name":"', '"}\n'];
  writeSync(fd, head);
  const piece = 'x'.repeat(1_000_000);
  for (let i = 0; i < (c === 'baseline' ? 0 : mb); i++) writeSync(fd, piece);
  if (c === 'baseline') writeSync(fd, 'x'.repeat(1000));
  writeSync(fd, tail);
  closeSync(fd);
  // A file with no schema is not FBC on its own: beside a package it is part of a catalog, which
  // opm fails on its load error.
  if (c === 'top-level')
    writeFileSync(
      join(dir, 'package.json'),
      '{"schema":"olm.package","name":"foo","defaultChannel":"stable"}\n',
    );
}

async function measure(c: Case, mb: number): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'fbc-huge-'));
  writeCase(dir, c, mb);
  const warm = mkdtempSync(join(tmpdir(), 'fbc-huge-warm-'));
  writeCase(warm, 'baseline', 0);
  const quiet = { out: () => undefined, err: () => undefined };
  await main(['validate', warm, '-o', 'json'], quiet);
  rmSync(warm, { recursive: true, force: true });
  const base = process.memoryUsage().rss;
  let out = 0;
  const t = performance.now();
  const code = await main(['validate', dir, '-o', 'json'], {
    out: (s) => (out += s.length),
    err: (s) => (out += s.length),
  });
  const ms = performance.now() - t;
  const peak = process.resourceUsage().maxRSS * 1024;
  rmSync(dir, { recursive: true, force: true });
  return { code, ms, out, baseMb: base / 2 ** 20, peakMb: peak / 2 ** 20 };
}

const child = process.argv.indexOf('--case');
if (child >= 0) {
  const c = process.argv[child + 1] as Case;
  const mb = Number(process.argv[child + 2]);
  process.stdout.write(JSON.stringify(await measure(c, mb)) + '\n');
} else {
  const mb = Number(process.argv[2] ?? 50);
  const self = fileURLToPath(import.meta.url);
  const run = (c: Case): Measured => {
    const r = spawnSync(process.execPath, [...process.execArgv, self, '--case', c, String(mb)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    if (r.status !== 0) throw new Error(`case ${c} failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop() as string) as Measured;
  };
  const [baseline, name, top] = CASES.map(run) as [Measured, Measured, Measured];
  const size = mb * 1_000_000;
  const growth = ((name.peakMb - name.baseMb) * 2 ** 20) / size;
  const line = (label: string, m: Measured, extra: string) =>
    console.log(
      `${label}: exit ${m.code}, ${Math.round(m.ms)} ms, output ${m.out} chars, peak RSS ${Math.round(m.peakMb)} MB ` +
        `(${(m.peakMb / baseline.peakMb).toFixed(2)}× the baseline's ${Math.round(baseline.peakMb)} MB)${extra}`,
    );
  line(`${mb} MB name`, name, `, growth ${growth.toFixed(2)}× the file (budget ${GROWTH_BUDGET}×)`);
  line(`${mb} MB top-level string`, top, ` (budget ${PEAK_BUDGET_MB} MB)`);
  process.exitCode = growth <= GROWTH_BUDGET && top.peakMb <= PEAK_BUDGET_MB ? 0 : 1;
}
