#!/usr/bin/env node
/**
 * Main-thread long tasks (PerformanceObserver 'longtask': count, total and longest ms) while the
 * production app, in headless Chromium, (1) opens a ~100-page Word document in the viewer and
 * (2) exports the library as a backup. The Word file is made here by pandoc from the Nettle
 * manual that Debian installs (nettle-dev), so nothing big is committed.
 *
 *   node scripts/longtasks.mjs [--no-build] [--source FILE.html] [--runs 3]
 *
 * Prints one JSON line per run and, last, the medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './lib/chromium.mjs';
import { serveStatic } from './lib/static-server.mjs';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    source: { type: 'string', default: '/usr/share/doc/nettle-dev/nettle.html' },
    runs: { type: 'string', default: '3' },
  },
});
const DIST = new URL('../dist', import.meta.url).pathname;
const log = (line) => console.error(line);

if (!values['no-build'] || !existsSync(`${DIST}/index.html`)) {
  log('building the app (vite build)');
  const built = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('vite build failed');
}
if (!existsSync(values.source)) throw new Error(`${values.source} is missing: apt-get install nettle-dev, or --source`);
const docxPath = join(mkdtempSync(join(tmpdir(), 'longtasks-')), 'manual.docx');
const made = spawnSync('pandoc', [values.source, '-f', 'html', '-t', 'docx', '-o', docxPath], { stdio: 'inherit' });
if (made.status !== 0) throw new Error('pandoc failed');
const docx = readFileSync(docxPath);
log(`made ${docxPath} (${(docx.byteLength / 1024).toFixed(0)} KB) from ${values.source}`);

/** Collects long tasks from the first script on; `__longtasksSince(t)` sums those that began after t. */
const OBSERVE = () => {
  const tasks = [];
  new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  globalThis.__longtasksSince = (since) => {
    const after = tasks.filter((task) => task.startTime >= since);
    return {
      count: after.length,
      total_ms: Math.round(after.reduce((sum, task) => sum + task.duration, 0)),
      max_ms: Math.round(Math.max(0, ...after.map((task) => task.duration))),
    };
  };
};

/** Waits until the main thread has had no long task for `quietMs` (trailing work after the visible result). */
async function settle(page, quietMs = 1500) {
  await page.evaluate(
    (quiet) =>
      new Promise((resolve) => {
        let timer = setTimeout(resolve, quiet);
        new PerformanceObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(resolve, quiet);
        }).observe({ type: 'longtask' });
      }),
    quietMs,
  );
}

const MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const server = await serveStatic(DIST);
const browser = await launchChromium();
const runs = [];
try {
  for (let run = 0; run < Number(values.runs); run++) {
    const context = await browser.newContext({ acceptDownloads: true });
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByTestId('file-input').setInputFiles([{ name: 'manual.docx', mimeType: MIME, buffer: docx }]);
    await page
      .locator('[data-testid="doc-row"][data-name="manual.docx"][data-status="ready"]')
      .waitFor({ timeout: 600_000 });
    await page.getByTestId('search-input').fill('elliptic curve signature');
    await page.getByTestId('result').first().waitFor();
    await settle(page);

    let since = await page.evaluate(() => performance.now());
    const opening = Date.now();
    await page.getByTestId('result-proposition').first().click();
    await page.getByTestId('viewer-highlight').waitFor({ timeout: 120_000 });
    const openMs = Date.now() - opening;
    await settle(page);
    const viewer = { shown_ms: openMs, ...(await page.evaluate((t) => globalThis.__longtasksSince(t), since)) };
    await page.keyboard.press('Escape');
    await page.getByTestId('viewer').waitFor({ state: 'detached' });
    await settle(page);

    await page.getByTestId('settings-button').click();
    since = await page.evaluate(() => performance.now());
    const exporting = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-library').click()]);
    const bytes = readFileSync(await download.path()).byteLength;
    const exportMs = Date.now() - exporting;
    await settle(page);
    const backup = {
      bytes,
      shown_ms: exportMs,
      ...(await page.evaluate((t) => globalThis.__longtasksSince(t), since)),
    };
    const line = { run, docx_bytes: docx.byteLength, viewer_docx: viewer, backup_export: backup };
    console.log(JSON.stringify(line));
    runs.push(line);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const summary = {};
for (const part of ['viewer_docx', 'backup_export'])
  summary[part] = Object.fromEntries(
    ['shown_ms', 'count', 'total_ms', 'max_ms'].map((key) => [key, median(runs.map((r) => r[part][key]))]),
  );
console.log(JSON.stringify({ median: summary, runs: runs.length }));
