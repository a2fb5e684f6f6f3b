/**
 * Opens the harness page (scripts/harness) in headless Chromium for the Node scripts: builds it if
 * stale, serves dist-harness/ on 127.0.0.1 and waits until the real engine has started. The page
 * exposes `window.carrel` (see scripts/harness/harness.ts).
 */
import { buildHarness, HARNESS_DIR } from './harness-build.mjs';
import { launchChromium, launchChromiumProfile } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';

/**
 * Opens the harness; resolves to `{page, engine, close()}` where `engine` is what the engine's
 * `init` reported (modelId, device, modelError). `log` receives progress lines (stderr by default);
 * `port` is the server's (0, the default, takes any free one); `chromiumArgs` are added to Chromium's flags.
 * `dir` serves a harness built elsewhere (another commit's) instead of building this one.
 * `profile`, a folder: the page runs in a browser profile kept there, on disk, as a person's browser
 * keeps IndexedDB (Playwright's own contexts are off the record, their IndexedDB in memory); `browser`
 * is then null.
 * @param {{log?: (line: string) => void, port?: number, chromiumArgs?: string[], dir?: string, profile?: string}} [options]
 */
export async function openHarness({
  log = (line) => console.error(line),
  port = 0,
  chromiumArgs = [],
  dir,
  profile,
} = {}) {
  if (!dir) buildHarness({ log });
  const server = await serveStatic(dir ?? HARNESS_DIR, { port });
  // A profile on disk is a browser context of its own; otherwise a browser whose page is off the record.
  let browser = null;
  let context = null;
  try {
    if (profile) context = await launchChromiumProfile(profile, chromiumArgs);
    else browser = await launchChromium(chromiumArgs);
  } catch (error) {
    await server.close();
    throw error;
  }
  const opened = /** @type {import('@playwright/test').Browser | import('@playwright/test').BrowserContext} */ (
    context ?? browser
  );
  const close = async () => {
    await opened.close();
    await server.close();
  };
  try {
    const page = context?.pages()[0] ?? (await opened.newPage());
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || process.env.HARNESS_CONSOLE) log(`page console: ${message.text()}`);
    });
    await page.goto(server.url);
    await page.waitForFunction(() => 'carrel' in window);
    const engine = await page.evaluate(() => window.carrel.ready());
    return { page, engine, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
