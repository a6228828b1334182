#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (installed by `npm ci`), so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
// exitCode, not exit(): exit() would cut off output still being written to a pipe.
process.exitCode = await main(process.argv.slice(2));
