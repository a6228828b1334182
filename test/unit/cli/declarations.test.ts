/**
 * Every declared command answers `--help` with its usage (exit 0) and refuses an unknown option with
 * exit 2 and its usage. Driven by the declarations themselves (src/cli/commands.ts), so a command
 * added there is covered without touching this file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands';
import type { CommandSpec } from '../../../src/cli/declare';
import { main } from '../../../src/cli/main';
import { usageLines } from '../../../src/cli/program';
import { repoRoot } from '../../support/shared';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** Every command and sub-command, as the words that run it. */
function paths(specs: readonly CommandSpec[], above: string[] = []): string[][] {
  return specs.flatMap((s) => [[...above, s.name], ...paths(s.commands ?? [], [...above, s.name])]);
}

const ALL = paths(COMMANDS);

function specOf(path: readonly string[]): CommandSpec | undefined {
  return path.reduce<CommandSpec | undefined>(
    (at, name) => (at ? at.commands : COMMANDS)?.find((c) => c.name === name),
    undefined,
  );
}

describe('every declared command', () => {
  it('is more than a handful (the table is read, not empty)', () => {
    expect(ALL.map((p) => p.join(' '))).toEqual(
      expect.arrayContaining(['validate', 'crossplane validate', 'fleet render', 'completion']),
    );
  });

  it.each(ALL.map((p) => [p.join(' '), p]))('%s --help: exit 0 and its usage', async (_name, path) => {
    const { code, out, err } = await run(...path, '--help');
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain(`Usage: fbc-studio ${path.join(' ')}`);
    // `help <command>` says the same.
    const help = await run(...path.slice(0, -1), 'help', path.at(-1) as string);
    expect(help).toEqual({ code: 0, out, err: '' });
  });

  it.each(ALL.map((p) => [p.join(' '), p]))(
    '%s --no-such-option: exit 2 with its usage',
    async (_name, path) => {
      // Options a command requires are given (commander names a missing one before an unknown one).
      const required = (specOf(path)?.options ?? [])
        .filter((o) => o.required)
        .flatMap((o) => [/--[\w-]+/.exec(o.flags)?.[0] as string, 'x']);
      const { code, out, err } = await run(...path, ...required, '--no-such-option');
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain("unknown option '--no-such-option'");
      expect(err).toContain(`Usage: fbc-studio ${path.join(' ')}`);
    },
  );
});

/** A command line that reaches a command's own checks: its required arguments and options given. */
function reaching(path: readonly string[]): string[] {
  const spec = specOf(path);
  // Every argument a folder that exists (the repository), or the first value it takes.
  const args = spec?.argValues
    ? [spec.argValues[0] as string]
    : (spec?.args ?? []).filter((a) => a.startsWith('<')).map(() => '.');
  const required = (spec?.options ?? [])
    .filter((o) => o.required)
    .flatMap((o) => [/--[\w-]+/.exec(o.flags)?.[0] as string, 'x']);
  return [...path, ...args, ...required];
}

/** Every option that takes one of a declared list of values, with the command it belongs to. */
const ENUMERATED = ALL.flatMap((path) =>
  (specOf(path)?.options ?? [])
    .filter((o) => o.values)
    .map((o) => [`${path.join(' ')} ${/--[\w-]+/.exec(o.flags)?.[0]}`, path, o] as const),
);

describe('a value not among those declared', () => {
  it('is checked on many options (the table is read, not empty)', () => {
    expect(ENUMERATED.map(([name]) => name)).toEqual(
      expect.arrayContaining(['validate --output', 'validate --fail-on', 'rules --output', 'diff --output']),
    );
  });

  it.each(ENUMERATED)('%s nope: exit 2 with the values it takes and the usage', async (_name, path, o) => {
    const long = /--[\w-]+/.exec(o.flags)?.[0] as string;
    const { code, out, err } = await run(...reaching(path), long, 'nope');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.startsWith(`invalid ${long} value "nope", expected (${o.values?.join('|')})\n`)).toBe(true);
    expect(err).toContain(`Usage: fbc-studio ${path.join(' ')}`);
  });
});

describe('the top level', () => {
  it('--help lists every command with its usage line, exit 0', async () => {
    const { code, out } = await run('--help');
    expect(code).toBe(0);
    for (const path of ALL) {
      if (specOf(path)?.run) expect(out).toMatch(new RegExp(`^  fbc-studio ${path.join(' ')} `, 'm'));
    }
    expect(out).toContain('fbc-studio validate <directory> [-o text|json|yaml|github|sarif|junit]');
  });

  it('an unknown command and no command at all are usage errors (exit 2)', async () => {
    const unknown = await run('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown command 'frobnicate'");
    expect((await run()).code).toBe(2);
    expect((await run('crossplane')).code).toBe(2);
  });

  it('a missing argument or a bad value names what is wrong', async () => {
    const missing = await run('validate');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("missing required argument 'directory'");
    const shell = await run('completion', 'fish');
    expect(shell.code).toBe(2);
    expect(shell.err).toMatch(
      /^invalid argument "fish", expected \(bash\|zsh\)\n\nUsage: fbc-studio completion bash\|zsh\n/,
    );
  });
});

describe('the README', () => {
  it('shows the CLI summary `fbc-studio --help` prints (regenerate it from the help when this fails)', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const block = /## CLI\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block?.trimEnd().split('\n')).toEqual(usageLines());
  });
});
