/**
 * What the CLI's commands share: where they write (and whether in colour), and opm's check of a
 * directory argument (so a CI log reads as opm's would). Kept apart from main.ts so the commands
 * need not import the entry point; the parsing itself is declared in commands.ts.
 */
import { statSync } from 'node:fs';

/** Where a command writes: stdout and stderr (tests pass their own). */
export interface Io {
  out(s: string): void;
  err(s: string): void;
  /**
   * Standard output as bytes, written (or copied) before the call returns, so the caller may reuse
   * the buffer; a large report is encoded once into it (github.ts). Absent: `out` takes strings.
   */
  outBytes?(b: Uint8Array): void;
  /** Whether each stream takes ANSI colours (a terminal, NO_COLOR unset); none when absent. */
  color?: { out: boolean; err: boolean };
  /** Where relative paths resolve (a repository root for validate-changed); the process's when absent. */
  cwd?: string;
  /** All of standard input, for a command that reads it (`render-template -`); none when absent. */
  stdin?: () => Promise<string>;
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

/**
 * Colours for a stream, as the no-color.org convention has it: on for a terminal, off when
 * `NO_COLOR` is set to anything but the empty string; `FORCE_COLOR` (not 0) turns them on anywhere.
 */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0';
  return stream.isTTY === true;
}
