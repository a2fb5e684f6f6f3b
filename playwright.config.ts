import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/chromium.mjs';
import { HUB_PORT } from './e2e/fake-hub';

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4174);

/**
 * Specs that need the service worker: offline use, updates (update.spec rewrites the served sw.js),
 * the share target, model downloads and sync. They also share the stand-in hub's and the sync
 * server's ports, so they run one at a time. Every other spec runs with the service worker blocked:
 * precaching the app (~35 MB) in each fresh browser context would cost it seconds.
 */
const SERVICE_WORKER_SPECS = [
  'answer-generator',
  'end-to-end',
  'manifest',
  'models',
  'ocr',
  'sync',
  'sync-csp',
  'update',
  'viewer',
  'webgpu',
].map((name) => `**/${name}.spec.ts`);

/**
 * For the long, heavy runs (stress, corpus): one browser at a time, with its service worker, as a
 * person has it. Their configs spread the base config and then this.
 */
export const ONE_BROWSER = {
  workers: 1,
  projects: [{ name: 'chromium', use: { browserName: 'chromium' as const } }],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  // Two browsers at a time: one for the service-worker specs, in turn, and one for the others.
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test, even to throw it away, made the suite about 30 % slower on
    // two cores. A failure still reports its error, page snapshot and screenshot; to trace one, run
    // it again with `npx playwright test e2e/x.spec.ts --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  // The service-worker specs come first: they are the longest chain, and the other browser takes the
  // rest meanwhile.
  projects: [
    {
      name: 'service-worker',
      testMatch: SERVICE_WORKER_SPECS,
      workers: 1,
      use: { browserName: 'chromium', serviceWorkers: 'allow' },
    },
    {
      name: 'no-service-worker',
      testIgnore: SERVICE_WORKER_SPECS,
      use: { browserName: 'chromium', serviceWorkers: 'block' },
    },
  ],
  webServer: {
    command: `npx vite build && npx vite preview --port ${PORT} --strictPort`,
    // The stand-in hub of e2e/models.spec.ts is the one extra origin the test build may download from.
    env: { CARREL_MODEL_HOSTS: `http://127.0.0.1:${HUB_PORT}` },
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
  },
});
