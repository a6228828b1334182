/**
 * The text output a user reads in a terminal: one line per finding, a rule's explanation once,
 * `--explain`, `rules ID`, colours on a terminal only (NO_COLOR honoured), and the completion
 * scripts in real shells.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsColor } from '../../../src/cli/command-args';
import { main } from '../../../src/cli/main';
import { repoRoot } from '../../support/shared';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const bundle = (v: string) =>
  `---\nschema: olm.bundle\npackage: foo\nname: foo.v${v}\nimage: quay.io/x/foo:v${v}\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: ${v}}\n`;

// Entries with skips and neither replaces nor skipRange: v3 and v4 leave older entries out (two
// `skips-only` warnings, whose messages share the rule's explanation); v2 skips all there is before it.
const CATALOG =
  'schema: olm.package\nname: foo\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: foo\nname: stable\nentries:\n' +
  '  - name: foo.v1.0.0\n  - name: foo.v2.0.0\n    skips: [foo.v1.0.0]\n  - name: foo.v3.0.0\n    skips: [foo.v2.0.0]\n' +
  '  - name: foo.v4.0.0\n    skips: [foo.v3.0.0]\n' +
  bundle('1.0.0') +
  bundle('2.0.0') +
  bundle('3.0.0') +
  bundle('4.0.0');

const EXPLANATION = 'Skips do not chain';
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fbc-text-'));
  mkdirSync(join(dir, 'foo'));
  writeFileSync(join(dir, 'foo/index.yaml'), CATALOG);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('validate text', () => {
  it('one line per finding; the explanation the findings share printed once, at the end', async () => {
    const { code, err } = await run('validate', dir);
    expect(code).toBe(0);
    const lines = err.trimEnd().split('\n');
    const findings = lines.filter((l) => /^\S+:\d+:\d+ /.test(l));
    expect(findings.map((l) => l.split(/ {2,}/).slice(0, 3))).toEqual([
      ['foo/index.yaml:13:12', 'warning', '[skips-only]'],
      ['foo/index.yaml:15:12', 'warning', '[skips-only]'],
    ]);
    expect(findings[0]).toContain(
      '"foo.v3.0.0" in channel "stable" has skips but no replaces and no skipRange, and its skips leave out "foo.v1.0.0"',
    );
    expect(findings.filter((l) => l.includes(EXPLANATION))).toHaveLength(0);
    expect(lines.filter((l) => l.startsWith(`[skips-only] ${EXPLANATION}`))).toHaveLength(1);
    expect(lines.at(-1)).toBe(
      '0 errors, 2 warnings. `fbc-studio rules <id>` explains a rule (or --explain).',
    );
  });

  it('--explain adds the catalogue entry of each rule once', async () => {
    const { err } = await run('validate', dir, '--explain');
    expect(err.match(/^\[skips-only\] /gm)).toHaveLength(1);
    expect(err).toContain('[skips-only] Entry with skips only (fbc-studio warning)\n');
    expect(err).toContain('Each finding above goes on: Skips do not chain');
    expect(err.match(/^\S+:\d+:\d+ .*Skips do not chain/gm)).toBeNull();
  });

  it('a repository prints its catalogs with their findings under them, the explanation once for all', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'fbc-text-repo-'));
    try {
      for (const v of ['v4.18', 'v4.19']) {
        mkdirSync(join(repo, v, 'catalog/foo'), { recursive: true });
        writeFileSync(join(repo, v, 'catalog/foo/index.yaml'), CATALOG);
      }
      const { out } = await run('validate', repo);
      expect(out).toMatch(
        /^v4\.18\/catalog \(OpenShift 4\.18\): passed, 0 errors\n {2}v4\.18\/catalog\/foo\/index\.yaml:13:12 /,
      );
      expect(out.match(/\[skips-only\]/g)).toHaveLength(5);
      expect(out.split(EXPLANATION)).toHaveLength(2);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('fbc-studio rules ID', () => {
  it('prints the whole entry, ids in any case', async () => {
    const { code, out } = await run('rules', 'skips-only', 'r55');
    expect(code).toBe(0);
    expect(out).toMatch(/^skips-only: /);
    expect(out).toContain('\nR55: Channel graph has no single head or strands bundles\n');
    expect(out).toMatch(/group channel, source opm, severity error/);
    expect(out).toContain("opm's message: ");
    expect(out).toMatch(/https:\/\/github\.com\/operator-framework\//);
  });

  it('-o json gives the entries asked for; an unknown id is a usage error', async () => {
    const json = JSON.parse((await run('rules', 'R63', '-o', 'json')).out) as { id: string }[];
    expect(json.map((r) => r.id)).toEqual(['R63']);
    expect(await run('rules', 'no-such-rule')).toEqual({
      code: 2,
      out: '',
      err: 'unknown rule "no-such-rule"; `fbc-studio rules` lists them\n',
    });
  });
});

describe('colours', () => {
  const SCRIPT = '/usr/bin/script';
  const hasScript = spawnSync(SCRIPT, ['--version']).status === 0;
  if (!hasScript)
    console.log('colour on a terminal: skipped, util-linux `script` (a pseudo-terminal) not found');

  /** The CLI from its sources under a pseudo-terminal (`script`), as a user at a terminal runs it. */
  function onTerminal(env: NodeJS.ProcessEnv): string {
    const cmd = `node --import tsx src/cli/main.ts validate ${dir}`;
    return execFileSync(SCRIPT, ['-qec', cmd, '/dev/null'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '', NO_COLOR: '', ...env },
    });
  }

  // util-linux `script` gives the CLI a real terminal (Debian ships it; CI has it): without it there is no TTY to test.
  it.skipIf(!hasScript)('on a terminal: severities in colour; NO_COLOR turns them off', () => {
    const coloured = onTerminal({});
    expect(coloured).toContain('\u001b[33mwarning');
    const plain = onTerminal({ NO_COLOR: '1' });
    expect(plain).toContain('[skips-only]');
    expect(plain).not.toContain('\u001b[');
  });

  it('follows no-color.org: NO_COLOR set to anything but "" wins; FORCE_COLOR (not 0) colours a pipe', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect([wantsColor(tty, {}), wantsColor(pipe, {})]).toEqual([true, false]);
    expect([wantsColor(tty, { NO_COLOR: '1' }), wantsColor(tty, { NO_COLOR: '' })]).toEqual([false, true]);
    expect([wantsColor(pipe, { FORCE_COLOR: '1' }), wantsColor(tty, { FORCE_COLOR: '0' })]).toEqual([
      true,
      false,
    ]);
    expect(wantsColor(tty, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
  });

  it('not a terminal (a pipe, a CI log): no colour', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'validate', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '', NO_COLOR: '' },
    });
    expect(r.stderr).toContain('[skips-only]');
    expect(r.stderr).not.toContain('\u001b[');
  });

  it('a file, or a character device that is not a terminal (/dev/null): no colour, the same verdict', () => {
    // A file is told apart by fstat alone (process-io.ts mayBeTerminal); /dev/null is a character
    // device, which only Node's stream can tell from a terminal.
    const file = join(dir, 'stderr.txt');
    const fd = openSync(file, 'w');
    const env = { ...process.env, FORCE_COLOR: '', NO_COLOR: '' };
    const args = ['--import', 'tsx', 'src/cli/main.ts', 'validate', dir];
    const toFile = spawnSync(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', fd] });
    closeSync(fd);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('[skips-only]');
    expect(written).not.toContain('\u001b[');
    const toNull = spawnSync(process.execPath, args, { cwd: repoRoot, env, stdio: 'ignore' });
    expect([toFile.status, toNull.status]).toEqual([0, 0]); // warnings only: a pass
  });
});

