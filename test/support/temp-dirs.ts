/**
 * Setup file: removes after each test file the temporary folders the test helpers registered in
 * `globalThis.__fbcTempDirs` (test/support/temp-dir.ts's `tempDir`, the OCI layouts of
 * test/support/registry.ts). Vitest ends its worker processes without an 'exit' event, so the helpers
 * cannot do it themselves.
 */
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';

afterAll(() => {
  const dirs = (globalThis as { __fbcTempDirs?: string[] }).__fbcTempDirs;
  if (!dirs) return;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
