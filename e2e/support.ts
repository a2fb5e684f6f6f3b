/**
 * Shared e2e fixtures. Every test records every request the browser makes (pages, workers and the
 * service worker) and fails if any leaves the origin: Carrel's privacy promise, checked everywhere.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { FIXTURE_DIR } from './global-setup';

export const test = base.extend<{ offOrigin: string[]; allowedOrigins: string[] }>({
  /** Origins a spec may reach besides the app's own (only the stand-in model hub does). */
  allowedOrigins: [[], { option: true }],
  offOrigin: [
    async ({ context, baseURL, allowedOrigins }, use) => {
      const origin = new URL(baseURL!).origin;
      const offOrigin: string[] = [];
      context.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        const from = new URL(url).origin;
        if (from !== origin && !allowedOrigins.includes(from)) offOrigin.push(url);
      });
      await use(offOrigin);
      expect(offOrigin, 'requests that left the origin').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
export const generated = (name: string) => join(FIXTURE_DIR, name);

/**
 * Shift+Reload, once the app is ready offline: the browser loads the page without its service
 * worker, so nothing controls the page (nor the workers it starts) until the next load, as for a
 * page that loads while the worker is taking over.
 */
export async function reloadPastServiceWorker(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
}

/** A file made in the test, as the picker takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Adds files through the picker (paths, or files made in the test) and waits until every one is ready, shown by its stored document's
 * row, and the queue says it is done. A file's row says Ready only once its stored row, with every
 * action, has taken its place, and the queue's panel stays (saying the batch is done) rather than
 * lifting the rows; before then, a click aimed at a row lands beside its button.
 */
export async function addFiles(
  page: Page,
  files: string[] | FilePayload[],
  { timeout = 60_000 }: { timeout?: number } = {},
): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(files);
  for (const file of files) {
    const name = typeof file === 'string' ? file.split('/').pop()! : file.name;
    // A name may hold quotes and backslashes ('"q" .txt'): escaped as a CSS string needs them.
    const row = page.locator(`[data-testid="doc-row"][data-name="${name.replace(/["\\]/g, '\\$&')}"]`);
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout });
    await expect(row.getByTestId('doc-select')).toHaveCount(1);
  }
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);
  await expect(page.getByTestId('queue-done')).toBeVisible();
}

/** Types a query and waits for the first result. */
export async function searchFor(page: Page, query: string) {
  await page.getByTestId('search-input').fill(query);
  const first = page.getByTestId('result').first();
  await expect(first).toBeVisible();
  return first;
}

/** A Markdown file big enough that reading it takes a while: chapters of varied sentences. */
export function bigMarkdown(chapters: number): string {
  const words = [
    'harbour',
    'lantern',
    'granite',
    'meadow',
    'copper',
    'violet',
    'orchard',
    'glacier',
    'thimble',
    'saddle',
    'falcon',
    'ember',
    'quarry',
    'willow',
    'compass',
    'marble',
  ];
  let seed = 7;
  const pick = () => words[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % words.length];
  const parts: string[] = [];
  for (let c = 1; c <= chapters; c++) {
    parts.push(`# Chapter ${c}\n`);
    for (let p = 0; p < 12; p++) {
      const sentences = Array.from(
        { length: 5 },
        () => `The ${pick()} near the ${pick()} holds ${pick()} and ${pick()} for chapter ${c}.`,
      );
      parts.push(sentences.join(' ') + '\n');
    }
  }
  parts.push('# Epilogue\n\nThe zeppelin quartermaster counted exactly forty-two pomegranates.\n');
  return parts.join('\n');
}
