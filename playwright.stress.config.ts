import { defineConfig } from '@playwright/test';
import base, { ONE_BROWSER } from './playwright.config';

/**
 * The heavy browser tests (5,000 files, the disk running out): the same app build and setup as
 * `npm test`, kept out of it so a newcomer's run stays short. Run by `npm run test:stress`, and by CI.
 */
export default defineConfig({
  ...base,
  ...ONE_BROWSER,
  testMatch: '*.stress.ts',
  timeout: 600_000,
  outputDir: 'test-results/stress-artifacts',
});
