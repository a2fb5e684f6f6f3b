/** Scanned pages through the file input: read by OCR (tesseract.js from our own origin), found in other words, boxed on the scan. */
import type { Page } from '@playwright/test';
import { grayTiff, scannedPdf, type GrayPage, type ScanPage } from '../scripts/lib/scan-fixture';
import { HUB_ORIGIN, startLanguageHub, useStandInHub } from './stand-in-hub';
import { expect, searchFor, test } from './support';

const DPI = 200;
const body = 26;
const FERRY_NOTES = [
  { text: 'Harbour Ferry Notes', px: 52 },
  { text: 'The ferry from the north pier leaves every twenty minutes and stops', px: body, gap: true },
  { text: 'beside the office building. New colleagues often ask about the ferry;', px: body },
  { text: 'the office manager keeps this page current and answers anything it', px: body },
  { text: 'leaves out, usually the same day, by mail or in person at the desk.', px: body },
  { text: 'Tickets are sold on board and the monthly pass is paid by the office.', px: body },
  { text: 'Bicycles are parked in the yard behind the building, never in the', px: body, gap: true },
  { text: 'corridors or on the stairs. Lock the front wheel to the rail; the yard', px: body },
  { text: 'gate is closed at eight in the evening and opened at six. A pump and', px: body },
  { text: 'a few tools hang by the gate for anyone whose tyre goes flat on the', px: body },
  { text: 'way in; put them back when you are done so the next person finds them.', px: body },
];

/** A page "scanned" at 200 dpi: the lines drawn in a serif font on white, as a JPEG (or `type`); `gap` opens a new paragraph. */
async function scan(
  page: Page,
  lines: { text: string; px: number; gap?: boolean }[],
  type = 'image/jpeg',
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const width = 1100;
  const height = 160 + lines.length * 70;
  const base64 = await page.evaluate(
    ({ lines, width, height, type }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#111';
      let y = 90;
      for (const line of lines) {
        if (line.gap) y += line.px;
        g.font = `${line.px}px serif`;
        g.fillText(line.text, 80, y);
        y += line.px * 1.3;
      }
      return canvas.toDataURL(type, 0.9).split(',')[1]!;
    },
    { lines, width, height, type },
  );
  return { bytes: new Uint8Array(Buffer.from(base64, 'base64')), width, height };
}

/** The same page as grayscale pixels (one byte each), for a TIFF. */
async function grayScan(page: Page, lines: { text: string; px: number; gap?: boolean }[]): Promise<GrayPage> {
  const { bytes, width, height } = await scan(page, lines, 'image/png');
  const gray = await page.evaluate(
    async ({ png, width, height }) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d')!;
      g.drawImage(bitmap, 0, 0);
      const rgba = g.getImageData(0, 0, width, height).data;
      return Array.from({ length: width * height }, (_, i) => rgba[i * 4]!);
    },
    { png: Array.from(bytes), width, height },
  );
  return { gray: new Uint8Array(gray), width, height };
}

test(
  'a scanned PDF added while offline is read by OCR, found in other words, and the viewer boxes the passage on the scan',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.goto('/');
    // OCR's files (tesseract's worker, core and English model) are precached with the app: once it
    // says it is ready offline, a scan added without network is still read.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    const notes = await scan(page, FERRY_NOTES);
    const pdf = scannedPdf([{ jpeg: notes.bytes, width: notes.width, height: notes.height, dpi: DPI }]);
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: 'ferry-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) }]);
    const row = page.locator('[data-testid="doc-row"][data-name="ferry-scan.pdf"]');
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
    await expect(row).toContainText(/read by OCR, \d+% sure/);

    const first = await searchFor(page, 'where should I leave my bike');
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'ferry-scan.pdf');
    await expect(first.getByTestId('result-ocr')).toContainText(/read by OCR/);
    const passage = first.getByTestId('result-proposition').filter({ hasText: 'Bicycles are parked' });
    await passage.first().click();
    const viewer = page.getByTestId('viewer');
    await expect(viewer.getByTestId('viewer-page')).toHaveAttribute('data-page', '1');
    // The box is drawn over the words on the scan (the page has no text layer of its own), and its
    // text keeps them apart, as a reader copies them.
    await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
    await expect(viewer.getByTestId('viewer-highlight')).toContainText('Bicycles are parked');
    await context.setOffline(false);
  },
);