describe('completion', () => {
  it('bash: sourced in a real bash, it offers the commands, sub-commands, flags and values', async () => {
    const script = (await run('completion', 'bash')).out;
    const file = join(dir, 'completion.bash');
    writeFileSync(file, script);
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _fbc_studio; printf '%s\\n' "\${COMPREPLY[@]}"`,
          file,
          'fbc-studio',
          ...words,
        ],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n');
    expect(complete('')).toEqual(
      expect.arrayContaining(['validate', 'render-graph', 'crossplane', 'completion']),
    );
    expect(complete('val')).toEqual(['validate', 'validate-bundle', 'validate-changed']);
    expect(complete('crossplane', '')).toEqual(['validate', 'deps', 'help']);
    expect(complete('validate', '-o', '')).toEqual(['text', 'json', 'yaml', 'github', 'sarif', 'junit']);
    expect(complete('fleet', 'render', '.', '--d')).toEqual(['--diff']);
    // compgen itself, as the shell calls it through `complete -F`.
    expect(
      execFileSync('bash', ['-c', `source "$0"; complete -p fbc-studio`, file], { encoding: 'utf8' }),
    ).toContain('-F _fbc_studio fbc-studio');
  });

  const hasZsh = spawnSync('zsh', ['-c', 'true']).status === 0;
  if (!hasZsh) console.log('zsh completion: skipped, zsh not installed');

  // zsh must parse the script itself (.ci/run installs zsh): skipped only on a machine without it.
  it.skipIf(!hasZsh)('zsh: the script parses and registers its function for fbc-studio', async () => {
    const file = join(dir, 'completion.zsh');
    writeFileSync(file, (await run('completion', 'zsh')).out);
    const r = execFileSync(
      'zsh',
      [
        '-fc',
        `autoload -U compinit && compinit -u -D && source "$1" && print -r -- $_comps[fbc-studio]`,
        'zsh',
        file,
      ],
      { encoding: 'utf8' },
    );
    expect(r.trim()).toBe('_fbc_studio');
  });
});
