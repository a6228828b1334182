/**
 * A reader that stops early (`fbc-studio validate DIR -o github | head -c 100`): the run stops
 * writing, says nothing of the closed pipe (no EPIPE stack trace), and exits with its verdict, the
 * status a full read gets, so that `set -o pipefail` fails the step exactly when the catalog fails
 * (src/cli/main.ts, stdio()).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/shared';

let dir = '';
// The sources through tsx, resolved from the checkout: the runs start in a temporary folder.
const tsx = pathToFileURL(createRequire(join(repoRoot, 'package.json')).resolve('tsx')).href;
const cli = ['--import', tsx, join(repoRoot, 'src/cli/main.ts')];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fbc-closed-stdout-'));
  mkdirSync(join(dir, 'catalog'));
  // 1,500 packages without a channel: two findings each, ~400 KB of `-o github`, far more than a
  // pipe holds, so the run is still writing when the reader goes away.
  writeFileSync(
    join(dir, 'catalog/index.yaml'),
    Array.from({ length: 1500 }, (_, i) => `---\nschema: olm.package\nname: p${i}\n`).join(''),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('stdout closed by its reader', () => {
  it('`validate -o github | head -c 100` ends quietly with the verdict of a full read', async () => {
    const full = spawnSync(process.execPath, [...cli, 'validate', 'catalog', '-o', 'github'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    expect(full.status).toBe(1);
    expect(full.stdout.length).toBeGreaterThan(300_000);

    // The reader takes the first 100 bytes and closes its end, as `head -c 100` does.
    const child = spawn(process.execPath, [...cli, 'validate', 'catalog', '-o', 'github'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const head = await new Promise<string>((done) => {
      let got = '';
      child.stdout.on('data', (d: Buffer) => {
        got += d.toString();
        if (got.length >= 100) {
          child.stdout.destroy();
          done(got.slice(0, 100));
        }
      });
    });
    const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    expect(head).toBe(full.stdout.slice(0, 100));
    expect(stderr).toBe(full.stderr);
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(status).toBe(full.status);
  }, 60_000);

  it('in a shell pipeline under pipefail, the step fails because the catalog does, not because of head', () => {
    const r = spawnSync(
      'bash',
      [
        '-o',
        'pipefail',
        '-c',
        `"$0" ${cli.map((a) => `'${a}'`).join(' ')} validate catalog -o github | head -c 100`,
        process.execPath,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(r.stdout).toMatch(/^::error file=catalog\/index\.yaml,line=2,col=1,/);
    expect(r.stdout).toHaveLength(100);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
  }, 60_000);
});
