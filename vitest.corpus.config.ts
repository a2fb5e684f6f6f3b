import { defineConfig } from 'vitest/config';

// Node-side checks of the evaluation tooling over ../shared/eval (`npm run test:corpus`, not `npm test`).
// The browser tests over the same material are Playwright specs: the corpus suite of playwright.config.ts (e2e-corpus/).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e-corpus/**/*.test.ts'],
    passWithNoTests: true,
    testTimeout: 30_000,
  },
});
