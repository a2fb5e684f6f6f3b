import { defineConfig } from 'vitest/config';

// Tests over the real documents in ../shared/eval (run by `npm run test:corpus`, not `npm test`).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e-corpus/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
