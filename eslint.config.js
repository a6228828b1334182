import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'action',
      'build',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/out',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Node entry points and build scripts (plain JS, so TypeScript's node types do not reach them).
    files: ['bin/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The bin is CommonJS, so that Node's ES module loader never starts (src/cli/boot.ts).
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { process: 'readonly', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The catalog domain must run in a worker, in Node and in tests: no DOM, no React.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            'react/*',
            '../app/*',
            '../../app/*',
            'node:*',
            'cytoscape*',
            'monaco*',
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  {
    // Components never call the worker directly: the raw client (src/worker/client.ts) is used only
    // by the client modules, which offer hooks and functions per feature. A new request goes into
    // src/protocol/catalog-protocol.ts, the worker, and one of these modules.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [
      'src/app/state/queries.ts',
      'src/app/opening/open-catalog.ts',
      'src/app/state/perf-diagnostics.ts',
      'src/app/editor/edit-client.ts',
      'src/app/editor/files.ts',
      'src/app/paths/ask.ts',
      'src/app/commands/action-specs.ts',
      'src/app/repository/repository-client.ts',
      'src/app/compare/compare-client.ts',
      'src/app/bundle/bundle-client.ts',
      'src/app/olmv1/olmv1-client.ts',
      'src/app/mirror/mirror-client.ts',
      'src/app/beside/beside-client.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/client'],
              importNames: ['catalogClient', 'openInWorker'],
              message:
                'Components never call the worker directly: use a hook or function of a client module (listed in src/worker/client.ts); a new request goes into src/protocol/catalog-protocol.ts first.',
            },
            {
              group: ['comlink', '**/catalog.worker'],
              message: 'The worker is reached through src/worker/client.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app's layering (docs/ARCHITECTURE.md "Who may import whom in src/app"): the page
    // (components/, App.tsx) composes the features; a feature folder never imports the page; the
    // base (state/, ui/, layout/, markdown/) imports no feature. A lazy import() is how a lower
    // layer reaches a higher one (ui/lazy-parts.tsx), so only static imports are checked.
    files: ['src/app/*/**/*.{ts,tsx}'],
    ignores: ['src/app/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(components(/|$)|App$)',
              message:
                'A feature folder never imports the page (components/, App.tsx): move what it shares into ui/ or its own folder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/{state,ui,layout,markdown}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!(state|ui|layout|markdown)(/|$))[^./][^/]*(/|$)',
              message:
                'The base of the app (state/, ui/, layout/, markdown/) imports no feature folder and not the page; reach one with a lazy import() or let it register with you.',
            },
          ],
        },
      ],
    },
  },
  {
    // Stores change through their named mutations (state/store.ts, editor/edit-store.ts, …), never
    // through a patch set from a component.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [
      'src/app/state/store.ts',
      'src/app/editor/edit-store.ts',
      'src/app/ui/ui-store.ts',
      'src/app/paths/store.ts',
      'src/app/filters/store.ts',
      'src/app/drafts/drafts.ts',
      'src/app/paths/ask.ts', // the answers' mutations, loaded with the first question
      'src/app/compare/compare-store.ts',
      'src/app/server/served-store.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^use[A-Z]/][property.name='setState']",
          message: "Call the store module's named mutation (or add one there) instead of setState.",
        },
      ],
    },
  },
);
