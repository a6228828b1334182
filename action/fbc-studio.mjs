#!/usr/bin/env node
// Built by scripts/build-cli.mjs --action: the fbc-studio bin, run by the pre-commit hook.
const { main } = await import('./main.mjs');
process.exitCode = await main(process.argv.slice(2));
