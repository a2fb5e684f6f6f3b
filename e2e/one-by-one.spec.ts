/**
 * Files added one at a time, the commonest way people add them: each as soon as the one before it
 * is ready or once the queue has gone quiet, and each while the one before it is still being read,
 * embedded or saved. Every file must become ready, and none may sit at "Waiting" while nothing else
 * runs. (The soak of 200 files with random pauses is e2e/one-by-one.stress.ts.)
 */
import type { BrowserContext, Page } from '@playwright/test';
import { scannedPdf } from '../scripts/lib/scan-fixture';
import { bigMarkdown, expect, test } from './support';

interface Made {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A manual-like HTML page: chapters with headings and paragraphs of distinct sentences. */
function manualHtml(topic: string, chapters: number): string {
  const parts = [`<h1>${topic} handbook</h1>`];
  for (let c = 1; c <= chapters; c++) {
    parts.push(`<h2>${c} ${topic} chapter ${c}</h2>`);
    for (let p = 0; p < 4; p++) {
      parts.push(
        `<p>${Array.from({ length: 5 }, (_, s) => `Step ${c}.${p}.${s} of the ${topic} procedure checks the ${topic} settings before moving on.`).join(' ')}</p>`,
      );
    }
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>${topic} handbook</title></head><body>${parts.join('\n')}</body></html>`;
}

/** A PDF printed by Chromium from `html` (text layer, outline). */
async function printPdf(context: BrowserContext, html: string): Promise<Buffer> {
  const printer = await context.newPage();
  await printer.setContent(html);
  const pdf = await printer.pdf({ format: 'A4', outline: true, tagged: true });
  await printer.close();
  return pdf;
}

/** A one-page "scan": lines of text drawn on a canvas, as a JPEG inside an image-only PDF. */
async function scannedPage(page: Page, lines: string[]): Promise<Buffer> {
  const { base64, width, height } = await page.evaluate((lines) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1100;
    canvas.height = 200 + lines.length * 60;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#111';
    g.font = '30px serif';
    lines.forEach((line, i) => g.fillText(line, 80, 100 + i * 60));
    return { base64: canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!, width: canvas.width, height: canvas.height };
  }, lines);
  return Buffer.from(scannedPdf([{ jpeg: new Uint8Array(Buffer.from(base64, 'base64')), width, height, dpi: 200 }]));
}

/** Twelve files of the kinds people add: PDFs (one scanned), Markdown, HTML and text. */
async function twelveFiles(page: Page, context: BrowserContext): Promise<Made[]> {
  const topics = ['Boiler', 'Bicycle', 'Garden', 'Camera', 'Kayak', 'Piano'];
  const pdfs = await Promise.all(
    topics.slice(0, 4).map(async (topic, i) => ({
      name: `${topic.toLowerCase()}-manual.pdf`,
      mimeType: 'application/pdf',
      buffer: await printPdf(context, manualHtml(topic, 12 + i * 6)),
    })),
  );
  const scan = {
    name: 'warranty-scan.pdf',
    mimeType: 'application/pdf',
    buffer: await scannedPage(page, [
      'Warranty card',
      'The warranty covers the pump for two years.',
      'Keep the receipt with this card.',
    ]),
  };
  const md = (name: string, chapters: number) => ({
    name,
    mimeType: 'text/markdown',
    buffer: Buffer.from(bigMarkdown(chapters)),
  });
  const html = (topic: string) => ({
    name: `${topic.toLowerCase()}-guide.html`,
    mimeType: 'text/html',
    buffer: Buffer.from(manualHtml(topic, 4)),
  });
  const text = (name: string, line: string) => ({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(Array.from({ length: 40 }, (_, i) => `${line} ${i}.`).join('\n')),
  });
  return [
    pdfs[0]!,
    md('notes-one.md', 30),
    pdfs[1]!,
    scan,
    html(topics[4]!),
    text('shopping.txt', 'Buy flour, eggs and a lemon for the cake'),
    pdfs[2]!,
    md('notes-two.md', 60),
    html(topics[5]!),
    pdfs[3]!,
    text('phone-numbers.txt', 'The plumber answers on weekdays before noon'),
    md('notes-three.md', 20),
  ];
}

const row = (page: Page, name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);

test.describe.configure({ timeout: 600_000 });

test('twelve files added one by one, each after the one before is ready, all become ready', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const files = await twelveFiles(page, context);
  for (const [i, file] of files.entries()) {
    await page.getByTestId('file-input').setInputFiles([file]);
    // Nothing else runs: the file starts at once (well within a second on an idle machine).
    await expect(row(page, file.name)).not.toHaveAttribute('data-status', 'queued', { timeout: 10_000 });
    await expect(row(page, file.name)).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
    // Every other file comes once the queue has gone quiet; the rest the moment the one before is ready.
    if (i % 2 === 1) await expect(page.getByTestId('queue-progress')).toHaveCount(0);
  }
  await expect(page.locator('[data-testid="doc-row"][data-status="ready"]')).toHaveCount(files.length);
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);
});

/**
 * Runs in the page: adds `files` one after another, each at the moment the row of the one before
 * it shows a stage matching its `when` (no polling from the test, which could miss a stage that
 * lasts milliseconds). A stage the file never shows is not waited for: the next file then comes
 * the moment the one before is ready. `window.addedAt` lists the row each file came at.
 *
 * A small file's save takes milliseconds, and its row shows "Saving" only when the save lasts
 * (progress events are paced, common/ingest-progress-pace.ts). So the file before one that comes
 * at "Saving" has its write wait for another writer of the originals' table, as when another tab
 * writes, until its row says Saving; the next file comes then, and the other writer lets go.
 */
function addInTurn(files: { name: string; type: string; bytes: number[]; when: string }[]) {
  const input = document.querySelector<HTMLInputElement>('[data-testid="file-input"]')!;
  const log: string[] = ((window as unknown as { addedAt: string[] }).addedAt = []);
  const add = (file: (typeof files)[number]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const rowOf = (name: string) => {
    const row = document.querySelector(`[data-testid="doc-row"][data-name="${name}"]`);
    return row
      ? `${row.getAttribute('data-status')} ${row.querySelector('[data-testid="doc-stage"]')?.textContent ?? ''}`
      : null;
  };
  /** Holds a write transaction on the originals' table (requests in turn keep it open) until called. */
  const holdOriginals = () => {
    let held = true;
    const open = indexedDB.open('carrel');
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => db.close();
      if (!held) return db.close();
      const store = db.transaction('files', 'readwrite').objectStore('files');
      const spin = () => {
        if (held) store.get('no-such-document').onsuccess = spin;
      };
      spin();
      store.transaction.oncomplete = () => db.close();
    };
    return () => (held = false);
  };
  // The file whose save is to wait, held from the moment the one before it is stored (the engine
  // stores one file at a time) until its own row says Saving.
  let hold: number | undefined;
  let release: (() => void) | undefined;
  let next = 1;
  add(files[0]!);
  const observer = new MutationObserver(() => {
    if (hold !== undefined && !release && (hold === 0 || /^(ready|failed)/.test(rowOf(files[hold - 1]!.name) ?? '')))
      release = holdOriginals();
    const file = files[next]!;
    const seen = rowOf(files[next - 1]!.name);
    if (seen === null || !new RegExp(`${file.when}|^(ready|failed)`).test(seen)) return;
    log.push(seen);
    release?.();
    release = hold = undefined;
    if (files[next + 1]?.when === 'Saving') hold = next;
    add(file);
    if (++next === files.length) observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

test('files added while the one before is still being read, embedded or saved all become ready', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const files = await twelveFiles(page, context);
  // The moments the next file arrives at: reading, finding sections, embedding, saving, just ready.
  const moments = ['^parsing', 'Finding sections', '^embedding Embedding', 'Saving', '^ready'];
  await page.evaluate(
    addInTurn,
    files.map((file, i) => ({
      name: file.name,
      type: file.mimeType,
      bytes: [...file.buffer],
      when: moments[i % moments.length]!,
    })),
  );
  for (const file of files)
    await expect(row(page, file.name)).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  await expect(page.locator('[data-testid="doc-row"][data-status="ready"]')).toHaveCount(files.length);
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);
  // The next files did come while the one before was being read, embedded and saved, and just as it was ready.
  const addedAt = await page.evaluate(() => (window as unknown as { addedAt: string[] }).addedAt);
  for (const moment of [/^parsing/, /^embedding Embedding/, /Saving/, /^ready/])
    expect(
      addedAt.some((seen) => moment.test(seen)),
      `${moment} in ${addedAt.join(' | ')}`,
    ).toBe(true);
});
