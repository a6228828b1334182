import { defineConfig, devices } from '@playwright/test';

// E2E_MODE=dev runs against the dev server; the default is the production build (`vite preview`),
// which is what users get. The build step is `vite build` alone: type checking is its own gate
// (`npm run typecheck`), so one unrelated type error elsewhere does not hide every e2e result.
const dev = process.env.E2E_MODE === 'dev';
// E2E_PORT lets two checkouts run their e2e suites side by side without sharing a server.
const port = Number(process.env.E2E_PORT) || (dev ? 5173 : 4173);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (apt-get install chromium); no `playwright install` needed.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 720 } } },
  ],
  webServer: {
    command: dev
      ? `npx vite --port ${port} --strictPort`
      : `npx vite build && npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
