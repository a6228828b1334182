/**
 * The options CI adds to `validate` and `workspace`: `--fail-on` and the report formats of `-o`.
 * They are taken out of the arguments before the command's own parsing, which keeps opm's
 * formats, error texts and exit codes for everything else.
 *
 * Exit codes: a run that names `--fail-on` or a CI format gets the CI contract (2 for a usage or
 * I/O error); without them the command keeps opm's (1 for any failure), so scripts written
 * against `opm validate` read it the same.
 */
import { checkDirectory, type Io } from '../command-args';
import { EXIT_USAGE } from './fail-on';
import { CI_FORMATS, FAIL_ON, type CiFormat, type FailOn } from './types';

export interface CiOptions {
  /** The arguments left for the command's own parser. */
  args: string[];
  failOn: FailOn;
  format?: CiFormat;
  /** `--fail-on` or a CI format was given: exit codes follow the CI contract. */
  ci: boolean;
  /** The exit code of a usage or I/O error. */
  usageCode: number;
  /** `--full-messages`: findings' messages whole (by default capped, see core/message-cap.ts). */
  fullMessages: boolean;
}

function isCiFormat(v: string | undefined): v is CiFormat {
  return CI_FORMATS.includes(v as CiFormat);
}

/** The CI options and what is left, or an error text (a usage error: exit 2). */
export function takeCiOptions(argv: readonly string[]): CiOptions | { error: string } {
  const args: string[] = [];
  let failOn: string | undefined;
  let format: CiFormat | undefined;
  let fullMessages = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--full-messages') {
      fullMessages = true;
      continue;
    }
    const eq = a.indexOf('=');
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const inline = a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : undefined;
    if (flag === '--fail-on') {
      failOn = inline ?? argv[++i];
      if (failOn === undefined) return { error: `option '--fail-on <value>' argument missing` };
      continue;
    }
    // -o FORMAT, -oFORMAT, --output FORMAT, --output=FORMAT: only the CI formats are ours.
    const short = a.startsWith('-o') && a.length > 2 && !a.startsWith('--') ? a.slice(2) : undefined;
    const value = flag === '-o' || flag === '--output' ? (inline ?? argv[i + 1]) : short;
    if (isCiFormat(value)) {
      format = value;
      if ((flag === '-o' || flag === '--output') && inline === undefined) i++;
      continue;
    }
    args.push(a);
  }
  if (failOn !== undefined && !FAIL_ON.includes(failOn as FailOn)) {
    return { error: `invalid --fail-on value ${JSON.stringify(failOn)}, expected (error|warning|never)` };
  }
  const ci = failOn !== undefined || format !== undefined;
  return {
    args,
    failOn: (failOn as FailOn | undefined) ?? 'error',
    ...(format ? { format } : {}),
    ci,
    usageCode: ci ? EXIT_USAGE : 1,
    fullMessages,
  };
}

/**
 * The CI options of a command that takes one directory: EXIT_USAGE (said on `io`) for bad options,
 * the options alone when no CI format was asked for (the command's own output follows), else the
 * options with the directory, checked.
 */
export function takeCiDirectory(
  args: string[],
  io: Io,
  usage: (format: CiFormat) => string,
): number | { ci: CiOptions; dir?: string } {
  const ci = takeCiOptions(args);
  if ('error' in ci) {
    io.err(`${ci.error}\n`);
    return EXIT_USAGE;
  }
  if (!ci.format) return { ci };
  if (ci.args.length !== 1 || (ci.args[0] as string).startsWith('-')) {
    io.err(`accepts 1 arg(s), received ${ci.args.length}\n${usage(ci.format)}`);
    return EXIT_USAGE;
  }
  const dir = ci.args[0] as string;
  const bad = checkDirectory(dir);
  if (bad) {
    io.err(`${bad}\n`);
    return EXIT_USAGE;
  }
  return { ci, dir };
}
