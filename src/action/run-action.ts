/**
 * What the GitHub Action does (index.ts is its entry): validate the input `path` with `-o github`
 * (one annotation per finding), `--fail-on` the input `fail-on`, `--policy` the input `policy` when
 * given (else the pack is inferred), `--base` the input `base` (the pull request's base revision, for the
 * community pack's pull-request checks), and first, when the input `sarif` names a file, write SARIF there. Inputs arrive as the runner passes them to a JavaScript action.
 */
import { writeFileSync } from 'node:fs';
import type { Io } from '../cli/command-args';

export type Main = (argv: string[], io?: Io) => Promise<number>;

/** An input as the runner passes it: `INPUT_` + the name upper-cased (spaces as `_`), trimmed. */
export function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** Runs the action with the CLI's `main`; returns the step's exit code. */
export async function runAction(main: Main, env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const path = input(env, 'path') || '.';
  const failOn = input(env, 'fail-on') || 'error';
  const sarif = input(env, 'sarif');
  const policy = input(env, 'policy');
  const base = input(env, 'base');
  const packArgs = [...(policy ? ['--policy', policy] : []), ...(base ? ['--base', base] : [])];
  if (sarif) {
    // The SARIF file whatever the findings (the annotations below decide the step's outcome).
    const chunks: string[] = [];
    const code = await main(['validate', path, '-o', 'sarif', '--fail-on', 'never', ...packArgs], {
      out: (s) => chunks.push(s),
      err: io.err,
    });
    if (code > 1) return code; // a usage error (no such folder): said on stderr already
    writeFileSync(sarif, chunks.join(''));
  }
  return main(['validate', path, '-o', 'github', '--fail-on', failOn, ...packArgs], io);
}
