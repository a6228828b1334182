/**
 * The commander program of the declarations (commands.ts): one per run, writing to the run's Io.
 * commander's errors become exit code 2 with the failing command's help after them; `--help`
 * anywhere is exit 0. The top-level help is the usage line of every command (one screen), which
 * the README's CLI summary repeats.
 */
import { Command, CommanderError, Help } from 'commander';
import type { Io } from './command-args';
import { COMMANDS } from './commands';
import { addCommand, usageLine, type CommandSpec, type RunState } from './declare';
import { EXIT_USAGE } from './report/fail-on';

const NAME = 'fbc-studio';

/** Every leaf command's usage line, groups' sub-commands under their group. */
export function usageLines(specs: readonly CommandSpec[] = COMMANDS, path: string[] = [NAME]): string[] {
  return specs.flatMap((s) =>
    s.commands ? usageLines(s.commands, [...path, s.name]) : [usageLine(s, path)],
  );
}

function topHelp(): string {
  return [
    `${NAME}: OLM file-based catalogs checked and drawn as opm does, located to the line.`,
    '',
    'Usage:',
    ...usageLines().map((l) => `  ${l}`),
    '',
    `\`${NAME} <command> --help\` tells more of a command; \`${NAME} rules <id>\` explains a finding.`,
    'Exit codes: 0 nothing to report, 1 findings (or opm would fail), 2 a usage error.',
    '',
  ].join('\n');
}

/**
 * The program, its commands writing to `state.io` and leaving their exit code in `state`. With
 * `only`, just that command (a run that names one needs no other: start-up); without, all of them
 * (the top-level help, an unknown command and its suggestions).
 */
export function buildProgram(state: RunState, only?: CommandSpec): Command {
  const program = new Command(NAME)
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => state.io.out(s), writeErr: (s) => state.io.err(s) })
    .configureHelp({
      formatHelp: (cmd: Command, helper: Help) =>
        cmd.parent === null ? topHelp() : Help.prototype.formatHelp.call(helper, cmd, helper),
    });
  for (const spec of only ? [only] : COMMANDS) addCommand(program, spec, state);
  return program;
}

/** Runs one command line; its exit code. */
export async function runProgram(argv: readonly string[], io: Io): Promise<number> {
  const state: RunState = { io, code: 0 };
  try {
    const named = COMMANDS.find((c) => c.name === argv[0]);
    await buildProgram(state, named).parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    // --help and `help <command>` end with code 0; everything else commander refuses (help shown
    // for a missing command included) is a usage error.
    return e.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  return state.code;
}
