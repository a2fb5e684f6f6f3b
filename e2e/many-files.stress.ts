/**
 * A folder of 5,000 small files added at once: every file ends indexed, the list draws
 * a page of rows at a time, and the tab keeps answering searches while the queue runs.
 * `MANY_FILES=N` runs it with another count.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, generated, searchFor, test as base } from './support';

const COUNT = Number(process.env.MANY_FILES ?? 5000);
/** Rows the library list draws at a time (DocumentList.svelte). */
const PAGE = 100;

/**
 * The browser keeps the library on disk, as a person's does. Playwright's own contexts are off the
 * record, and there Chromium's IndexedDB lives in memory, where each transaction costs the browser
 * process a few milliseconds more the larger the library: 3,000 of these files took 194 s in such a
 * context and 57 s in a profile on disk, at a flat 16–19 ms a file (docs/benchmarks.md, "many-files:
 * the in-memory IndexedDB of an off-the-record context").
 */
const test = base.extend({
  context: async ({ launchOptions, baseURL, serviceWorkers }, use, testInfo) => {
    const profile = testInfo.outputPath('profile');
    rmSync(profile, { recursive: true, force: true });
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  page: async ({ context }, use) => use(context.pages()[0] ?? (await context.newPage())),
});

// Recording a trace (a screencast of every frame, DOM snapshots of thousands of rows) cost more than
// the app itself: with it on, 5,000 files had not finished after 48 minutes, its GPU process busiest.
test.use({ trace: 'off' });
const TRADES = ['baker', 'cooper', 'mason', 'weaver', 'tanner', 'smith', 'potter', 'glazier', 'joiner', 'chandler'];
const TOOLS = ['oven', 'barrel', 'chisel', 'loom', 'hide', 'anvil', 'wheel', 'kiln', 'plane', 'wick'];

/** One short note per file, each different (so none is a duplicate of another). */
function note(i: number): string {
  const trade = TRADES[i % TRADES.length];
  const tool = TOOLS[Math.floor(i / TRADES.length) % TOOLS.length];
  return `Ledger entry ${i}: the ${trade} of lane ${i} repaired a ${tool} and was paid ${i % 97} pennies.\n`;
}

test('a folder of many small files: all are indexed, the list shows them, and search answers meanwhile', async ({
  page,
}) => {
  test.setTimeout(Math.max(300_000, COUNT * 2_000));
  const folder = generated('ledger');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const paths = Array.from({ length: COUNT }, (_, i) => join(folder, `entry-${String(i).padStart(4, '0')}.txt`));
  paths.forEach((path, i) => writeFileSync(path, note(i)));
  // A file with a word no ledger entry has, added first so it is read first.
  const beacon = join(folder, 'aaa-beacon.txt');
  writeFileSync(beacon, 'The harbour beacon burns whale oil on stormy nights.\n');

  await page.goto('/');
  const started = Date.now();
  await page.getByTestId('file-input').setInputFiles([beacon, ...paths]);
  const rows = page.getByTestId('doc-row');
  await expect(page.getByTestId('queue-summary')).toContainText(`of ${(COUNT + 1).toLocaleString('en')} done`);
  // One page of rows is drawn, newest first; the rest are a button (or a scroll) away.
  await expect(rows).toHaveCount(PAGE);
  await expect(page.getByTestId('show-more')).toContainText(`(${(COUNT + 1 - PAGE).toLocaleString('en')} not shown)`);

  // While thousands are still waiting, the tab answers a search. The beacon, read first, is found
  // in the list by its name.
  const filter = page.getByLabel('Filter documents');
  await filter.fill('beacon');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const first = await searchFor(page, 'beacon whale oil');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'aaa-beacon.txt');
  const summary = await page.getByTestId('queue-summary').textContent({ timeout: 5_000 });
  expect(Number(/(\d+) of/.exec(summary ?? '')?.[1])).toBeLessThan(COUNT / 2);
  await filter.fill('');

  // The queue runs out (its bar goes away), no file failed, and the library counts every one.
  await expect(page.getByTestId('queue-progress')).toHaveCount(0, { timeout: COUNT * 1_800 });
  console.log(`${COUNT + 1} files read in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // Files that did not end stored stay on top of the list, with their message. The last files' rows
  // may still show their last progress for a moment after the bar has gone (seen once at 5,000
  // files: four rows at "Embedding 0 of 3"), until the library's list has their documents.
  const failed = page.locator('[data-testid="doc-row"]:not([data-status="ready"])');
  await expect
    .poll(() => failed.evaluateAll((rows) => rows.map((row) => row.textContent?.trim())), { timeout: 30_000 })
    .toEqual([]);
  await expect(page.locator('#library-heading .count')).toHaveText(String(COUNT + 1));
  await expect(rows).toHaveCount(PAGE);
  await expect(page.locator('[data-testid="doc-row"][data-status="ready"]')).toHaveCount(PAGE);

  // The button draws the next page, and so does scrolling to the end of the list. (The button is
  // pressed where it is, off screen: a click that first scrolled it into view would do both.)
  await page.getByTestId('show-more').dispatchEvent('click');
  await expect(rows).toHaveCount(2 * PAGE);
  await page.getByTestId('show-more').scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(3 * PAGE);

  const last = await searchFor(page, `ledger entry ${COUNT - 1} lane ${COUNT - 1}`);
  await expect(last.getByTestId('result-doc')).toHaveAttribute(
    'data-name',
    `entry-${String(COUNT - 1).padStart(4, '0')}.txt`,
  );
});
