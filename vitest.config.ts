import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    setupFiles: ['test/support/provide-hostile.ts', 'test/support/fast-check-seed.ts'],
  },
});
