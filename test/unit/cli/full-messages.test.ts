/**
 * A catalog quoting a huge value: `validate` prints each message capped (about 2 KB, "… N more
 * bytes"); `--full-messages` prints opm's text whole. The catalog is generated in a temp folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { capLines, capText } from '../../../src/core/message-cap';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const NAME = 'x'.repeat(3_000_000);
const dir = mkdtempSync(join(tmpdir(), 'fbc-huge-'));
writeFileSync(join(dir, 'p.json'), JSON.stringify({ schema: 'olm.package', name: NAME }) + '\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validate with a 3 MB package name', () => {
  it('prints capped messages by default, saying how much was left out', async () => {
    const { code, err } = await run('validate', dir);
    expect(code).toBe(1);
    expect(err.length).toBeLessThan(20_000);
    const full = await run('validate', dir, '--full-messages');
    const line = full.err.slice(0, full.err.indexOf('\n'));
    expect(line.startsWith(`invalid package name "${NAME}": [must be no more than 63 characters`)).toBe(true);
    // (Booleans, not strings: a failing diff of megabytes helps nobody.)
    expect(err.startsWith(`${line.slice(0, 2048)}… ${line.length - 2048} more bytes\n`)).toBe(true);
    expect(err).toMatch(/p\.json:1:32 +error +\[R19\] /);
  });

  it('-o json caps the error and each finding, names included', async () => {
    const { out } = await run('validate', dir, '-o', 'json');
    expect(out.length).toBeLessThan(20_000);
    const report = JSON.parse(out) as { error: { message: string }; diagnostics: { package?: string }[] };
    expect(report.error.message).toMatch(/… \d+ more bytes"?$/m);
    expect(report.diagnostics.every((d) => (d.package ?? '').length < 2100)).toBe(true);
  });

  it('--full-messages prints opm text whole', async () => {
    const { err } = await run('validate', dir, '--full-messages');
    expect(err.length).toBeGreaterThan(3 * NAME.length);
    expect(err.includes(`invalid package name "${NAME}": `)).toBe(true);
    expect(err.includes('more bytes')).toBe(false);
  });
});

describe('capText / capLines', () => {
  it('leaves short text alone and never splits a surrogate pair', () => {
    expect(capText('short')).toBe('short');
    const s = 'a'.repeat(2047) + '😀' + 'b';
    expect(capText(s)).toBe('a'.repeat(2047) + '… 5 more bytes');
  });

  it('caps each line of a multi-line message on its own', () => {
    const lines = ['one', 'y'.repeat(3000), 'three'];
    expect(capLines(lines.join('\n')).split('\n')).toEqual([
      'one',
      'y'.repeat(2048) + '… 952 more bytes',
      'three',
    ]);
    const many = Array.from({ length: 500 }, (_, i) => `finding ${i}`).join('\n');
    expect(capLines(many)).toBe(many);
  });
});
