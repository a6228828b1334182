/**
 * The built CLI's entry (build/cli/main.cjs, CommonJS, so a run never starts Node's ES module
 * loader): loads one of the bundled CLI's scripts with V8's code cache. Without it, compiling the
 * bundle and the functions a command compiles lazily is a third of a small catalog's run (start-up)
 * and about 40 ms of a large one's; with it, V8 reads the compiled code back.
 *
 * Two scripts (scripts/build-cli.mjs): `pipeline.cjs`, the commands a pipeline or a pre-commit hook
 * runs (pipeline-commands.json: the commands, and the modules commands.ts imports to run them) and
 * only what they reach, and `core.cjs`, the whole CLI. The first
 * word of the command line picks one before anything else loads: the smaller script is less to read,
 * deserialise and run at every start.
 *
 * One cache file per script and command (each holds the functions its command compiled), named with
 * the script's content hash, Node's version and the architecture (V8 itself only checks the source's
 * length), looked up in order:
 *   1. the user's: `$FBC_STUDIO_CACHE_DIR`, else `$XDG_CACHE_HOME/fbc-studio`, else
 *      `~/.cache/fbc-studio` — never a shared temporary folder, where another user could plant code;
 *   2. the package's own, build/cli/cache, made at build time (`npm ci`, `npm pack`) by running
 *      validate (in each output format, in one process: `FBC_STUDIO_CACHE_WARM`), workspace and
 *      validate-changed on the demo catalog: a CI job or a pre-commit hook that installs with the
 *      Node it runs on starts warm on its first run.
 * When neither is there or V8 rejects it (another Node), the run writes the user's file, through a
 * temporary file and a rename; failing to read or write only costs the compile.
 * `FBC_STUDIO_CACHE=off` turns both off. (Node 22's `module.enableCompileCache` does this; the CLI
 * supports Node 20.)
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import type { Io } from './command-args';
import PIPELINE from './pipeline-commands.json';

/** The sha-256 of each script (`core`, `pipeline`), set by scripts/build-cli.mjs. */
declare const __SCRIPT_HASHES__: Record<CliScript, string>;

type Main = (argv: string[], io?: Io) => Promise<number>;

export type CliScript = 'core' | 'pipeline';

/** The script that runs a command line: the pipeline's for its commands, else the whole CLI. */
export function scriptFor(command: string | undefined): CliScript {
  return command !== undefined && PIPELINE.commands.includes(command) ? 'pipeline' : 'core';
}

/** The cache folder, or undefined when there is none to use. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.FBC_STUDIO_CACHE === 'off') return undefined;
  if (env.FBC_STUDIO_CACHE_DIR) return env.FBC_STUDIO_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'fbc-studio');
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined; // no home folder (a system user): no cache
  }
  return home ? join(home, '.cache', 'fbc-studio') : undefined;
}

/** The cache file for one script and command (`other` for anything that is not a plain command name). */
export function cacheFile(dir: string, script: CliScript, hash: string, command: string | undefined): string {
  const name = command !== undefined && /^[a-z][a-z-]{0,30}$/.test(command) ? command : 'other';
  return join(dir, `${script}-${hash.slice(0, 16)}-${process.version}-${process.arch}-${name}.v8`);
}

function readCache(file: string | undefined): Buffer | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file: string, data: Buffer): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    // A read-only home or a full disk: the next run compiles again, nothing else changes.
  }
}

/**
 * The script compiled with the cache, if any. Apart from `main` so that the source text and the
 * cache's bytes (2 MB) are garbage once compiled, not held by main's frame through the whole run.
 */
function compile(
  path: string,
  userFile: string | undefined,
  shipped: string,
): { script: Script; writeAfter: boolean } {
  const cachedData =
    process.env.FBC_STUDIO_CACHE === 'off' ? undefined : (readCache(userFile) ?? readCache(shipped));
  // The script is a function expression (scripts/build-cli.mjs): the CommonJS wrapper Node puts
  // around a module, plus the script's own URL (for its worker).
  const script = new Script(readFileSync(path, 'utf8'), {
    filename: path,
    ...(cachedData ? { cachedData } : {}),
  });
  const writeAfter =
    userFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true);
  return { script, writeAfter };
}

export async function main(argv: string[], io?: Io): Promise<number> {
  const here = __dirname;
  const name = scriptFor(argv[0]);
  const hash = __SCRIPT_HASHES__[name];
  const path = join(here, `${name}.cjs`);
  const dir = cacheDir();
  const userFile = dir === undefined ? undefined : cacheFile(dir, name, hash, argv[0]);
  const { script, writeAfter } = compile(path, userFile, cacheFile(join(here, 'cache'), name, hash, argv[0]));
  const mod = { exports: {} as { main: Main } };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  // This module's own require, which resolves from the same folder as the script's would: the script
  // requires only Node's built-ins (node:module, for createRequire, would load the ES module loader).
  wrapper(mod.exports, require, mod, path, here, pathToFileURL(path).href);
  // Build time only (scripts/build-cli.mjs): more command lines run first, their output dropped, so
  // that the cache this run writes holds the code of each (a pipeline's `-o github`, a terminal's text).
  const warm = process.env.FBC_STUDIO_CACHE_WARM;
  if (warm && writeAfter) {
    for (const args of JSON.parse(warm) as string[][]) await mod.exports.main(args, { out() {}, err() {} });
  }
  try {
    return await mod.exports.main(argv, io);
  } finally {
    // After the run, so the functions the command compiled are in the cache too.
    if (writeAfter && userFile !== undefined) writeCache(userFile, script.createCachedData());
  }
}
