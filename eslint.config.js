import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const WORKER_CODE = {
  group: ['**/workers/**'],
  allowTypeImports: true,
  message: 'The page talks to workers by message (src/lib/workers.ts); code both sides run belongs in common/.',
};
const WORKER_CODE_AND_TYPES = {
  group: ['**/workers/**'],
  message: 'common/ is what the page and the workers both run: it imports neither side.',
};
const PAGE = {
  group: ['**/src/**', '!**/node_modules/**'],
  message: 'Only the page runs src/: move what the workers need too to common/.',
};
const CONVERTERS = {
  // Converting a document is seconds of work on a long file: the page would freeze meanwhile.
  group: ['mammoth', 'jszip', 'htmlparser2', 'mdast-*', 'micromark-*'],
  allowTypeImports: true,
  message:
    'Documents are converted in a worker (workers/view.worker.ts for the viewer); the page only draws the result.',
};
/**
 * Each table has one writer, the engine worker: the page asks it (src/lib/workers.ts) and reads
 * through liveQuery. Writing from elsewhere would race the engine's transactions and its in-memory
 * indexes. The page and the file reader open the library with openReadableDb, whose type cannot write.
 */
const DB_WRITER = {
  group: ['**/common/db'],
  importNames: ['openDb'],
  message:
    'Only the engine worker writes to the library: open it with openReadableDb, and ask the engine (engine.api) to write.',
};

const restrictImports = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

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
  // Who may import what. src/ is the page, workers/ the workers, common/ the code both run (it
  // imports neither side). The page may import a worker's types (its API) but no code: it reaches
  // the workers only through messages (src/lib/workers.ts).
  {
    files: ['src/**/*.ts', 'src/**/*.svelte'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(WORKER_CODE, CONVERTERS, DB_WRITER),
  },
  {
    files: ['workers/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts', 'workers/engine.worker.ts', 'workers/engine/**'],
    rules: restrictImports(PAGE, DB_WRITER),
  },
  {
    // The engine worker is the one writer of the library: only it opens the writable database.
    files: ['workers/engine.worker.ts', 'workers/engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(PAGE),
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: restrictImports(PAGE, WORKER_CODE_AND_TYPES, DB_WRITER),
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
    files: ['src/**/*.ts', 'common/**/*.ts', 'workers/**/*.ts'],
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
