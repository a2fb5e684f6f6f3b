/** Golden facts about the text, Markdown and HTML documents of ../shared/eval/docs, and their chunk sizes (DESIGN §4). */
import { readFileSync } from 'node:fs';
import { chunkOk, EVAL_DIR, expect, expectSizesWithinBounds, propositions, test } from './harness';

test('rfc2616.txt: title, numbered headings, no page furniture, sizes within bounds', async ({ harness }) => {
  const doc = await chunkOk(harness, 'text/rfc2616.txt');
  expect(doc.title).toBe('Hypertext Transfer Protocol -- HTTP/1.1');
  expect(doc.sections.some((s) => s.headingPath.includes('14.9 Cache-Control'))).toBe(true);
  const furniture = propositions(doc).filter((p) => /\[Page \d+\]|RFC 2616\s+HTTP\/1\.1\s+June 1999/.test(p.text));
  expect(furniture.map((p) => p.text.slice(0, 80))).toEqual([]);
  expectSizesWithinBounds(doc);
});

test('google-pyguide.md: a fenced code block stays whole in one proposition, sizes within bounds', async ({
  harness,
}) => {
  const doc = await chunkOk(harness, 'markdown/google-pyguide.md');
  const source = readFileSync(`${EVAL_DIR}docs/markdown/google-pyguide.md`, 'utf8');
  const fence = source.indexOf('```python');
  const code = source.slice(source.indexOf('\n', fence) + 1, source.indexOf('```', fence + 9)).trimEnd();
  expect(propositions(doc).filter((p) => p.text.includes(code))).toHaveLength(1);
  expectSizesWithinBounds(doc);
});

test('postgresql15-sql-select.html: headings, no navigation text, sizes within bounds', async ({ harness }) => {
  const doc = await chunkOk(harness, 'html/postgresql15-sql-select.html');
  expect(doc.title).toBe('SELECT');
  expect(propositions(doc).some((p) => p.headingPath.includes('Description'))).toBe(true);
  expect(propositions(doc).filter((p) => /^Prev\b.*\bNext$/m.test(p.text))).toEqual([]);
  expectSizesWithinBounds(doc);
});

test('postgresql15-datatype-json.html: title and sizes within bounds', async ({ harness }) => {
  const doc = await chunkOk(harness, 'html/postgresql15-datatype-json.html');
  expect(doc.title).toBe('8.14. JSON Types');
  expectSizesWithinBounds(doc);
});

// The chunker's bar: at least 90% of sections and of propositions within bounds on every text document.
for (const path of [
  'markdown/google-docguide-style.md',
  'markdown/google-shellguide.md',
  'markdown/nodejs18-api-path.md',
  'html/python311-library-json.html',
  'html/python311-tutorial-classes.html',
  'html/rfc2616-ietf-rfcmarkup.html',
  'html/pride-and-prejudice-gutenberg-1342.htm',
  'text/pride-and-prejudice-gutenberg-1342.txt',
]) {
  test(`${path}: sizes within bounds`, async ({ harness }) => {
    expectSizesWithinBounds(await chunkOk(harness, path));
  });
}

test('Pride and Prejudice: every chapter is a heading', async ({ harness }) => {
  const doc = await chunkOk(harness, 'text/pride-and-prejudice-gutenberg-1342.txt');
  const chapters = new Set(doc.sections.flatMap((s) => s.headingPath).filter((h) => /^CHAPTER [IVXLC]+\.?$/.test(h)));
  expect(chapters.size).toBeGreaterThanOrEqual(55);
});
