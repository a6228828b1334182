/**
 * `fbc-studio diff` on a catalog pair holding 50 KB texts (a bundle's description, a deprecation
 * message): every output format prints them capped (about 2 KB, "… N more bytes") by default and
 * whole with --full-messages. The catalogs are generated in a temp folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const KB50 = 50 * 1024;
const OLD_DESCRIPTION = 'old description '.repeat(KB50 / 16);
// Same length as the old one and the same first 160 characters: only the end differs.
const NEW_DESCRIPTION = OLD_DESCRIPTION.slice(0, -3) + 'new';
const DEPRECATION = 'do not install this: '.repeat(Math.ceil(KB50 / 21)).slice(0, KB50);

function catalog(description: string, deprecated: boolean): string {
  const docs = [
    { schema: 'olm.package', name: 'p', defaultChannel: 'stable' },
    { schema: 'olm.channel', package: 'p', name: 'stable', entries: [{ name: 'p.v1.0.0' }] },
    {
      schema: 'olm.bundle',
      package: 'p',
      name: 'p.v1.0.0',
      image: 'quay.io/p/bundle:v1.0.0',
      properties: [
        { type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } },
        { type: 'olm.csv.metadata', value: { description } },
      ],
    },
  ];
  if (deprecated)
    docs.push({
      schema: 'olm.deprecations',
      package: 'p',
      entries: [{ reference: { schema: 'olm.bundle', name: 'p.v1.0.0' }, message: DEPRECATION }],
    } as never);
  return docs.map((d) => JSON.stringify(d)).join('\n') + '\n';
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fbc-diff-long-'));
  for (const [side, text] of [
    ['old', catalog(OLD_DESCRIPTION, false)],
    ['new', catalog(NEW_DESCRIPTION, true)],
  ] as const) {
    mkdirSync(join(tmp, side, 'p'), { recursive: true });
    writeFileSync(join(tmp, side, 'p', 'catalog.json'), text);
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const capped = `${DEPRECATION.slice(0, 2048)}… ${KB50 - 2048} more bytes`;

describe('fbc-studio diff with 50 KB values', () => {
  it('text: the deprecation capped with "… N more bytes"; a description changed past its cut is still seen', async () => {
    const { out } = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '--fail-on', 'never');
    expect(out.length).toBeLessThan(8_000);
    expect(out.includes(`deprecated: ${capped}`)).toBe(true);
    expect(out).toContain('~ bundle p.v1.0.0');
    expect(out).toContain('olm.csv.metadata');
    expect(out.includes(DEPRECATION)).toBe(false);
  });

  it('--full-messages: the whole deprecation and both whole descriptions', async () => {
    const { out } = await run(
      'diff',
      join(tmp, 'old'),
      join(tmp, 'new'),
      '--fail-on',
      'never',
      '--full-messages',
    );
    expect(out.includes(`deprecated: ${DEPRECATION}`)).toBe(true);
    expect(out.includes(JSON.stringify({ description: OLD_DESCRIPTION }))).toBe(true);
    expect(out.includes(JSON.stringify({ description: NEW_DESCRIPTION }))).toBe(true);
    expect(out.includes('more bytes')).toBe(false);
  });

  it('markdown: capped by default, whole with --full-messages', async () => {
    const md = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'markdown', '--fail-on', 'never');
    expect(md.out.length).toBeLessThan(8_000);
    expect(md.out.includes(capped)).toBe(true);
    const full = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'markdown', '--full-messages');
    expect(full.out.includes(DEPRECATION)).toBe(true);
  });

  it('json and the CI formats: nothing printed is longer than the cap unless --full-messages', async () => {
    const longName = 'n'.repeat(KB50);
    const dir = join(tmp, 'named');
    mkdirSync(join(dir, 'p'), { recursive: true });
    writeFileSync(
      join(dir, 'p', 'catalog.json'),
      catalog(OLD_DESCRIPTION, false).replace(/"p\.v1\.0\.0"/g, JSON.stringify(longName)),
    );
    const json = await run('diff', join(tmp, 'old'), dir, '-o', 'json', '--fail-on', 'never');
    const parsed = JSON.parse(json.out) as { packages: { bundles: { added: string[] } }[] };
    expect(parsed.packages[0]!.bundles.added).toEqual([`${'n'.repeat(2048)}… ${KB50 - 2048} more bytes`]);
    const fullJson = await run('diff', join(tmp, 'old'), dir, '-o', 'json', '--full-messages');
    const whole = JSON.parse(fullJson.out) as { packages: { bundles: { added: string[] } }[] };
    expect(whole.packages[0]!.bundles.added).toEqual([longName]);
    for (const format of ['github', 'sarif', 'junit']) {
      const { out } = await run('diff', join(tmp, 'old'), dir, '-o', format, '--fail-on', 'never');
      expect(out.includes(longName), format).toBe(false);
      expect(out, format).toMatch(/… \d+ more bytes/);
      const full = await run('diff', join(tmp, 'old'), dir, '-o', format, '--full-messages');
      expect(full.out.includes(longName), format).toBe(true);
    }
  });
});
