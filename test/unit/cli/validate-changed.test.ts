/** `fbc-studio validate-changed FILE...` as the pre-commit hook runs it from a repository root. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { basicTemplate, catalogJson, LICENSE } from '../workspace/fixtures';

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-changed-'));
  const files: Record<string, string> = {
    LICENSE,
    'v4.18/catalog/foo/catalog.json': catalogJson(),
    'v4.19/catalog-template.yaml': basicTemplate(),
    // A default channel that does not exist: opm fails this catalog only.
    'v4.19/catalog/foo/catalog.json': catalogJson().replace(
      '"defaultChannel": "stable"',
      '"defaultChannel": "nope"',
    ),
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  // From the repository root, as a pre-commit hook runs it.
  const io = { out: (s: string) => (out += s), err: (s: string) => (err += s), cwd: root };
  const code = await main(['validate-changed', ...argv], io);
  return { code, out, err };
}

describe('validate-changed', () => {
  it('validates only the catalog holding a changed file', async () => {
    const good = await run('v4.18/catalog/foo/catalog.json', 'LICENSE');
    expect(good.code).toBe(0);
    expect(good.out).toBe('v4.18/catalog: passed, 0 error(s), 0 warning(s)\n');
    const bad = await run(join(root, 'v4.19/catalog/foo/catalog.json'));
    expect(bad.code).toBe(1);
    expect(bad.out.split('\n')[0]).toBe('v4.19/catalog: failed, 1 error(s), 0 warning(s)');
    expect(bad.out).toContain('v4.19/catalog/foo/catalog.json:');
  });

  it('a changed template validates the catalog it renders into; files in no catalog check nothing', async () => {
    const t = await run('v4.19/catalog-template.yaml');
    expect(t.out.split('\n')[0]).toBe('v4.19/catalog: failed, 1 error(s), 0 warning(s)');
    expect(await run('LICENSE')).toEqual({ code: 0, out: '', err: '' });
    expect((await run('v4.19/catalog/foo/catalog.json', '--fail-on', 'never')).code).toBe(0);
    expect((await run('--bogus')).code).toBe(2);
  });
});
