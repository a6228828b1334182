/**
 * Builds the `fbc-studio` CLI into build/cli/, every dependency bundled in (no TypeScript
 * transpiler and no node_modules lookups at run time, which is most of a CI job's start-up):
 *   core.cjs         the whole CLI (src/cli/main.ts), one script, so that boot.ts can hand it to V8
 *                    with a code cache (V8 caches scripts; Node 20 has no code cache for ES modules);
 *   main.mjs         boot.ts: loads core.cjs with the cache (the bin and the bench import this);
 *   load-worker.mjs  the loader thread's entry (FBC_STUDIO_THREADS);
 *   cache/           V8 code caches of validate, workspace and validate-changed for the Node that
 *                    built them (boot.ts).
 * Run by `npm run build:cli`, and by `prepare` on `npm ci` and `npm pack`.
 *
 * With `--action` (`npm run build:action`) the same bundle goes to action/, which is committed:
 * the GitHub Action runs it with the runner's Node, with no install (action.yml), and the pre-commit
 * hook runs its `fbc-studio.mjs` (.pre-commit-hooks.yaml). It carries no code cache (the runner's Node
 * is not the one that builds; the first run writes the user's), and adds `index.mjs`, the action's
 * entry (src/action/). `--outdir DIR` builds elsewhere (the test that action/ is up to date).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const action = argv.includes('--action');
const at = argv.indexOf('--outdir');
const outdir = at >= 0 ? resolve(argv[at + 1]) : resolve(root, action ? 'action' : 'build/cli');
rmSync(outdir, { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  // The bundled libraries' licence notices stay at the end of the file that holds each library.
  legalComments: 'eof',
  logLevel: 'warning',
};

/**
 * commander requires node:child_process when it loads, only to run stand-alone executable
 * sub-commands, which fbc-studio never declares. Loading it (with net, dgram and their kin) is a few
 * milliseconds of every run's start-up: commander gets a stand-in that loads it on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: 'child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents:
        "let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require('node:child_process'))[k] });",
      loader: 'js',
    }));
  },
};

await build({
  ...common,
  plugins: [lazyChildProcess],
  entryPoints: { core: 'src/cli/main.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // boot.ts passes the bundle's URL; the loader pool finds its worker beside it.
  define: { 'import.meta.url': '__core_url' },
});

// V8 checks a code cache against the source's length only: the cache is keyed by the content.
const hash = createHash('sha256')
  .update(readFileSync(resolve(outdir, 'core.cjs')))
  .digest('hex');

await build({
  ...common,
  entryPoints: { main: 'src/cli/boot.ts', 'load-worker': 'src/cli/load-worker.ts' },
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  define: { __CORE_HASH__: JSON.stringify(hash) },
  // Bundled CommonJS dependencies call require() for Node's built-ins; ES modules have none.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
});

if (action) {
  await build({
    ...common,
    entryPoints: { index: 'src/action/index.ts' },
    outExtension: { '.js': '.mjs' },
    format: 'esm',
  });
  // The pre-commit hook's script (`language: script`): the bin, pointing at the bundle beside it.
  const bin = resolve(outdir, 'fbc-studio.mjs');
  writeFileSync(
    bin,
    "#!/usr/bin/env node\n// Built by scripts/build-cli.mjs --action: the fbc-studio bin, run by the pre-commit hook.\nconst { main } = await import('./main.mjs');\nprocess.exitCode = await main(process.argv.slice(2));\n",
  );
  chmodSync(bin, 0o755);
}

// The package's own code cache (boot.ts): the commands a pipeline or a pre-commit hook runs, once
// each on the demo catalog with the Node that builds, which on `npm ci` is the Node that will run
// them. Skipped without the demo.
const demo = resolve(root, 'public/demo');
if (!action && at < 0 && existsSync(demo)) {
  // validate-changed reads the working directory as the repository: the demo folder is one.
  // A command's cache holds the code its run compiled: validate runs in each format in one process
  // (boot.ts, FBC_STUDIO_CACHE_WARM), since the cache of a `-o json` run alone left a pipeline's
  // `-o github` compiling its report code at every start.
  const runs = [
    [
      ['validate', '.', '-o', 'json'],
      [
        ['validate', '.', '-o', 'github'],
        ['validate', '.', '-o', 'sarif'],
        ['validate', '.'],
      ],
    ],
    [['workspace', '.', '-o', 'json'], []],
    [['validate-changed', 'aurora-operator/catalog.yaml'], []],
  ];
  for (const [args, warm] of runs) {
    spawnSync(process.execPath, [resolve(root, 'bin/fbc-studio.mjs'), ...args], {
      cwd: demo,
      env: {
        ...process.env,
        FBC_STUDIO_CACHE: '',
        FBC_STUDIO_CACHE_DIR: resolve(outdir, 'cache'),
        FBC_STUDIO_CACHE_WARM: JSON.stringify(warm),
      },
      stdio: 'ignore',
    });
  }
}
