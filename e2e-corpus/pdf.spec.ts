/** Golden facts about the PDFs of ../shared/eval/docs/pdf, read by the app's ingest worker (pdf.js inside it). */
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
    const hit = propositions(doc).find((p) => p.text.includes('read.table() can then be used to read the data frame directly'));
    expect(hit?.pages).toContain(39);
    expect(hit?.headingPath.at(-1)).toBe('7.1 The read.table() function');
  });

  test('drops running headers ("Chapter 7: Reading data from files 34") from the text', () => {
    const header = /^(Chapter \d+|Appendix [A-Z]): .+ \d+$/;
    const leaks = propositions(doc).flatMap((p) => p.text.split('\n').filter((line) => header.test(line.trim())));
    expect(leaks).toEqual([]);
  });
});

test.describe('PDFs Carrel cannot read without help', () => {
  const userPassword = 'pdf/encrypted/skew-encrypted-rc4-userpw-password.pdf';

  test('asks for the password of a user-password PDF, refuses a wrong one, opens with the right one', async ({ harness }) => {
    expect(await chunk(harness, userPassword)).toMatchObject({ error: { code: 'PDF_PASSWORD' } });
    expect(await chunk(harness, userPassword, 'wrong')).toMatchObject({ error: { code: 'PDF_BAD_PASSWORD' } });
    // Opened, its only page turns out to be an image: no text layer, which is the next thing to say.
    expect(await chunk(harness, userPassword, 'password')).toMatchObject({ error: { code: 'PDF_NO_TEXT' } });
  });

  test('opens an owner-password-only PDF without asking (its page is an image)', async ({ harness }) => {
    expect(await chunk(harness, 'pdf/encrypted/encrypted_algo4-aes128-ownerpw-only.pdf')).toMatchObject({ error: { code: 'PDF_NO_TEXT' } });
  });

  for (const name of ['huckfinn-p22-scan.pdf', 'ocrmypdf-multipage-images.pdf', 'wikipedia-ocr-article-epson-scan.pdf']) {
    test(`says the scanned ${name} has no text layer`, async ({ harness }) => {
      const result = await chunk(harness, `pdf/scanned/${name}`);
      expect(result).toMatchObject({ error: { code: 'PDF_NO_TEXT' } });
      expect('error' in result && result.error.message).toMatch(/no text layer/);
    });
  }
});

test('NIST SP 800-61: headings from font sizes, dashes and bullets stay list items, a known sentence on its page', async ({ harness }) => {
  const doc = await chunkOk(harness, 'pdf/NIST.SP.800-61r2.pdf');
  const headings = new Set(doc.sections.flatMap((s) => s.headingPath));
  expect([...headings].filter((h) => /^[–•-]\s/.test(h))).toEqual([]);
  expect(headings).toContain('3. Handling an Incident');
  const hit = propositions(doc).find((p) => p.text.includes('Preventing problems is often less costly and more effective than reacting to them'));
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
