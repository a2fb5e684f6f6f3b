/**
 * Sync through the real app, as two devices would: device A holds `count` documents of `bytes`
 * each (one synthetic Markdown manual added through the app, then copied: scripts/lib/sync-seed.mjs),
 * and syncs them to the CouchDB-protocol server the tests use (e2e/support/couch-server-process.mjs);
 * then an empty device B starts sync. Answers the seconds until B holds every document ready, the
 * bytes that crossed the wire meanwhile, and the seconds from a new document being ready on A to
 * its being ready on B. Serves the production build (dist/, built when missing or `rebuild`).
 */
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';
import { copyDocument, markerWord, readyCount, syntheticManual } from './sync-seed.mjs';

const DIST = new URL('../../dist', import.meta.url).pathname;
const SERVER = fileURLToPath(new URL('../../e2e/support/couch-server-process.mjs', import.meta.url));
const PASSPHRASE = 'a long passphrase for the bench library';

/** The server in its own process, and its traffic counters over IPC. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'carrel-bench-couch-'));
  const child = fork(SERVER, [], {
    env: { ...process.env, COUCH_PORT: '0', COUCH_DATA: dataDir },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // IPC messages from the server process: `{type, ...}`, whatever it sends.
  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    child.on('message', (/** @type {any} */ message) => message.type === 'listening' && resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the CouchDB-protocol server exited (${code})`)));
  });
  const ask = (type) =>
    new Promise((resolve) => {
      const onMessage = (/** @type {any} */ message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.send({ type });
    });
  return {
    dbUrl: `http://127.0.0.1:${port}/library`,
    traffic: () => ask('traffic'),
    resetTraffic: () => ask('reset-traffic'),
    async close() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await /** @type {Promise<void>} */ (
        new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function device(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  // Once the service worker controls the page, it serves it with the sync origin allowed (docs/sync.md).
  await page.getByTestId('offline-ready').waitFor({ timeout: 120_000 });
  return { context, page };
}

async function startSync(page, dbUrl, name) {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('sync-url').fill(dbUrl);
  await page.getByTestId('sync-passphrase').fill(PASSPHRASE);
  await page.getByTestId('sync-device').fill(name);
  await page.getByTestId('sync-start').click();
}

const ready = (page, name, timeout) =>
  page.locator(`[data-testid="doc-row"][data-name="${name}"][data-status="ready"]`).waitFor({ timeout });

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function syncBench({
  count = 1000,
  bytes = 254_000,
  rebuild = true,
  log = (line) => console.error(line),
}) {
  if (rebuild || !existsSync(`${DIST}/index.html`)) {
    log('building the app (vite build) for the sync bench');
    const built = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const site = await serveStatic(DIST);
  const couch = await startServer();
  const browser = await launchChromium();
  try {
    const a = await device(browser, site.url);
    const began = Date.now();
    await a.page.getByTestId('file-input').setInputFiles([
      {
        name: 'sync-template.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from(syntheticManual(bytes, markerWord(0))),
      },
    ]);
    await ready(a.page, 'sync-template.md', 1_200_000);
    log(
      `sync: one ${Math.round(bytes / 1000)} kB document added on A in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
    await copyDocument(a.page, { name: 'sync-template.md', count: count - 1, prefix: 'manual' });
    if ((await readyCount(a.page)) !== count) throw new Error('the copies did not all land on A');

    let at = Date.now();
    await startSync(a.page, couch.dbUrl, 'A');
    const status = a.page.getByTestId('sync-status');
    await until(
      async () =>
        (await status.getAttribute('data-state')) === 'synced' && (await status.getAttribute('data-pending')) === '0',
      3_600_000,
      'A to send its library',
    );
    const upload = (Date.now() - at) / 1000;
    log(`sync: A sent ${count} documents in ${upload.toFixed(1)} s`);

    await couch.resetTraffic();
    const b = await device(browser, site.url);
    at = Date.now();
    await startSync(b.page, couch.dbUrl, 'B');
    await until(async () => (await readyCount(b.page)) === count, 3_600_000, `B to hold ${count} documents`);
    const firstSync = (Date.now() - at) / 1000;
    const traffic = await couch.traffic();
    log(
      `sync: B received ${count} documents in ${firstSync.toFixed(1)} s, ${traffic.bytesOut + traffic.bytesIn} bytes`,
    );

    // A change on A: a new small document, from ready on A to ready on B.
    await a.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    await b.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    await a.page.getByTestId('file-input').setInputFiles([
      {
        name: 'change.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from(syntheticManual(2_000, markerWord(count))),
      },
    ]);
    await ready(a.page, 'change.md', 300_000);
    at = Date.now();
    await ready(b.page, 'change.md', 300_000);
    const change = (Date.now() - at) / 1000;
    log(`sync: a change on A ready on B ${change.toFixed(1)} s after it was ready on A`);
    return {
      documents: count,
      document_bytes: bytes,
      seeded: 'one synthetic Markdown document added through the app, copied in IndexedDB',
      upload_from_a_s: Number(upload.toFixed(1)),
      first_sync_to_empty_b_s: Number(firstSync.toFixed(1)),
      first_sync_bytes_to_b: traffic.bytesOut,
      first_sync_bytes_from_b: traffic.bytesIn,
      first_sync_requests: traffic.requests,
      change_a_to_b_s: Number(change.toFixed(1)),
    };
  } finally {
    await browser.close();
    await couch.close();
    await site.close();
  }
}
