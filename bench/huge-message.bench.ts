/**
 * A 50 MB string in a catalog (issue #19): `validate -o json` through the CLI entry in this process,
 * with its peak memory growth against the file's size (the budget is 3×) and the output's size.
 * Run: `node --import tsx bench/huge-message.bench.ts [MB]`. Peak memory is the process's maximum
 * resident set, measured after the modules are loaded (a first run on a small catalog loads them).
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main';

const mb = Number(process.argv[2] ?? 50);
const dir = mkdtempSync(join(tmpdir(), 'fbc-huge-'));
const size = mb * 1_000_000;
// Written in 1 MB pieces so the process never holds the string itself (it would skew the baseline).
const fd = openSync(join(dir, 'p.json'), 'w');
writeSync(fd, '{"schema":"olm.package","name":"');
const piece = 'x'.repeat(1_000_000);
for (let i = 0; i < mb; i++) writeSync(fd, piece);
writeSync(fd, '"}\n');
closeSync(fd);

// The validate command's modules load on first use: load them (and warm up) on a small catalog first,
// so that the growth measured below is the big file's alone.
const warm = mkdtempSync(join(tmpdir(), 'fbc-huge-warm-'));
const wfd = openSync(join(warm, 'p.json'), 'w');
writeSync(wfd, '{"schema":"olm.package","name":"' + 'x'.repeat(1000) + '"}\n');
closeSync(wfd);
await main(['validate', warm, '-o', 'json'], { out: () => undefined, err: () => undefined });
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
const growth = (peak - base) / size;
console.log(
  `${mb} MB name: exit ${code}, ${Math.round(ms)} ms, output ${out} chars, peak memory growth ${growth.toFixed(2)}× the file (budget 3×)`,
);
process.exitCode = growth <= 3 ? 0 : 1;
