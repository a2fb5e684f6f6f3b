#!/usr/bin/env node
/**
 * Takes the README screenshots from the real production build: builds, serves it, adds two
 * fixture documents, asks a question, and saves light and dark pictures under docs/; then, at a
 * desktop and a phone width, a conversation thread, the settings and the viewer (a Markdown and a PDF passage).
 */
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// `--port N` when 4175 is taken (another checkout, another server).
const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 4175;
if (!Number.isInteger(PORT) || PORT <= 0) {
  console.error('--port needs a port number, e.g. --port 4221');
  process.exit(2);
}
const base = `http://localhost:${PORT}`;
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

if (!process.argv.includes('--no-build') && spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
  stdio: 'ignore',
  detached: true,
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`preview server did not start on ${base}`);
}

const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
try {
  await waitForServer();
  // Chromium prints a PDF fixture the same way the e2e setup does.
  /** A page of the app with the travel guide (as a PDF) and the clinic notes added and ready. */
  const openWithDocuments = async (context, pdf) => {
    const page = await context.newPage();
    await page.goto(base);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'travel-guide.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'clinic-notes.md', mimeType: 'text/markdown', buffer: readFileSync('e2e/fixtures/clinic-notes.md') },
    ]);
    for (const name of ['travel-guide.pdf', 'clinic-notes.md']) {
      await page
        .locator(`[data-testid="doc-row"][data-name="${name}"][data-status="ready"]`)
        .waitFor({ timeout: 60_000 });
    }
    return page;
  };
  const printer = await browser.newPage();
  await printer.goto(`file://${process.cwd()}/e2e/fixtures/travel-guide.html`);
  const pdf = await printer.pdf({ format: 'A4', outline: true, tagged: true });
  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: scheme,
      deviceScaleFactor: 1,
    });
    const page = await openWithDocuments(context, pdf);
    await page.getByTestId('search-input').fill('at what hour do trains pull into the station');
    await page.getByTestId('result').first().waitFor();
    const path = scheme === 'light' ? 'docs/screenshot.png' : 'docs/screenshot-dark.png';
    await page.screenshot({ path });
    console.log(`wrote ${path}`);
    await context.close();
  }
  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      viewport: { width, height: width > 600 ? 800 : 844 },
      deviceScaleFactor: 1,
    });
    const page = await openWithDocuments(context, pdf);
    for (const question of ['what did the physician prescribe', 'how many days must the antibiotics course last']) {
      await page.getByTestId('search-input').fill(question);
      // Attached, not visible: on a phone the thread folds away when a question is asked.
      await page.locator('[data-testid="conversation-turn"]', { hasText: question }).waitFor({ state: 'attached' });
    }
    await page.screenshot({ path: `docs/screenshot-thread-${width}.png` });
    await page.getByTestId('result').first().getByTestId('result-proposition').first().click();
    await page.getByTestId('viewer-highlight').waitFor();
    await page.screenshot({ path: `docs/screenshot-viewer-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('model-row').first().waitFor();
    await page.screenshot({ path: `docs/screenshot-settings-${width}.png` });
    await page.keyboard.press('Escape');
    // A PDF passage: on a phone its page's text, on a wide screen the page drawn.
    await page.getByTestId('search-input').fill('at what hour do trains pull into the station');
    const best = page.getByTestId('result').first();
    await best.locator('[data-testid="result-doc"][data-name="travel-guide.pdf"]').waitFor();
    await best.getByTestId('result-proposition').first().click();
    await page.getByTestId('viewer-page').waitFor();
    await page.screenshot({ path: `docs/screenshot-viewer-pdf-${width}.png` });
    console.log(`wrote docs/screenshot-{thread,viewer,settings,viewer-pdf}-${width}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  if (server.pid) process.kill(-server.pid);
}
