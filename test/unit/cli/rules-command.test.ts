/** `fbc-studio rules` through the CLI entry, as a CI job or a user at a terminal runs it. */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('fbc-studio rules', () => {
  it('lists one line per rule: id, source, severity, title', async () => {
    const { code, out, err } = await run('rules');
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trimEnd().split('\n');
    const r55 = lines.find((l) => l.startsWith('R55 '));
    expect(r55?.split(/\s{2,}/)).toEqual([
      'R55',
      'opm',
      'error',
      'Channel graph has no single head or strands bundles',
    ]);
    const ours = lines.find((l) => l.startsWith('skipped-replaces-target '));
    expect(ours?.split(/\s{2,}/).slice(0, 3)).toEqual(['skipped-replaces-target', 'fbc-studio', 'warning']);
    // opm's stages first, in operator-registry's order, then our own checks.
    expect(lines[0]?.startsWith('R1 ')).toBe(true);
    expect(lines.findIndex((l) => l.startsWith('R67 '))).toBeLessThan(lines.indexOf(ours ?? ''));
  });

  it('-o json gives every entry with its text and upstream reference', async () => {
    const { code, out } = await run('rules', '-o', 'json');
    expect(code).toBe(0);
    const rules = JSON.parse(out) as Record<string, unknown>[];
    const text = await run('rules');
    expect(rules).toHaveLength(text.out.trimEnd().split('\n').length);
    expect(rules.find((r) => r.id === 'R63')).toMatchObject({
      id: 'R63',
      title: 'Invalid skipRange',
      source: 'opm',
      severity: 'error',
      description: expect.stringContaining('blang/semver'),
      upstream: {
        text: expect.stringContaining('Bundle.Validate'),
        url: expect.stringMatching(/^https:\/\//),
      },
    });
  });

  it('refuses an unknown output format, like validate', async () => {
    const { code, out, err } = await run('rules', '-o', 'yaml');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(
      /^invalid --output value "yaml", expected \(text\|json\)\n\nUsage: fbc-studio rules /,
    );
  });

  it('is listed in the usage text', async () => {
    const { out } = await run('--help');
    expect(out).toContain('fbc-studio rules [-o text|json]');
  });
});
