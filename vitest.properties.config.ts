/**
 * `npm run test:properties`: only the files that use fast-check, each property on a random seed with
 * FC_RUNS_FACTOR (default 10) times its cases — exploration for a developer before a release, while
 * the ordinary suite stays reproducible (CI pins the seed: test/support/fast-check-seed.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

const explore = resolve('test/support/fast-check-explore.ts');

function propertyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => readFileSync(f, 'utf8').includes("from 'fast-check'"));
}

const config = mergeConfig(
  base,
  defineConfig({
    plugins: [
      {
        name: 'fast-check-explore',
        enforce: 'pre',
        // Every importer but the wrapper itself gets the wrapper.
        resolveId(id, importer) {
          return id === 'fast-check' && importer !== undefined && resolve(importer) !== explore
            ? explore
            : null;
        },
      },
    ],
    test: {
      // Many more cases: more time for each test, and for the hooks that remove what they wrote.
      testTimeout: 60 * 60_000,
      hookTimeout: 10 * 60_000,
      // One file at a time: the cases are many, the machine's cores are shared.
      fileParallelism: false,
    },
  }),
);
// Set, not merged: mergeConfig would add these to the base's globs, which name every test file.
config.test!.include = [...propertyFiles('test/unit'), ...propertyFiles('src')];

export default config;
