import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// monaco-editor >= 0.56 has an `exports` map that breaks the deep `monaco-editor/esm/vs/...` imports
// monaco-yaml still uses (shared/notes/stack.md, pitfall 1). Harmless until the editor lands.
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` },
      // Cytoscape's own minified ES build (same version, same API): it cannot be tree-shaken either
      // way, and it compresses ~1.7 kB smaller than our minifier's output of the unminified one
      // (the graph chunk is part of the initial-JS budget). Types still come from `cytoscape`.
      { find: /^cytoscape$/, replacement: 'cytoscape/dist/cytoscape.esm.min.mjs' },
    ],
  },
  // Editing: the dependency scanner does not follow `?worker` imports; without this the dev server
  // re-optimises on the first editor open and reloads the page (shared/notes/stack.md, pitfall 3).
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js'] },
  // The catalog worker is a module worker (`new Worker(url, { type: 'module' })`).
  worker: {
    format: 'es',
    // Editing: the worker loads its edit session lazily, which makes Rolldown split the core modules
    // both use into several small chunks; one shared chunk compresses better (initial-JS budget).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'catalog-core',
              test: /[\\/]src[\\/]core[\\/](semver[\\/]|gojson[\\/]|model[\\/]channel-head)/,
            },
          ],
        },
      },
    },
  },
  build: {
    target: 'es2022',
    // The initial chunk is budgeted at 300 kB gzip; the graph and the editor are lazy chunks.
    chunkSizeWarningLimit: 1500,
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
  preview: { port: 4173 },
});
