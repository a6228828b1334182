/**
 * `fbc-studio` — the catalog core for CI, with opm's command shapes (`validate`, `render-graph`,
 * `render-template`) and our own. The commands are declared in commands.ts and parsed by commander
 * (program.ts); this is the entry: it runs one command line and returns its exit code,
 * 0 ok, 1 findings (or an opm-shaped command's failure), 2 a usage error (docs/cli.md).
 * On top of opm we add file:line:column locations and our own (clearly marked) warnings.
 *
 * Each command's module is imported when that command runs. Built, every command is in one script
 * (build/cli/core.cjs; a pipeline's commands a smaller one, pipeline.cjs) whose compiled code V8
 * caches per command (boot.ts), so a run still only
 * initialises its own modules; from the sources, only its own are loaded.
 */
import type { Io } from './command-args';
import { processIo } from './process-io';
import { runProgram } from './program';
import { EXIT_USAGE, OptionValueError } from './report/fail-on';
import * as hostileChecks from '../core/load/hostile';
import { provideHostileChecks } from '../core/load/hostile-registry';
import { useBufferBase64 } from './base64-check';

// The CLI loads files synchronously in places: the on-demand checks are there from the start.
provideHostileChecks(hostileChecks);
useBufferBase64();

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  try {
    return await runProgram(argv, io);
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    // An opm-shaped command's failure is 1, as opm's; an option's unusable value is a usage error.
    return e instanceof OptionValueError ? EXIT_USAGE : 1;
  }
}

// Run when started as `node --import tsx src/cli/main.ts`; bin/fbc-studio.cjs (through build/cli/main.cjs) calls main itself.
const isEntry = process.argv[1] !== undefined && /src[\\/]cli[\\/]main\.ts$/.test(process.argv[1]);
if (isEntry) {
  void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