test('a PDF of blank scanned pages says OCR found no text, and the rest of the queue is read', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const { bytes, width, height } = await scan(page, []);
  const blank: ScanPage = { jpeg: bytes, width, height, dpi: DPI };
  await page.getByTestId('file-input').setInputFiles([
    { name: 'blank-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(scannedPdf([blank])) },
    {
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Notes\n\nThe lighthouse keeper rings the bell at noon every day of the year.\n'),
    },
  ]);
  const row = page.locator('[data-testid="doc-row"][data-name="blank-scan.pdf"]');
  await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 90_000 });
  await expect(row.getByTestId('error')).toContainText('OCR found no text');
  await expect(page.locator('[data-testid="doc-row"][data-name="notes.md"]')).toHaveAttribute('data-status', 'ready');
});

test('a photo of a page (PNG) is read by OCR as a one-page document and shown with the passage boxed; a 20,000 × 20,000 image is refused by its header', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const photo = await scan(page, FERRY_NOTES, 'image/png');
  // Only the header of the huge image exists: its size is read before anything is decoded.
  const huge = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(huge);
  huge.writeUInt32BE(20_000, 16);
  huge.writeUInt32BE(20_000, 20);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'huge.png', mimeType: 'image/png', buffer: huge },
    { name: 'ferry-photo.png', mimeType: 'image/png', buffer: Buffer.from(photo.bytes) },
  ]);
  const hugeRow = page.locator('[data-testid="doc-row"][data-name="huge.png"]');
  await expect(hugeRow).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(hugeRow.getByTestId('error')).toContainText('20,000 × 20,000 pixels');
  const row = page.locator('[data-testid="doc-row"][data-name="ferry-photo.png"]');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(row).toContainText(/Image · .*read by OCR, \d+% sure/);

  const first = await searchFor(page, 'how often does the boat to the north pier go');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'ferry-photo.png');
  const passage = first.getByTestId('result-proposition').filter({ hasText: 'every twenty minutes' });
  await passage.first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('img', { name: /ferry-photo\.png/ })).toBeVisible();
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('twenty');
});

const STRASSENBAHN = [
  { text: 'Anreise zum Hafenbüro', px: 52 },
  { text: 'Die Straßenbahn fährt alle zwölf Minuten über die große Brücke', px: body, gap: true },
  { text: 'und hält direkt vor dem Büro. Neue Kolleginnen und Kollegen fragen', px: body },
  { text: 'oft nach der Fähre; die Bürovorsteherin hält diese Seite aktuell und', px: body },
  { text: 'beantwortet gern alles Übrige, meist noch am selben Tag.', px: body },
];

const FAEHRE = [
  { text: 'Die Fähre zur Insel', px: 52 },
  { text: 'Die Fähre legt stündlich am Südkai ab und braucht für die Überfahrt', px: body, gap: true },
  { text: 'ungefähr fünfundzwanzig Minuten. Fahrräder dürfen kostenlos mit, und', px: body },
  { text: 'für größere Gruppen gibt es Ermäßigungen an der Kasse im Hafenbüro.', px: body },
];

