import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default ts.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'public/',
      'dev-dist/',
      '.cache/',
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // The page reaches the workers only through messages (src/lib/workers.ts); code both sides run lives in src/shared.
    files: ['src/**/*.ts', 'src/**/*.svelte'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/workers/**'],
              allowTypeImports: true,
              message:
                'The page talks to workers by message (src/lib/workers.ts); move shared pure code to src/shared.',
            },
            {
              // Converting a document is seconds of work on a long file: the page would freeze meanwhile.
              group: ['mammoth', 'jszip', 'htmlparser2', 'mdast-*', 'micromark-*'],
              allowTypeImports: true,
              message:
                'Documents are converted in a worker (workers/view.worker.ts for the viewer); the page only draws the result.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each table has one writer, the engine worker: the page asks it (src/lib/workers.ts) and reads
    // through liveQuery. Writing from the page would race the engine's transactions and its
    // in-memory indexes.
    files: ['src/lib/**/*.ts', 'src/components/**/*.ts', 'src/**/*.svelte'],
    ignores: [
      '**/*.test.ts',
      // Opens the page's connection, which reads only.
      'src/lib/db.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          // db.table.put(…), db.table(…).put(…), db.table.where(…).delete()
          "CallExpression[callee.property.name=/^(add|put|update|delete|clear|modify|bulkAdd|bulkPut|bulkUpdate|bulkDelete)$/] > MemberExpression.callee Identifier[name='db']",
          "CallExpression[callee.property.name='transaction'][arguments.0.value=/^rw/]",
          "CallExpression[callee.name='openDb']",
        ].map((selector) => ({
          selector,
          message:
            'Only the engine worker writes to the database: ask it through engine.api (workers/engine.worker.ts).',
        })),
      ],
    },
  },
  {
    // Workers have no DOM: reaching for it fails at run time, so it fails the lint instead.
    files: ['workers/**/*.ts', 'common/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'alert'].map((name) => ({
          name,
          message: 'Workers (and code they share) have no DOM.',
        })),
      ],
    },
  },
  {
    // A promise nobody awaits loses its error: every one is awaited, returned, or marked `void`.
    files: ['src/**/*.ts', 'workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser } },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.config.*', '**/*.test.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Layout is Prettier's (npm run format); the lint only checks it.
  prettier,
);
