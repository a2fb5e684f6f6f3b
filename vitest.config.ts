import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// Unit tests of pure modules run in Node. pdf.js and the built app are tested in Chromium (e2e/).
export default defineConfig({
  resolve: {
    alias: {
      // voy-search ships a wasm-bindgen "bundler" build: Node needs the entry file and inlining.
      'voy-search': fileURLToPath(new URL('./node_modules/voy-search/voy_search.js', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: [
      'src/**/*.test.ts',
      'common/**/*.test.ts',
      'workers/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/support/**/*.test.ts',
    ],
    server: { deps: { inline: ['voy-search'] } },
    testTimeout: 30_000,
    // Vitest keeps one core free by default, which on a 2-core machine runs the files one at a time
    // (63 s against 39 s with both cores).
    maxWorkers: availableParallelism(),
    // workers/engine/replication/replication.test.ts kills its CouchDB server under PouchDB on
    // purpose (the "long outage"). PouchDB lets go of some of the requests that breaks (a wait for
    // changes it no longer reads) without a handler, now and then, however the test wraps its fetch:
    // that socket hang-up, and only on that test's database, is not a failure.
    onUnhandledError: (error) => !(error.name === 'FetchError' && error.message.includes('/outage/')),
  },
});
