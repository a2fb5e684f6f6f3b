import { defineConfig } from '@playwright/test';
import base, { ONE_BROWSER } from './playwright.config';

/**
 * Browser tests of the whole app over the real documents in ../shared/eval (e2e/*.corpus.ts): the
 * same build and setup as `npm test`. Run by `npm run test:corpus` when ../shared/eval is there.
 */
export default defineConfig({
  ...base,
  ...ONE_BROWSER,
  testMatch: '*.corpus.ts',
  timeout: 900_000,
  outputDir: 'test-results/corpus-app-artifacts',
});
