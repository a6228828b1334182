/**
 * What the CLI's commands share: where they write, and the parsing of `[-o FORMAT] [DIR]` with
 * cobra's error texts (so a CI log reads as opm's would). Kept apart from main.ts so the commands
 * need not import the entry point.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** Where a command writes: stdout and stderr (tests pass their own). */
export interface Io {
  out(s: string): void;
  err(s: string): void;
}

/** The `-o` values a command takes: the first is the default. */
export interface OutputFormats {
  formats: readonly string[];
  /** The choices as the error names them (validate's, like opm's, leaves out `text`). */
  expected: string;
}

/** opm checks the argument with os.Stat first (R1/R2). Returns an error text, or undefined. */
export function checkDirectory(dir: string): string | undefined {
  try {
    if (!statSync(dir).isDirectory()) return `${JSON.stringify(dir)} is not a directory`;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const text =
      code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : String(e);
    return `stat ${dir}: ${text}`;
  }
  return undefined;
}

/** `[-o FORMAT]` and `count` positionals; undefined once the error is written (exit code 1). */
function parseOutputArgs(
  args: string[],
  io: Io,
  { formats, expected }: OutputFormats,
  count: number,
  usage: string,
): { output: string; positionals: string[] } | undefined {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { output: { type: 'string', short: 'o', default: formats[0] } },
  });
  const output = values.output ?? (formats[0] as string);
  if (!formats.includes(output)) {
    io.err(`invalid --output value ${JSON.stringify(output)}, expected ${expected}\n`);
    return undefined;
  }
  if (positionals.length !== count) {
    io.err(`accepts ${count} arg(s), received ${positionals.length}\n${usage}`);
    return undefined;
  }
  return { output, positionals };
}

/** `[-o FORMAT]` and no argument: the format, or undefined once the error is written. */
export function parseOutputOnly(args: string[], io: Io, formats: OutputFormats): string | undefined {
  return parseOutputArgs(args, io, formats, 0, '')?.output;
}

/**
 * `DIR [-o FORMAT]`, DIR an existing directory: the format and the directory, or undefined once the
 * error is written.
 */
export function parseDirectoryArgs(
  args: string[],
  io: Io,
  formats: OutputFormats,
  usage: string,
): { output: string; dir: string } | undefined {
  const parsed = parseOutputArgs(args, io, formats, 1, usage);
  if (!parsed) return undefined;
  const dir = parsed.positionals[0] as string;
  const bad = checkDirectory(dir);
  if (bad) {
    io.err(`${bad}\n`);
    return undefined;
  }
  return { output: parsed.output, dir };
}
