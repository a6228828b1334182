/**
 * How a command is declared (commands.ts holds the declarations) and how a declaration becomes a
 * commander command: its usage line, its help, its parsing, its usage errors. What commander does
 * not say is added here once for every command: the values an option takes (checked with opm's
 * text, `invalid --output value "x", expected (text|json)`) and directory arguments checked as opm
 * does (os.Stat). A bad value is a usage error as commander's own are: said with the command's help
 * after it, exit 2; a folder that cannot be read is said with opm's text alone, exit 2.
 */
import { Command, Option, type OptionValues } from 'commander';
import { checkDirectory, type Io } from './command-args';
import { isImageArgument } from './image-args';
import { EXIT_USAGE } from './report/fail-on';

export interface OptionSpec {
  /** commander's flags: `-o, --output <format>`, `--full-messages`. */
  flags: string;
  help: string;
  /** The values it takes (the first is the default, unless `noDefault`). */
  values?: readonly string[];
  /** The first value is not a default: the command tells "not given" apart (`--fail-on`). */
  noDefault?: boolean;
  /** May be given more than once: the command gets the list. */
  repeat?: boolean;
  /** Must be given (commander's own error when it is not). */
  required?: boolean;
  /** A usage error for a value `values` cannot describe (`--ocp-version 4.17`), else undefined. */
  check?: (value: string) => string | undefined;
}

/** What a command's run receives: its arguments (variadic ones spread) and its options by camelCase name. */
export type Run = (args: string[], options: OptionValues, io: Io) => number | Promise<number>;

export interface CommandSpec {
  name: string;
  /** One line, for the command list and the head of its help. */
  summary: string;
  /** commander's argument syntax: `<directory>`, `<directory...>`, `[id...]`. */
  args?: readonly string[];
  /** The values the first argument takes (`completion bash|zsh`). */
  argValues?: readonly string[];
  /** Every argument is a directory, checked as opm checks it before the command runs. */
  directories?: boolean;
  /** A directory argument may also be a catalog image reference, pulled by the command (image-args.ts). */
  images?: boolean;
  options?: readonly OptionSpec[];
  /** Set for a leaf command; a group has `commands` instead. */
  run?: Run;
  commands?: readonly CommandSpec[];
}

/** The name an option's value has in the parsed options: `--fail-on` → `failOn`. */
export function optionKey(spec: OptionSpec): string {
  return new Option(spec.flags).attributeName();
}

function valueHint(spec: OptionSpec): string {
  if (spec.values) return spec.values.join('|');
  return /[<[][^>\]]*[>\]]/.exec(spec.flags)?.[0] ?? '';
}

/** `[-o text|json]`, `--image <ref>`, `[--bundles <dir>]...`: how the usage line shows an option. */
function optionUsage(spec: OptionSpec): string {
  const name = /(^|\s)(-\w)\b/.exec(spec.flags)?.[2] ?? (/--[\w-]+/.exec(spec.flags)?.[0] as string);
  const hint = valueHint(spec);
  const text = hint ? `${name} ${hint}` : name;
  if (spec.required) return text;
  return `[${text}]${spec.repeat ? '...' : ''}`;
}

/** The words after `fbc-studio`: `validate <directory> [-o text|json|…] …`, from the declaration. */
export function usageLine(spec: CommandSpec, path: readonly string[] = []): string {
  const args = spec.argValues
    ? [spec.argValues.join('|')]
    : (spec.args ?? []).map((a) => a.replace(/^([<[])(.*)\.\.\.([>\]])$/, '$1$2$3...'));
  // An optional list goes last, after the options (`rules [-o text|json] [id]...`).
  const last = args.filter((a) => /^\[.*\.\.\.$/.test(a));
  const first = args.filter((a) => !last.includes(a));
  return [...path, spec.name, ...first, ...(spec.options ?? []).map(optionUsage), ...last].join(' ');
}

/** The first value outside what the declaration allows (commander checks the rest), or undefined. */
function valueError(spec: CommandSpec, args: readonly string[], options: Record<string, unknown>) {
  for (const o of spec.options ?? []) {
    const v = options[optionKey(o)];
    if (o.values && typeof v === 'string' && !o.values.includes(v)) {
      const long = /--[\w-]+/.exec(o.flags)?.[0] as string;
      return `invalid ${long} value ${JSON.stringify(v)}, expected (${o.values.join('|')})`;
    }
    const bad = o.check && typeof v === 'string' ? o.check(v) : undefined;
    if (bad !== undefined) return bad;
  }
  if (spec.argValues && args[0] !== undefined && !spec.argValues.includes(args[0])) {
    return `invalid argument ${JSON.stringify(args[0])}, expected (${spec.argValues.join('|')})`;
  }
  return undefined;
}

/** The first directory argument that cannot be read, in opm's words (os.Stat), or undefined. */
function folderError(spec: CommandSpec, args: readonly string[]): string | undefined {
  if (!spec.directories) return undefined;
  // An optional directory left out (`validate-bundle --list-optional`) is the command's to judge.
  for (const dir of args.filter((a) => a !== undefined)) {
    if (spec.images && isImageArgument(dir)) continue;
    const bad = checkDirectory(dir);
    if (bad) return bad;
  }
  return undefined;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Where a run's exit code is left (commander's action handlers return nothing). */
export interface RunState {
  io: Io;
  code: number;
}

/** The commander command for a declaration, added under `parent`, with its usage and its checks. */
export function addCommand(parent: Command, spec: CommandSpec, state: RunState): Command {
  const cmd = parent.command(spec.name).summary(spec.summary).description(spec.summary);
  for (const a of spec.args ?? []) cmd.argument(a);
  for (const o of spec.options ?? []) {
    const option = new Option(o.flags, o.values ? `${o.help} (${o.values.join('|')})` : o.help);
    if (o.repeat) option.argParser(collect);
    else if (o.values && !o.noDefault) option.default(o.values[0]);
    if (o.required) option.makeOptionMandatory();
    cmd.addOption(option);
  }
  for (const sub of spec.commands ?? []) addCommand(cmd, sub, state);
  // A group's usage names its commands; a command's is its usage line without the name (commander adds it).
  cmd.usage(
    spec.commands
      ? `${spec.commands.map((c) => c.name).join('|')} ...`
      : usageLine({ ...spec, name: '' }).trim(),
  );
  const run = spec.run;
  if (run) {
    cmd.action(async (...given: unknown[]) => {
      // commander passes each argument (a list for a variadic one), the options, the command.
      const args = given.slice(0, -2).flatMap((a) => (a === undefined ? [] : (a as string | string[])));
      const options = cmd.opts();
      const bad = valueError(spec, args, options);
      // Said as commander says its own usage errors (the help after it), and thrown as one: exit 2.
      if (bad !== undefined) cmd.error(bad, { exitCode: EXIT_USAGE, code: 'fbc-studio.invalidValue' });
      const unread = folderError(spec, args);
      if (unread !== undefined) {
        state.io.err(`${unread}\n`);
        state.code = EXIT_USAGE;
        return;
      }
      state.code = await run(args, options, state.io);
    });
  }
  return cmd;
}
