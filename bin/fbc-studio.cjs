#!/usr/bin/env node
// Runs the built CLI (build/cli, made by `npm run build:cli`; `npm ci` and `npm pack` run it through
// `prepare`), so a CI job starts plain JavaScript. CommonJS, as is build/cli/main.cjs: Node's ES
// module loader never starts (a few milliseconds of every run). From a checkout, `npm run cli` runs
// the sources.
'use strict';
let cli;
try {
  cli = require('../build/cli/main.cjs');
} catch (e) {
  if (e?.code !== 'MODULE_NOT_FOUND' || !String(e.message).includes('main.cjs')) throw e;
  process.stderr.write('fbc-studio: the CLI is not built; run `npm run build:cli` (or `npm ci`) first\n');
  process.exit(2);
}
// exitCode, not exit(): exit() would cut off output still being written to a pipe.
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
