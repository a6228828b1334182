/**
 * Builds the `fbc-studio` CLI into build/cli/: one self-contained ES module per entry (the CLI and
 * the loader's worker thread), with every dependency bundled in. The bin then starts plain
 * JavaScript: no TypeScript transpiler at run time and no node_modules lookups, which is most of a
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
  target: 'node20',
  minify: true,
  // Bundled CommonJS dependencies call require() for Node's built-ins; ES modules have none.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  // The bundled libraries' licence notices go to main.mjs.LEGAL.txt, shipped beside it.
  legalComments: 'linked',
  logLevel: 'warning',
});
