/**
 * Loading on worker threads gives exactly what loading on one thread gives: every finding with its
 * message and file:line:column, on random catalogs (JSON streams and YAML documents, with broken
 * blobs, dangling replaces, skips and bad versions mixed in).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yaml } from './block-yaml';
import { LoadPool } from '../../../src/cli/load-pool';
import { NodeFsSource } from '../../../src/cli/node-source';
import { checkWorkspace, discoverWorkspace, repoRelative } from '../../../src/core/workspace';

let pool: LoadPool;
let tmp = '';

beforeAll(() => {
  pool = new LoadPool(2);
  tmp = mkdtempSync(join(tmpdir(), 'fbc-pool-'));
});

afterAll(async () => {
  await pool.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const version = fc.oneof(
  fc.tuple(fc.nat(3), fc.nat(5), fc.nat(5)).map(([a, b, c]) => `${a}.${b}.${c}`),
  fc.constantFrom('1.0', 'x.y.z', '2.0.0-rc.1'),
);

const bundle = (pkg: string) =>
  fc
    .record({ v: version, replaces: fc.option(fc.nat(6)), skips: fc.array(fc.nat(6), { maxLength: 2 }) })
    .map((b) => ({
      pkg,
      ...b,
    }));

type Bundle = { pkg: string; v: string; replaces: number | null; skips: number[] };

function blobs(pkg: string, bs: Bundle[]): Record<string, unknown>[] {
  const name = (i: number) => `${pkg}.v${bs[i % Math.max(1, bs.length)]?.v ?? '0.0.0'}-${i}`;
  return [
    { schema: 'olm.package', name: pkg, defaultChannel: 'stable' },
    {
      schema: 'olm.channel',
      package: pkg,
      name: 'stable',
      entries: bs.map((b, i) => ({
        name: name(i),
        ...(b.replaces === null ? {} : { replaces: name(b.replaces) }),
        ...(b.skips.length ? { skips: b.skips.map(name) } : {}),
      })),
    },
    ...bs.map((b, i) => ({
      schema: 'olm.bundle',
      package: pkg,
      name: name(i),
      image: `quay.io/x/${pkg}:${i}`,
      properties: [{ type: 'olm.package', value: { packageName: pkg, version: b.v } }],
    })),
  ];
}

const catalog = fc.array(
  fc.record({
    pkg: fc.constantFrom('alpha', 'beta', 'gamma', 'delta'),
    format: fc.constantFrom('json', 'yaml'),
    bundles: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    broken: fc.boolean(),
  }),
  { minLength: 1, maxLength: 5 },
);

async function findings(dir: string, loadFile?: LoadPool['load']): Promise<string> {
  const d = await discoverWorkspace(new NodeFsSource(dir), loadFile ? { loadFile } : {});
  const checked = checkWorkspace(d);
  return JSON.stringify({
    catalogs: checked.catalogs.map(({ catalog: c, checked: x }) => ({
      path: c.path,
      passed: x.result.passed,
      message: x.result.opmMessage,
      diagnostics: x.result.diagnostics.map((diag) => {
        const { ref: _ref, ...rest } = repoRelative(c, diag);
        return rest;
      }),
    })),
    findings: checked.findings.map(({ ref: _ref, ...rest }) => rest),
  });
}

describe('LoadPool', () => {
  it('gives the one-thread findings, locations and verdicts on random catalogs', async () => {
    let run = 0;
    let failed = 0;
    let located = 0;
    await fc.assert(
      fc.asyncProperty(catalog, fc.context(), async (files, ctx) => {
        const dir = join(tmp, `c${run++}`);
        files.forEach((f, i) => {
          const bs = fc.sample(
            fc.array(bundle(f.pkg), { minLength: f.bundles.length, maxLength: f.bundles.length }),
            {
              numRuns: 1,
              seed: f.bundles[0] ?? 0,
            },
          )[0] as Bundle[];
          const bl = blobs(f.pkg, bs);
          let text =
            f.format === 'json'
              ? bl.map((b) => JSON.stringify(b, null, 2)).join('\n')
              : bl.map((b) => `---${yaml(b)}`).join('\n');
          if (f.broken)
            text = text.replace(
              f.format === 'json' ? '"schema"' : 'schema:',
              f.format === 'json' ? '"schema" "' : 'schema: [',
            );
          const path = join(dir, `${f.pkg}-${i}`, `index.${f.format}`);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, text + '\n');
        });
        const sequential = await findings(dir);
        const parallel = await findings(dir, pool.load);
        ctx.log(sequential.slice(0, 400));
        expect(parallel).toBe(sequential);
        if (sequential.includes('"passed":false')) failed++;
        if (sequential.includes('"location":{')) located++;
      }),
      { numRuns: 25 },
    );
    // The random catalogs do exercise errors with locations (not only clean loads).
    expect(failed).toBeGreaterThan(0);
    expect(located).toBeGreaterThan(0);
  }, 120_000);
});
