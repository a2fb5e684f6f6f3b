import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/chromium.mjs';

/**
 * Golden tests over the real documents and benchmarks in ../shared/eval, through the harness page
 * (scripts/harness: the app's real workers). Run by `npm run test:corpus`, never by `npm test`.
 */
const PORT = Number(process.env.CORPUS_PORT ?? 4177);

export default defineConfig({
  testDir: 'e2e-corpus',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Its own artifacts folder: Playwright empties outputDir at start, and test-results/ holds other reports.
  outputDir: 'test-results/corpus-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Builds dist-harness/ when a source changed, then serves it with the app's isolation headers.
    command: `node scripts/lib/serve-harness.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
  },
});
