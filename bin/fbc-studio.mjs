#!/usr/bin/env node
// Runs the built CLI (build/cli, made by `npm run build:cli`; `npm ci` and `npm pack` run it through
// `prepare`), so a CI job starts plain JavaScript. From a checkout, `npm run cli` runs the sources.
let cli;
try {
  cli = await import('../build/cli/main.mjs');
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('build/cli/main.mjs')) throw e;
  process.stderr.write('fbc-studio: the CLI is not built; run `npm run build:cli` (or `npm ci`) first\n');
  process.exit(2);
}
// exitCode, not exit(): exit() would cut off output still being written to a pipe.
process.exitCode = await cli.main(process.argv.slice(2));
