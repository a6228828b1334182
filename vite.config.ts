import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_SECURITY_POLICY } from './src/content-security-policy';

// monaco-editor >= 0.56 has an `exports` map that breaks the deep `monaco-editor/esm/vs/...` imports
// monaco-yaml still uses (shared/notes/stack.md, pitfall 1). Harmless until the editor lands.
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

/**
 * The modules the catalog worker runs from the start: everything its entry imports statically (not
 * the queries, the export or the edit session, which it imports on their first request). Collected
 * once the worker's module graph is known, for the codeSplitting group below.
 */
const catalogWorkerStartup = new Set<string>();
const CATALOG_WORKER = /[\\/]src[\\/]worker[\\/]catalog\.worker\.ts$/;

function collectCatalogWorkerStartup(): Plugin {
  return {
    name: 'catalog-worker-startup',
    apply: 'build',
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => CATALOG_WORKER.test(id));
      if (!entry) return; // another worker (the editor's)
      catalogWorkerStartup.clear();
      const todo = [entry];
      for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
        if (catalogWorkerStartup.has(id)) continue;
        catalogWorkerStartup.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Test builds only: with `FBC_E2E_THROWAWAY_ACTION=1` the catalog worker first imports
 * test/support/register-throwaway-action.ts, which adds one action through the registry alone
 * (test/e2e/registry-extension.spec.ts builds the app so and checks the production build has none of it).
 */
const THROWAWAY_ACTION = fileURLToPath(
  new URL('./test/support/register-throwaway-action.ts', import.meta.url),
);

function throwawayAction(): Plugin {
  return {
    name: 'e2e-throwaway-action',
    apply: 'build',
    transform(code, id) {
      if (process.env.FBC_E2E_THROWAWAY_ACTION !== '1' || !CATALOG_WORKER.test(id)) return null;
      return { code: `import ${JSON.stringify(THROWAWAY_ACTION)};\n${code}`, map: null };
    },
  };
}

/** The built index.html carries the Content-Security-Policy (see src/content-security-policy.ts). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  resolve: {
    alias: [
      { find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` },
      // Cytoscape's own minified ES build (same version, same API): it cannot be tree-shaken either
      // way, and it compresses ~1.7 kB smaller than our minifier's output of the unminified one
      // (the graph chunk is part of the initial-JS budget). Types still come from `cytoscape`.
      { find: /^cytoscape$/, replacement: 'cytoscape/dist/cytoscape.esm.min.mjs' },
      // Compare against a Git revision: isomorphic-git's hashing (sha.js → safe-buffer) imports Node's
      // `buffer`; the browser gets the small Buffer the Git reading needs (src/core/git/buffer-shim.ts).
      {
        find: /^buffer$/,
        replacement: fileURLToPath(new URL('./src/core/git/buffer-shim.ts', import.meta.url)),
      },
    ],
  },
  // Editing: the dependency scanner does not follow `?worker` imports; without this the dev server
  // re-optimises on the first editor open and reloads the page (shared/notes/stack.md, pitfall 3).
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js'] },
  // The catalog worker is a module worker (`new Worker(url, { type: 'module' })`).
  worker: {
    format: 'es',
    plugins: () => [throwawayAction(), collectCatalogWorkerStartup()],
    // Initial-JS budget: the worker's lazily loaded chunks (queries, export, edit session) share core
    // modules with its start-up code, and Rolldown then moves those into common chunks of their own,
    // each loaded at start-up anyway. All start-up modules go in the entry chunk instead: one file
    // compresses better than several (about 0.8 kB gzip), and the lazy chunks import from it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'catalog-worker', test: (id) => catalogWorkerStartup.has(id) }],
        },
      },
    },
  },
  build: {
    target: 'es2022',
    // The initial chunk is budgeted at 300 kB gzip; the graph and the editor are lazy chunks.
    chunkSizeWarningLimit: 1500,
    // No modulepreload machinery: index.html has one initial chunk (no modulepreload links for the
    // polyfill to act on), and a lazy chunk's own imports are the initial chunk, already loaded, or
    // a shared chunk fetched on import — so the preload helper and its per-import dependency lists
    // are bytes of initial JS that buy next to nothing (-1.0 kB gzip with the polyfill).
    modulePreload: false,
    // Everything the page loads at start in one chunk: left alone, Rolldown puts React, its JSX
    // runtime and its own runtime in three small chunks of their own (shared with the lazy chunks),
    // which compress worse apart (-1.2 kB gzip of initial JS). The lazy chunks import from it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173, headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } },
});
