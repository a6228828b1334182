/**
 * Builds bench/graph-harness.html with Vite (production mode, own inline config: the app's
 * vite.config.ts is not involved) and serves it with `vite preview` on a free port.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, preview, type PreviewServer } from 'vite';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(benchDir, 'out', 'graph-harness');

export async function serveHarness(): Promise<{ url: string; close(): Promise<void> }> {
  const common = {
    root: benchDir,
    configFile: false as const,
    logLevel: 'warn' as const,
    plugins: [react()],
  };
  await build({
    ...common,
    build: {
      outDir,
      emptyOutDir: true,
      // FBC_BENCH_NO_MINIFY=1 keeps names readable in CPU profiles.
      minify: process.env.FBC_BENCH_NO_MINIFY ? false : 'oxc',
      chunkSizeWarningLimit: 4000,
      rollupOptions: { input: path.join(benchDir, 'graph-harness.html') },
    },
  });
  const server: PreviewServer = await preview({
    ...common,
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 4173;
  return {
    url: `http://127.0.0.1:${port}/graph-harness.html`,
    close: () => server.close(),
  };
}

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
