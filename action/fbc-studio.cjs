#!/usr/bin/env node
// Built by scripts/build-cli.mjs --action: the fbc-studio bin, run by the pre-commit hook.
'use strict';
let cli;
try {
  cli = require('./main.cjs');
} catch (e) {
  if (e?.code !== 'MODULE_NOT_FOUND' || !String(e.message).includes('main.cjs')) throw e;
  process.stderr.write('fbc-studio: the CLI is not built; run `npm run build:cli` (or `npm ci`) first\n');
  process.exit(2);
}
// exitCode, not exit(): exit() would cut off output still being written to a pipe.
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