test.describe('with the stand-in hub', () => {
  test.use({ allowedOrigins: [HUB_ORIGIN] });

  test(
    'a German scan is read in German once Settings › OCR language has downloaded the model, kept for offline use, and later German scans follow their language',
    { tag: '@service-worker' },
    async ({ page, context }) => {
      test.setTimeout(240_000);
      const hub = await startLanguageHub();
      try {
        await page.goto('/');
        await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
        await useStandInHub(page, hub);
        await page.getByTestId('ocr-language').selectOption('deu');
        await expect(page.getByTestId('ocr-language-source')).toHaveAttribute('data-source', 'missing');
        await page.getByTestId('ocr-language-use').click();
        await expect(page.getByTestId('ocr-language-message')).toContainText('now read in German');
        await expect(page.getByTestId('ocr-language-current')).toHaveText('German');
        await expect(page.getByTestId('ocr-language-source')).toHaveAttribute('data-source', 'downloaded');
        expect(hub.served()).toBeGreaterThan(1_000_000);

        // Offline, after a reload: the choice is kept and the model comes from the browser's cache.
        await context.setOffline(true);
        await page.reload();
        const letter = await scan(page, STRASSENBAHN);
        const pdf = scannedPdf([{ jpeg: letter.bytes, width: letter.width, height: letter.height, dpi: DPI }]);
        await page
          .getByTestId('file-input')
          .setInputFiles([{ name: 'anreise.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) }]);
        const row = page.locator('[data-testid="doc-row"][data-name="anreise.pdf"]');
        await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
        const first = await searchFor(page, 'Straßenbahn Brücke');
        // German's letters (ß, ä, ö, ü) are read as such, which the English model does not do.
        await expect(
          first
            .getByTestId('result-proposition')
            .filter({ hasText: 'Die Straßenbahn fährt alle zwölf Minuten über die große Brücke' }),
        ).toHaveCount(1);

        // Back to English in Settings: a German scan is still read in German, its language told
        // from its first page, since the German model is on this device.
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByTestId('ocr-language').selectOption('eng');
        await page.getByTestId('ocr-language-use').click();
        await expect(page.getByTestId('ocr-language-current')).toHaveText('English');
        await page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
        const ferry = await scan(page, FAEHRE);
        await page.getByTestId('file-input').setInputFiles([
          {
            name: 'faehre.pdf',
            mimeType: 'application/pdf',
            buffer: Buffer.from(
              scannedPdf([{ jpeg: ferry.bytes, width: ferry.width, height: ferry.height, dpi: DPI }]),
            ),
          },
        ]);
        const ferryRow = page.locator('[data-testid="doc-row"][data-name="faehre.pdf"]');
        await expect(ferryRow).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
        await expect(ferryRow).toHaveAttribute('data-lang', 'de');
        const crossing = await searchFor(page, 'Überfahrt Fähre Südkai');
        await expect(
          crossing
            .getByTestId('result-proposition')
            .filter({ hasText: 'Die Fähre legt stündlich am Südkai ab und braucht für die Überfahrt' }),
        ).toHaveCount(1);
      } finally {
        await context.setOffline(false);
        await hub.close();
      }
    },
  );
});

test('a scan waiting for an OCR language that is not on the device fails on its row with what to do', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('carrel-ocr-language', 'fra'));
  await page.reload();
  const { bytes, width, height } = await scan(page, FERRY_NOTES.slice(0, 3));
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'lettre.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(scannedPdf([{ jpeg: bytes, width, height, dpi: DPI }])),
    },
  ]);
  const row = page.locator('[data-testid="doc-row"][data-name="lettre.pdf"]');
  await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(row.getByTestId('error')).toContainText('read in French, whose OCR model is not on this device');
  await expect(row.getByTestId('error')).toContainText('Settings › OCR language');
});

test('a two-page TIFF is read page by page; a passage on page 2 is found and boxed on that page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const pages = [
    await grayScan(page, FERRY_NOTES.slice(0, 6)),
    await grayScan(page, [{ text: 'Harbour Bicycle Notes', px: 52 }, ...FERRY_NOTES.slice(6)]),
  ];
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'ferry-fax.tiff', mimeType: 'image/tiff', buffer: Buffer.from(await grayTiff(pages)) }]);
  const row = page.locator('[data-testid="doc-row"][data-name="ferry-fax.tiff"]');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(row).toContainText(/Image · 2 pages · read by OCR, \d+% sure/);

  const first = await searchFor(page, 'where are bicycles parked');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'ferry-fax.tiff');
  await first.getByTestId('result-proposition').filter({ hasText: 'Bicycles are parked' }).first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-page')).toHaveAttribute('data-page', '2');
  await expect(viewer.getByRole('img', { name: /ferry-fax\.tiff/ })).toBeVisible();
  await expect(viewer.getByTestId('viewer-highlight').first()).toBeVisible();
});

test('a scanned PDF paused while its pages are being read waits, and resumed, is read to the end with all its pages', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/');
  const pages = await Promise.all(
    [FERRY_NOTES.slice(0, 6), FERRY_NOTES.slice(6), FERRY_NOTES.slice(2, 8)].map((lines) => scan(page, lines)),
  );
  const pdf = scannedPdf(pages.map(({ bytes, width, height }) => ({ jpeg: bytes, width, height, dpi: DPI })));
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'three-scans.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) }]);
  const row = page.locator('[data-testid="doc-row"][data-name="three-scans.pdf"]');
  // Paused while the first or second page is being read (under load a page can pass between two looks).
  await expect(row.getByTestId('doc-stage')).toContainText(/Reading scanned page [12] of 3 \(OCR\)/, {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Pause all' }).click();
  await expect(row).toHaveAttribute('data-status', 'queued');
  await expect(row.getByTestId('doc-stage')).toHaveText('Paused');
  await page.getByRole('button', { name: 'Resume all' }).click();
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(row).toContainText(/3 pages · read by OCR/);
});
