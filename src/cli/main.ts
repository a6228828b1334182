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
import { wantsColor, type Io } from './command-args';
import { runProgram } from './program';
import * as hostileChecks from '../core/load/hostile';
import { provideHostileChecks } from '../core/load/hostile-registry';
import { useBufferBase64 } from './base64-check';

// The CLI loads files synchronously in places: the on-demand checks are there from the start.
provideHostileChecks(hostileChecks);
useBufferBase64();

/**
 * The process's streams as a run's Io. A reader that stops early (`validate … | head`) closes the
 * pipe: Node reports the next write's EPIPE as an 'error' event, which unheard ends the process with
 * a stack trace. Here the run stops writing to that stream, quietly, as git or grep do; unlike them
 * (killed by SIGPIPE: 141) it finishes and exits with its verdict, so that under `set -o pipefail`
 * (GitHub Actions' bash) `validate … | head` fails exactly when the catalog does, as without `head`.
 */
function stdio(): Io {
  const closed = { out: false, err: false };
  const stream = { out: process.stdout, err: process.stderr };
  for (const k of ['out', 'err'] as const) {
    stream[k].on('error', (e: NodeJS.ErrnoException) => {
      // Writes made before the first error was reported fail as writes to a destroyed stream.
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
      closed[k] = true;
    });
  }
  return {
    out: (s) => void (closed.out || stream.out.write(s)),
    err: (s) => void (closed.err || stream.err.write(s)),
    color: { out: wantsColor(process.stdout), err: wantsColor(process.stderr) },
  };
}

export async function main(argv: string[], io: Io = stdio()): Promise<number> {
  try {
    return await runProgram(argv, io);
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return 1;
  }
}

// Run when started as `node --import tsx src/cli/main.ts`; bin/fbc-studio.cjs (through build/cli/main.cjs) calls main itself.
const isEntry = process.argv[1] !== undefined && /src[\\/]cli[\\/]main\.ts$/.test(process.argv[1]);
if (isEntry) {
  void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
