import { defineConfig, type Project } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/chromium.mjs';
import { E2E_PORT as PORT, TEST_MODEL_HOSTS } from './scripts/lib/e2e-ports.mjs';

/**
 * Tests tagged `@service-worker` need it (offline use, updates, the share target, model downloads,
 * sync) or the stand-in hub's fixed port (E2E_PORT + 10; the sync servers' ports go by worker). They
 * run one at a time in the `service-worker` project. Every other test runs in `no-service-worker`,
 * with the service worker blocked: precaching the app (~35 MB) in each fresh browser context would
 * cost it seconds. A test is tagged on its own line: `test('…', { tag: '@service-worker' }, …)`.
 */
const SERVICE_WORKER = /@service-worker/;

/**
 * Which suite this run is (scripts/run-tests.mjs sets it): `npm test`'s (unset), `stress` (the heavy
 * runs, e2e/*.stress.ts) or `corpus` (over ../shared/eval: e2e/*.corpus.ts through the app,
 * e2e-corpus/ through the harness page). One config, one app build: each suite is its own projects,
 * so a file filter such as `e2e/sync` never starts a stress run by accident.
 */
const SUITE = process.env.E2E_SUITE ?? 'test';

/**
 * The long, heavy runs, with the service worker, as a person has it. Two browsers at a time, one test
 * file each (the sync specs' servers take ports by worker: e2e/support/sync-devices.ts). The suite is
 * bound by the two cores: starting the longest files first (a project of their own) or test by test
 * changed its time by no more than a run's noise (297–311 s here), since many-files then shares the
 * cores with the heavier runs and takes longer itself (198 s beside light tests, 264 s beside the
 * 256 MB files).
 */
const withServiceWorker = (project: Project): Project => ({
  ...project,
  use: { browserName: 'chromium', serviceWorkers: 'allow', ...project.use },
});

const SUITES: Record<string, Project[]> = {
  // The service-worker tests come first: they are the longest chain, and the other browser takes
  // the rest meanwhile.
  test: [
    {
      name: 'service-worker',
      testMatch: '*.spec.ts',
      grep: SERVICE_WORKER,
      workers: 1,
      use: { browserName: 'chromium', serviceWorkers: 'allow' },
    },
    {
      name: 'no-service-worker',
      testMatch: '*.spec.ts',
      grepInvert: SERVICE_WORKER,
      // Test by test across both browsers, so a long spec does not hold one browser to the end.
      // Serial specs (`test.describe.configure({ mode: 'serial' })`) stay together.
      fullyParallel: true,
      use: { browserName: 'chromium', serviceWorkers: 'block' },
    },
  ],
  stress: [
    withServiceWorker({
      name: 'stress',
      testMatch: '*.stress.ts',
      timeout: 600_000,
      outputDir: 'test-results/stress-artifacts',
    }),
  ],
  corpus: [
    // The two runs of `npm run eval` (each with its own browser; 137 s and 58 s here) start first: the
    // longest tests, which, started last in file order, kept one browser busy while the other had
    // nothing left to run.
    withServiceWorker({
      name: 'corpus-eval',
      testDir: 'e2e-corpus',
      testMatch: 'eval*.spec.ts',
      timeout: 600_000,
      outputDir: 'test-results/corpus-eval-artifacts',
    }),
    // The whole app over the real documents.
    withServiceWorker({
      name: 'corpus-app',
      testMatch: '*.corpus.ts',
      timeout: 900_000,
      outputDir: 'test-results/corpus-app-artifacts',
    }),
    // Golden tests through the harness page (scripts/harness: the app's real workers), which
    // e2e-corpus/harness.ts builds and serves itself.
    withServiceWorker({
      name: 'corpus',
      testDir: 'e2e-corpus',
      testMatch: '*.spec.ts',
      testIgnore: 'eval*.spec.ts',
      timeout: 600_000,
      outputDir: 'test-results/corpus-artifacts',
    }),
  ],
};
if (!SUITES[SUITE]) throw new Error(`E2E_SUITE=${SUITE}: expected one of ${Object.keys(SUITES).join(', ')}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two browsers at a time (two cores): in npm test's suite one takes the service-worker tests, in
  // turn, and both take the others.
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // The corpus suite's harness page is built once, before its workers share it.
  globalSetup: SUITE === 'corpus' ? ['./e2e/global-setup.ts', './e2e-corpus/global-setup.ts'] : './e2e/global-setup.ts',
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
  projects: SUITES[SUITE],
  webServer: {
    // Builds dist/ only when a source changed (scripts/lib/app-build.mjs): npm test, the stress and
    // corpus runs and the bench share one build.
    command: `node scripts/lib/app-build.mjs && npx vite preview --port ${PORT} --strictPort`,
    // The stand-in hub of e2e/models.spec.ts is the one extra origin the test build may download from.
    env: { CARREL_MODEL_HOSTS: TEST_MODEL_HOSTS },
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
  },
});
