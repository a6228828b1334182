import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Hooks start registries, push images with skopeo and write catalogs: vitest's own 10 s is
    // too little on a busy CI machine (unit files run side by side), so hooks get what tests get.
    hookTimeout: 60_000,
    setupFiles: [
      'test/support/provide-hostile.ts',
      'test/support/fast-check-seed.ts',
      'test/support/temp-dirs.ts',
    ],
  },
});
