/** Golden facts about the PDFs of ../shared/eval/docs/pdf, read by the app's file reader (pdf.js inside it). */
import { chunk, chunkOk, expect, expectSizesWithinBounds, propositions, test } from './harness';
import type { ChunkReport } from '../scripts/harness/chunk-file';

test.describe('R-intro.pdf (113 pages, pdfTeX, bookmarks)', () => {
  let doc: ChunkReport;
  test.beforeAll(async ({ harness }) => {
    doc = await chunkOk(harness, 'pdf/R-intro.pdf');
  });

  test('keeps every page, the title and the outline as heading paths', () => {
    expect(doc.pageCount).toBeGreaterThan(100);
    expect(doc.title).toBe('An Introduction to R');
    const paths = doc.sections.map((s) => s.headingPath.join(' › '));
    expect(paths).toContain('An Introduction to R › 7 Reading data from files › 7.1 The read.table() function');
  });

  test('gives the physical page of a known sentence', () => {
    const hit = propositions(doc).find((p) =>
      p.text.includes('read.table() can then be used to read the data frame directly'),
    );
    expect(hit?.pages).toContain(39);
    expect(hit?.headingPath.at(-1)).toBe('7.1 The read.table() function');
  });

  test('drops running headers ("Chapter 7: Reading data from files 34") from the text', () => {
    const header = /^(Chapter \d+|Appendix [A-Z]): .+ \d+$/;
    const leaks = propositions(doc).flatMap((p) => p.text.split('\n').filter((line) => header.test(line.trim())));
    expect(leaks).toEqual([]);
  });
});

test.describe('Encrypted and scanned PDFs', () => {
  const userPassword = 'pdf/encrypted/skew-encrypted-rc4-userpw-password.pdf';

  test('asks for the password of a user-password PDF, refuses a wrong one, opens with the right one and reads its scan', async ({
    harness,
  }) => {
    // A copy another spec stored would be taken as already in the library, password or not: start empty.
    await harness.evaluate(() => window.carrel.reset());
    expect(await chunk(harness, userPassword)).toMatchObject({ error: { code: 'PDF_PASSWORD' } });
    expect(await chunk(harness, userPassword, 'wrong')).toMatchObject({ error: { code: 'PDF_BAD_PASSWORD' } });
    // Opened, its only page turns out to be an image, which OCR reads.
    const doc = await chunkOk(harness, userPassword, 'password');
    expect(doc.ocr?.pages).toEqual([1]);
    expect(propositions(doc).some((p) => p.text.includes('the throne of England'))).toBe(true);
  });

  test('opens an owner-password-only PDF without asking and reads its scanned page by OCR', async ({ harness }) => {
    const doc = await chunkOk(harness, 'pdf/encrypted/encrypted_algo4-aes128-ownerpw-only.pdf');
    expect(doc.ocr?.pages).toEqual([1]);
    expect(propositions(doc).some((p) => p.text.includes('consular courts of the United States in Japan'))).toBe(true);
  });

  // Each scan with a sentence from its page image, as OCR must read it.
  // The multipage file is mixed: its page 4 has a real text layer (and no image), which is kept.
  const scans: [string, number[], string][] = [
    ['huckfinn-p22-scan.pdf', [1], 'We scrouched down and laid still'],
    ['ocrmypdf-multipage-images.pdf', [1, 2, 3, 5, 6], 'the throne of England'],
    ['wikipedia-ocr-article-epson-scan.pdf', [1], 'Optical character recognition'],
  ];
  for (const [name, pages, sentence] of scans) {
    test(`reads the scanned ${name} by OCR, page by page, with its confidence`, async ({ harness }) => {
      const doc = await chunkOk(harness, `pdf/scanned/${name}`);
      expect(doc.ocr?.pages).toEqual(pages);
      expect(doc.ocr?.failedPages).toEqual([]);
      expect(doc.ocr?.confidence).toBeGreaterThan(60);
      expect(propositions(doc).some((p) => p.text.includes(sentence))).toBe(true);
    });
  }
});

test('NIST SP 800-61: headings from font sizes, dashes and bullets stay list items, a known sentence on its page', async ({
  harness,
}) => {
  const doc = await chunkOk(harness, 'pdf/NIST.SP.800-61r2.pdf');
  const headings = new Set(doc.sections.flatMap((s) => s.headingPath));
  expect([...headings].filter((h) => /^[–•-]\s/.test(h))).toEqual([]);
  expect(headings).toContain('3. Handling an Incident');
  const hit = propositions(doc).find((p) =>
    p.text.includes('Preventing problems is often less costly and more effective than reacting to them'),
  );
  expect(hit?.headingPath.at(-1)).toBe('Executive Summary');
  expect(hit?.pages).toEqual([11]);
});

test('ACM two-column paper: numbered section headings in reading order, sizes within bounds', async ({ harness }) => {
  const doc = await chunkOk(harness, 'pdf/acmart-sample-sigconf-2col.pdf');
  expect(doc.title).toBe('The Name of the Title Is Hope');
  const order = doc.sections.map((s) => s.headingPath.at(-1));
  expect(order.indexOf('1 INTRODUCTION')).toBeLessThan(order.indexOf('2 TEMPLATE OVERVIEW'));
  expect(order.indexOf('2 TEMPLATE OVERVIEW')).toBeLessThan(order.indexOf('14 ACKNOWLEDGMENTS'));
  expectSizesWithinBounds(doc);
});
