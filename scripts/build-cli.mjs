/**
 * Builds the `fbc-studio` CLI into build/cli/, every dependency bundled in (no TypeScript
 * transpiler and no node_modules lookups at run time, which is most of a CI job's start-up):
 *   core.cjs         the whole CLI (src/cli/main.ts), one script, so that boot.ts can hand it to V8
 *                    with a code cache (V8 caches scripts; Node 20 has no code cache for ES modules);
 *   pipeline.cjs     the same entry with only the commands of src/cli/pipeline-commands.json
 *                    (validate, validate-changed): the other commands' modules are left out, so a
 *                    pipeline's run reads, deserialises and runs less at every start;
 *   main.cjs         boot.ts, CommonJS (no ES module loader at start-up): picks the script by the
 *                    command and loads it with the cache (the bin and the bench require this);
 *   load-worker.mjs  the loader thread's entry (FBC_STUDIO_THREADS);
 *   cache/           V8 code caches of validate and validate-changed (pipeline.cjs) and workspace
 *                    (core.cjs) for the Node that built them (boot.ts).
 * Run by `npm run build:cli`, and by `prepare` on `npm ci` and `npm pack`.
 *
 * With `--action` (`npm run build:action`) the same bundle goes to action/, which is committed:
 * the GitHub Action runs it with the runner's Node, with no install (action.yml), and the pre-commit
 * hook runs its `fbc-studio.cjs` (.pre-commit-hooks.yaml). It carries no code cache (the runner's Node
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

const pipeline = JSON.parse(readFileSync(resolve(root, 'src/cli/pipeline-commands.json'), 'utf8'));

/**
 * pipeline.cjs: the modules commands.ts (and commands-groups.ts) import to run a command that is
 * not the pipeline's become a stand-in that throws, so that nothing only they reach is bundled. The
 * script never runs those commands: boot.ts gives it only the command lines of pipeline.commands,
 * and program.ts declares only the command a line names.
 */
const pipelineOnly = {
  name: 'pipeline-only',
  setup(b) {
    b.onResolve({ filter: /^\.\// }, (args) =>
      args.kind === 'dynamic-import' &&
      /[\\/]src[\\/]cli[\\/]commands(-groups)?\.ts$/.test(args.importer) &&
      !pipeline.modules.includes(args.path)
        ? { path: args.path, namespace: 'not-in-pipeline' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'not-in-pipeline' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in the pipeline script`)});`,
      loader: 'js',
    }));
  },
};

/** The head of each script; boot.ts calls the function with a module's arguments and the script's URL. */
const SCRIPT_HEAD = '(function (exports, require, module, __filename, __dirname, __core_url) {';

const hashes = {};
for (const [name, plugins] of [
  ['core', [lazyChildProcess]],
  ['pipeline', [lazyChildProcess, pipelineOnly]],
]) {
  await build({
    ...common,
    plugins,
    entryPoints: { [name]: 'src/cli/main.ts' },
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // boot.ts passes the script's URL; the loader pool finds its worker beside it.
    define: { 'import.meta.url': '__core_url' },
    // The script is the CommonJS wrapper Node would put around it (boot.ts compiles it as it is:
    // no 1 MB string made by joining the wrapper and the file's text).
    banner: { js: SCRIPT_HEAD },
    footer: { js: '})' },
  });
  const file = resolve(outdir, `${name}.cjs`);
  // esbuild writes ASCII except inside regular expression literals (isomorphic-git's /[\ud800-\uffff]/
  // keeps U+FFFF): one such character makes V8 hold the whole script as a two-byte string, twice the
  // bytes to decode, copy and keep. Escaped, it means the same in a literal, a regular expression, an
  // identifier or a comment.
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
  // V8 checks a code cache against the source's length only: the cache is keyed by the content.
  hashes[name] = createHash('sha256').update(ascii).digest('hex');
}

await build({
  ...common,
  entryPoints: { main: 'src/cli/boot.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { __SCRIPT_HASHES__: JSON.stringify(hashes) },
});

await build({
  ...common,
  entryPoints: { 'load-worker': 'src/cli/load-worker.ts' },
  outExtension: { '.js': '.mjs' },
  format: 'esm',
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
  const bin = resolve(outdir, 'fbc-studio.cjs');
  writeFileSync(
    bin,
    readFileSync(resolve(root, 'bin/fbc-studio.cjs'), 'utf8')
      .replace(
        /^(#!.*\n)(\/\/.*\n)+/,
        '$1// Built by scripts/build-cli.mjs --action: the fbc-studio bin, run by the pre-commit hook.\n',
      )
      .replace('../build/cli/main.cjs', './main.cjs'),
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
    spawnSync(process.execPath, [resolve(root, 'bin/fbc-studio.cjs'), ...args], {
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
