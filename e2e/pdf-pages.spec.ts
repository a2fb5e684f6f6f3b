/**
 * A long PDF is read two pages at a time (workers/parse/page-loops.ts), so a page waiting for OCR
 * does not hold up the next: every page's text is still found, on its own page, and nothing is
 * read twice or lost. And the reader gets ready while files are on their way (the picker open, files
 * dragged over the page).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support';

const ANIMALS = ['otter', 'heron', 'badger', 'marten', 'lynx', 'beaver', 'plover', 'stoat', 'osprey', 'vole'];

/** A page's sentences: a passage or two of its own. */
const pageText = (animal: string, n: number) =>
  [
    `At station ${n} the ranger counts every ${animal} seen along the river before the gate opens.`,
    `The count goes into the logbook kept in the hut, with the weather and the height of the water.`,
    `A ${animal} seen twice in one morning is written down once, with a note of where it was seen.`,
    `Visitors who report a ${animal} near station ${n} are asked for the time and the place.`,
    `In winter the walk to station ${n} takes longer, so the count starts an hour later.`,
    `The logbook of station ${n} goes back to the office at the end of every month.`,
  ].join(' ');

/** One station a page, each with its own animal: a search for the animal finds that page alone. */
const stations = `<style>section { break-after: page; font: 11pt serif; }</style>${ANIMALS.map(
  (animal, i) => `<section><h2>Station ${i + 1}</h2><p>${pageText(animal, i + 1)}</p></section>`,
).join('')}`;

/** The stations printed to a PDF by Chromium. */
async function printStations(browser: Browser): Promise<Buffer> {
  const printer = await browser.newPage();
  await printer.setContent(stations);
  const pdf = await printer.pdf({ format: 'A5' });
  await printer.close();
  return Buffer.from(pdf);
}

test('a long PDF keeps every page, each on its own page', async ({ page, browser }) => {
  const pdf = await printStations(browser);
  await page.goto('/');
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'stations.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(page.locator('[data-testid="doc-row"][data-name="stations.pdf"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );

  for (const at of [1, 2, 7, 10]) {
    await page.getByTestId('search-input').fill(`${ANIMALS[at - 1]} station ${at}`);
    const passage = page.getByTestId('result').first().getByTestId('result-proposition').first();
    // Each animal is named on its own page alone.
    await expect(passage).toContainText(ANIMALS[at - 1]!);
    // The passage is on its station's page (it may run over from the page before or on to the next).
    const pages = (await passage.getByTestId('result-proposition-pages').textContent())!.match(/\d+/g)!.map(Number);
    expect(Math.min(...pages), `pages ${pages.join('–')} of station ${at}`).toBeGreaterThanOrEqual(at - 1);
    expect(Math.max(...pages), `pages ${pages.join('–')} of station ${at}`).toBeLessThanOrEqual(at + 1);
    expect(pages).toContain(at);
  }
});

/**
 * Opens the app and watches for the file reader: `ready()` waits until a reader worker has started
 * and fetched pdf.js's parser (which it loads with its first PDF, or when files are on their way).
 */
async function watchReader(page: Page) {
  await page.goto('/');
  const fetched: string[] = [];
  page.context().on('request', (request) => fetched.push(request.url()));
  const started = page.waitForEvent('worker', {
    predicate: (worker) => worker.url().includes('reader.worker'),
    timeout: 30_000,
  });
  return {
    async ready() {
      await started;
      await expect.poll(() => fetched.some((url) => /\/assets\/pdf\.worker\.min-[^/]*\.m?js$/.test(url))).toBe(true);
    },
  };
}

test('while the picker is open the reader gets ready: pdf.js is loaded before a file is chosen', async ({
  page,
  browser,
}) => {
  const pdf = await printStations(browser);
  const reader = await watchReader(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files', exact: true }).click();
  // No file chosen yet: the reader has started, and fetched the PDF parser meanwhile.
  await reader.ready();

  await (await chooser).setFiles([{ name: 'stations.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(page.locator('[data-testid="doc-row"][data-name="stations.pdf"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
});

test('files dragged over the page get the reader ready before they are dropped', async ({ page }) => {
  const reader = await watchReader(page);
  const dragged = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: dragged });
  await reader.ready();
  // Nothing was dropped: nothing is read.
  await expect(page.getByTestId('doc-row')).toHaveCount(0);
});
