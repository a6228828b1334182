/** `fbc-studio diff` through the CLI entry: two folders, a folder against a zip, a folder against Git. */
import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import git from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { NEW, OLD } from '../diff/fixtures';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

function writeTree(root: string, files: Record<string, string>): void {
  rmSync(root, { recursive: true, force: true });
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fbc-diff-'));
  writeTree(join(tmp, 'old'), OLD);
  writeTree(join(tmp, 'new'), NEW);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('fbc-studio diff OLD NEW', () => {
  it('-o json prints the documented shape and fails on breaking changes', async () => {
    const { code, out } = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'json');
    expect(code).toBe(1);
    const json = JSON.parse(out) as { packages: unknown[]; impact: { kind: string }[] };
    expect(json.packages[0]).toEqual({
      name: 'etcd',
      status: 'changed',
      defaultChannel: { old: 'fast', new: 'stable' },
      bundles: {
        added: ['etcd.v1.3.0'],
        removed: ['etcd.v0.9.0', 'etcd.v1.0.0'],
        changed: ['etcd.v1.1.0', 'etcd.v1.2.0'],
      },
      channels: [
        {
          name: 'fast',
          status: 'removed',
          head: { old: 'etcd.v1.2.0', new: null },
          entries: { added: [], removed: ['etcd.v1.2.0'], changed: [] },
        },
        {
          name: 'stable',
          status: 'changed',
          head: { old: 'etcd.v1.2.0', new: 'etcd.v1.3.0' },
          entries: {
            added: ['etcd.v1.3.0'],
            removed: ['etcd.v0.9.0', 'etcd.v1.0.0'],
            changed: ['etcd.v1.2.0'],
          },
        },
      ],
    });
    expect(json.impact.map((i) => i.kind)).toContain('retag');
    expect(Object.keys(json.impact[0] ?? {})).toEqual([
      'package',
      'channel',
      'bundle',
      'kind',
      'v0',
      'v1',
      'why',
    ]);
  });

  it('--fail-on never exits 0; any exits 1 on a harmless addition; nothing differs exits 0', async () => {
    expect((await run('diff', join(tmp, 'old'), join(tmp, 'new'), '--fail-on', 'never')).code).toBe(0);
    const same = await run('diff', join(tmp, 'old'), join(tmp, 'old'), '--fail-on', 'any');
    expect(same).toMatchObject({ code: 0, out: 'No differences.\n' });
    // Only a new package: nothing breaks, but something differs.
    writeTree(join(tmp, 'plus'), { ...OLD, 'fresh/catalog.yaml': NEW['fresh/catalog.yaml'] });
    expect((await run('diff', join(tmp, 'old'), join(tmp, 'plus'))).code).toBe(0);
    expect((await run('diff', join(tmp, 'old'), join(tmp, 'plus'), '--fail-on', 'any')).code).toBe(1);
  });

  it('markdown puts the impact first, flags the re-tag, and draws the changed graph', async () => {
    const { out } = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'markdown');
    expect(out.indexOf('**Impact (')).toBeLessThan(out.indexOf('### etcd'));
    expect(out).toContain(
      '| **bundle re-tagged** | `etcd.v1.1.0` | RE-TAG: image quay.io/etcd/bundle:v1.1.0 → quay.io/etcd/bundle:v1.1.0-respin |',
    );
    expect(out).toContain('```mermaid');
    // The new head's edge is added (thick), the pruned v0.9.0 → v1.0.0 edge removed (dotted).
    expect(out).toMatch(/== replaces ==>|== \+replaces ==>/);
    expect(out).toMatch(/-\. -replaces \.->/);
  });

  it('reads a zip as one side', async () => {
    const files = Object.fromEntries(Object.entries(NEW).map(([p, t]) => [`catalog/${p}`, strToU8(t)]));
    writeFileSync(join(tmp, 'new.zip'), zipSync(files));
    const fromZip = await run('diff', join(tmp, 'old'), join(tmp, 'new.zip'), '-o', 'json');
    const fromDir = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'json');
    expect(fromZip.out).toBe(fromDir.out);
  });

  it('exits 2 with the reason when a side cannot be read', async () => {
    const r = await run('diff', join(tmp, 'old'), join(tmp, 'nope'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('no such file or directory');
  });
});

describe('fbc-studio diff DIR --against REV', () => {
  it('compares the working tree with a commit, a branch and HEAD~1', async () => {
    const dir = join(tmp, 'repo');
    writeTree(dir, Object.fromEntries(Object.entries(OLD).map(([p, t]) => [`catalog/${p}`, t])));
    const author = { name: 'test', email: 'test@example.com' };
    await git.init({ fs, dir, defaultBranch: 'main' });
    await git.add({ fs, dir, filepath: '.' });
    await git.commit({ fs, dir, message: 'old catalog', author });
    await git.branch({ fs, dir, ref: 'before' });
    writeTree(join(dir, 'catalog'), NEW);
    await git.remove({ fs, dir, filepath: 'catalog/gone/catalog.yaml' });
    await git.add({ fs, dir, filepath: '.' });
    await git.commit({ fs, dir, message: 'new catalog', author });

    const direct = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'json');
    for (const rev of ['before', 'HEAD~1']) {
      const r = await run('diff', join(dir, 'catalog'), '--against', rev, '-o', 'json');
      expect(r.err).toBe('');
      expect(r.out).toBe(direct.out);
    }
    // Against HEAD the working tree is the commit: nothing differs.
    const head = await run('diff', join(dir, 'catalog'), '--against', 'HEAD');
    expect(head).toMatchObject({ code: 0, out: 'No differences.\n' });
    const bad = await run('diff', join(dir, 'catalog'), '--against', 'no-such-branch');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown revision "no-such-branch"');
  });
});
