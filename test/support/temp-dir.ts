/**
 * A temporary folder for a test, removed once its test file has run: test/support/temp-dirs.ts (a
 * vitest setup file) empties `globalThis.__fbcTempDirs` after each file. Outside vitest (Playwright
 * specs share some helpers) nothing drains the list and the folder is left to the system's cleaning.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  ((globalThis as { __fbcTempDirs?: string[] }).__fbcTempDirs ??= []).push(dir);
  return dir;
}
