import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The heavy browser tests (5,000 files, the disk running out): the same app build and setup as
 * `npm test`, kept out of it so a newcomer's run stays short. Run by `npm run test:stress`, and by CI.
 */
export default defineConfig({
  ...base,
  // One browser at a time, with its service worker, as a person has it: these runs are long and heavy.
  workers: 1,
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  testMatch: '*.stress.ts',
  timeout: 600_000,
  outputDir: 'test-results/stress-artifacts',
});
