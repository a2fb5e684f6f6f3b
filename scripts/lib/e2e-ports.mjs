/**
 * The browser tests' ports, in one place for playwright.config.ts, the stand-in hub and
 * scripts/run-tests.mjs (which builds the app for them before Playwright starts).
 */

/** The app's preview server; E2E_PORT lets two checkouts run their suites side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4174);

/** The stand-in model hub: beside the app's port (E2E_PORT + 10) unless E2E_HUB_PORT says otherwise. */
export const HUB_PORT = Number(process.env.E2E_HUB_PORT ?? E2E_PORT + 10);

/** The one extra origin the test build may download models from (vite.config.ts reads it). */
export const TEST_MODEL_HOSTS = `http://127.0.0.1:${HUB_PORT}`;
