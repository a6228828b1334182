/**
 * Builds the `fbc-studio` CLI into build/cli/: ES modules for the CLI and the loader's worker
 * thread, with every dependency bundled in, split per command (chunks/) so that a run compiles only
 * what its command uses. The bin then starts plain JavaScript: no TypeScript transpiler at run time and no node_modules lookups, which is most of a
 * CI job's start-up. Run by `npm run build:cli`, and by `prepare` on `npm ci` and `npm pack`.
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(root, 'build/cli');
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts', 'load-worker': 'src/cli/load-worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // One chunk per command (main.ts imports each on use), shared code in common chunks.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  minify: true,
  // Bundled CommonJS dependencies call require() for Node's built-ins; ES modules have none.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  // The bundled libraries' licence notices stay at the end of the chunk that holds each library.
  legalComments: 'eof',
  logLevel: 'warning',
});
