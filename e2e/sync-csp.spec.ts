/**
 * The Content-Security-Policy follows the sync setting (docs/sync.md): with a sync URL in the
 * settings table, the service worker serves the page and the workers with exactly that origin added
 * to connect-src; any other origin stays blocked, and without the setting so does the sync origin.
 */
import { createServer, type Server } from 'node:http';
import type { Page, Worker } from '@playwright/test';
import { startCouchServer, type CouchServer } from './support/couch-server';
import { couchPort } from './support/sync-devices';
import { expect, test } from './support';
import { connectSources } from '../workers/sw/csp';
import { SYNC_KEY, type SyncSettings } from '../common/sync';

// This worker's two ports beside the preview port, so the no-egress fixture can name the sync origin.
const COUCH_ORIGIN = `http://127.0.0.1:${couchPort(0)}`;
const THIRD_ORIGIN = `http://127.0.0.1:${couchPort(1)}`;

test.use({ allowedOrigins: [COUCH_ORIGIN] });

let couch: CouchServer;
let third: Server;
let thirdRequests = 0;

test.beforeAll(async () => {
  couch = await startCouchServer({ port: couchPort(0) });
  // Another server that would answer anyone (CORS *): only the policy can keep the app from it.
  third = createServer((_, res) => {
    thirdRequests++;
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
    res.end('reached');
  });
  await new Promise<void>((resolve) => third.listen(couchPort(1), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await couch?.dispose();
  await new Promise((resolve) => third?.close(resolve));
});

type Outcome = { ok: true; body: string } | { ok: false; error: string };

/** A fetch from the page or a worker, as its outcome (a blocked request rejects). */
function fetchFrom(where: Page | Worker, url: string): Promise<Outcome> {
  const attempt = async (target: string): Promise<Outcome> => {
    try {
      const response = await fetch(target);
      return { ok: true as const, body: await response.text() };
    } catch (error) {
      return { ok: false as const, error: String(error) };
    }
  };
  // Page and Worker each have their own evaluate; a call on the union of the two does not type.
  return 'goto' in where ? where.evaluate(attempt, url) : where.evaluate(attempt, url);
}

/** The page's fetch, with the policy violation it reports (if any). */
function fetchWithViolation(page: Page, url: string) {
  return page.evaluate(async (target) => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
    let ok = false;
    try {
      ok = (await fetch(target)).ok;
    } catch {
      ok = false;
    }
    // The violation event is queued as a task after the fetch has failed. The header and the meta
    // tag are two policies, and each reports it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ok, violations: [...new Set(violations)] };
  }, url);
}

/** The app, loaded by its service worker (which is what reads the setting). */
async function loadControlled(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function engineWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().some((worker) => worker.url().includes('engine.worker'))).toBe(true);
  return page.workers().find((worker) => worker.url().includes('engine.worker'))!;
}

async function writeSyncSetting(page: Page, value: SyncSettings) {
  await page.evaluate(
    ([key, setting]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('carrel');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('settings', 'readwrite');
          tx.objectStore('settings').put({ key, value: setting });
          tx.oncomplete = () => (db.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    [SYNC_KEY, value] as const,
  );
}

test(
  'without sync set, the page and its workers cannot reach the sync server',
  { tag: '@service-worker' },
  async ({ page }) => {
    await loadControlled(page);
    const response = await page.reload();
    expect(response!.fromServiceWorker()).toBe(true);
    expect(connectSources(response!.headers()['content-security-policy']!)).not.toContain(COUCH_ORIGIN);
    await couch.resetTraffic();

    const fromPage = await fetchWithViolation(page, `${COUCH_ORIGIN}/`);
    expect(fromPage.ok).toBe(false);
    expect(fromPage.violations).toEqual([`connect-src ${COUCH_ORIGIN}/`]);
    expect(await fetchFrom(await engineWorker(page), `${COUCH_ORIGIN}/`)).toMatchObject({ ok: false });
    expect((await couch.traffic()).requests).toBe(0);
  },
);

test(
  'with sync set, after one reload the page and the engine worker reach the sync origin and no other',
  { tag: '@service-worker' },
  async ({ page }) => {
    await loadControlled(page);
    await writeSyncSetting(page, { url: couch.dbUrl('library'), device: 'laptop', enabled: true });
    const response = await page.reload();
    expect(response!.fromServiceWorker()).toBe(true);

    const header = response!.headers()['content-security-policy']!;
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toBe(header);
    const connect = connectSources(header);
    expect(connect).toContain(COUCH_ORIGIN);
    expect(connect).not.toContain(THIRD_ORIGIN);
    // Only the sync origin was added: the rest is the strict policy privacy.spec.ts checks.
    expect(header.replace(` ${COUCH_ORIGIN}`, '')).toBe(
      (await (await fetch(`${new URL(page.url()).origin}/`)).headers.get('content-security-policy')) ?? '',
    );

    const welcome = await fetchFrom(page, `${COUCH_ORIGIN}/`);
    expect(welcome).toMatchObject({ ok: true });
    expect(JSON.parse((welcome as { body: string }).body)).toHaveProperty('version');
    const engine = await engineWorker(page);
    expect(await fetchFrom(engine, `${COUCH_ORIGIN}/library`)).toMatchObject({ ok: true });

    thirdRequests = 0;
    const toThird = await fetchWithViolation(page, `${THIRD_ORIGIN}/`);
    expect(toThird.ok).toBe(false);
    expect(toThird.violations).toEqual([`connect-src ${THIRD_ORIGIN}/`]);
    expect(await fetchFrom(engine, `${THIRD_ORIGIN}/`)).toMatchObject({ ok: false });
    expect(thirdRequests).toBe(0);
  },
);
