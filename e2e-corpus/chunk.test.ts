/**
 * Golden facts about what Carrel makes of the real documents in ../shared/eval/docs, through the
 * real parsers and chunker in Chromium (the harness behind `npm run chunk`).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module shared with the CLI scripts
import { openHarness } from '../scripts/lib/harness.mjs';

const DOCS = '../shared/eval/docs/';

interface Chunked {
  title: string;
  pageCount: number | null;
  error?: { code: string; message: string };
  sections: { headingPath: string[]; tokens: number; pages: number[]; text: string; propositions: { text: string; tokens: number; pages: number[] }[] }[];
}

let harness: { page: import('@playwright/test').Page; close(): Promise<void> };
beforeAll(async () => {
  harness = await openHarness({ log: () => {} });
});
afterAll(() => harness?.close());

function chunk(path: string, password?: string): Promise<Chunked> {
  const name = path.split('/').pop()!;
  return harness.page.evaluate(([b64, n, p]) => (window as unknown as { carrel: { chunkFile(...a: unknown[]): Promise<Chunked> } }).carrel.chunkFile(b64, n, p), [readFileSync(DOCS + path).toString('base64'), name, password] as const);
}

const propositions = (doc: Chunked) => doc.sections.flatMap((s) => s.propositions.map((p) => ({ ...p, headingPath: s.headingPath })));
const share = (values: number[], min: number, max: number) => values.filter((v) => v >= min && v <= max).length / values.length;

describe('R-intro.pdf (113 pages, outline)', () => {
  let doc: Chunked;
  beforeAll(async () => (doc = await chunk('pdf/R-intro.pdf')));

  it('keeps every page and the outline as heading paths', () => {
    expect(doc.pageCount).toBe(113);
    expect(doc.title).toBe('An Introduction to R');
    expect(doc.sections.some((s) => s.headingPath.join(' › ') === 'An Introduction to R › 7 Reading data from files › 7.1 The read.table() function')).toBe(true);
  });

  it('gives the physical pages of a known sentence', () => {
    const p = propositions(doc).find((x) => x.text.includes('read.table() can then be used to read the data frame directly'))!;
    expect(p.pages).toContain(39);
  });

  it('drops running headers and page numbers', () => {
    const leaks = propositions(doc).filter((p) => /^Chapter \d+: [A-Z]/.test(p.text) || /\bChapter \d+: [A-Z][a-z]+ [a-z]+ [a-z]+ \d+\b/.test(p.text));
    expect(leaks).toEqual([]);
  });
});

describe('text documents', () => {
  it('rfc2616.txt: numbered headings, no page furniture, sizes within bounds', async () => {
    const doc = await chunk('text/rfc2616.txt');
    expect(doc.title).toBe('Hypertext Transfer Protocol -- HTTP/1.1');
    expect(doc.sections.some((s) => s.headingPath.some((h) => h === '14.9 Cache-Control'))).toBe(true);
    expect(propositions(doc).some((p) => /\[Page \d+\]|RFC 2616\s+HTTP\/1\.1\s+June 1999/.test(p.text))).toBe(false);
    expect(share(doc.sections.map((s) => s.tokens), 150, 500)).toBeGreaterThanOrEqual(0.9);
    expect(share(propositions(doc).map((p) => p.tokens), 30, 200)).toBeGreaterThanOrEqual(0.9);
  });

  it('pride-and-prejudice.txt: sizes within bounds', async () => {
    const doc = await chunk('text/pride-and-prejudice-gutenberg-1342.txt');
    expect(share(doc.sections.map((s) => s.tokens), 150, 500)).toBeGreaterThanOrEqual(0.9);
    expect(share(propositions(doc).map((p) => p.tokens), 30, 200)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('Markdown and HTML', () => {
  it('google-pyguide.md: a code block stays whole inside one proposition', async () => {
    const doc = await chunk('markdown/google-pyguide.md');
    const source = readFileSync(DOCS + 'markdown/google-pyguide.md', 'utf8');
    const fence = source.indexOf('```python');
    const code = source.slice(fence, source.indexOf('```', fence + 9) + 3);
    expect(propositions(doc).filter((p) => p.text.includes(code))).toHaveLength(1);
    expect(share(doc.sections.map((s) => s.tokens), 150, 500)).toBeGreaterThanOrEqual(0.9);
  });

  it('postgresql SELECT page: title, headings, no navigation text', async () => {
    const doc = await chunk('html/postgresql15-sql-select.html');
    expect(propositions(doc).some((p) => p.headingPath.includes('Description'))).toBe(true);
    expect(propositions(doc).some((p) => /^Prev\b.*\bNext$/.test(p.text))).toBe(false);
    expect(share(doc.sections.map((s) => s.tokens), 150, 500)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('PDFs Carrel cannot read without help', () => {
  it('asks for the password of a user-password PDF, then opens it', async () => {
    expect((await chunk('pdf/encrypted/skew-encrypted-rc4-userpw-password.pdf')).error?.code).toBe('PDF_PASSWORD');
    expect((await chunk('pdf/encrypted/skew-encrypted-rc4-userpw-password.pdf', 'wrong')).error?.code).toBe('PDF_BAD_PASSWORD');
    // The right password opens it; the page is an image, so it then says there is no text layer.
    expect((await chunk('pdf/encrypted/skew-encrypted-rc4-userpw-password.pdf', 'password')).error?.code).toBe('PDF_NO_TEXT');
  });

  it('opens an owner-password-only PDF without asking', async () => {
    expect((await chunk('pdf/encrypted/encrypted_algo4-aes128-ownerpw-only.pdf')).error?.code).not.toMatch(/PASSWORD/);
  });

  it.each(['huckfinn-p22-scan.pdf', 'ocrmypdf-multipage-images.pdf', 'wikipedia-ocr-article-epson-scan.pdf'])('says %s has no text layer', async (name) => {
    const result = await chunk(`pdf/scanned/${name}`);
    expect(result.error?.code).toBe('PDF_NO_TEXT');
    expect(result.error?.message).toMatch(/scan/);
  });
});
