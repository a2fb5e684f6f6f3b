/**
 * Office and e-book files made at test time by pandoc from ../shared/eval Markdown documents
 * (nothing from the corpus is copied into the repo): each goes through the real file reader and
 * must keep the source's headings as heading paths and the DESIGN §4 size bounds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChunkReport } from '../scripts/harness/chunk-file';
import { EVAL_DIR, expect, expectSizesWithinBounds, test } from './harness';

const OUT = mkdtempSync(join(tmpdir(), 'carrel-formats-'));

/** pandoc (Debian: apt-get install pandoc; .ci/run installs it) converts the Markdown source to the format. */
function convert(source: string, extension: string): string {
  const out = join(OUT, source.replace(/\.md$/, `.${extension}`));
  try {
    execFileSync('pandoc', ['-f', 'gfm', '-o', out, `${EVAL_DIR}docs/markdown/${source}`], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`pandoc could not make ${out} (install it: apt-get install pandoc): ${String(error)}`);
  }
  return out;
}

async function chunkPath(page: import('@playwright/test').Page, path: string): Promise<ChunkReport> {
  const bytes = readFileSync(path).toString('base64');
  const result = await page.evaluate(([b64, n]) => window.carrel.chunkFile(b64, n), [
    bytes,
    path.split('/').pop()!,
  ] as const);
  if ('error' in result) throw new Error(`${path}: ${result.error.code} ${result.error.message}`);
  return result;
}

/** The headings the Markdown source has (its `#` lines). */
function sourceHeadings(source: string): Set<string> {
  const text = readFileSync(`${EVAL_DIR}docs/markdown/${source}`, 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => m[1]!.replace(/[`*_]/g, '').trim()));
}

for (const extension of ['docx', 'epub', 'odt']) {
  test(`google-shellguide.md as .${extension}: the Markdown headings are heading paths, sizes within bounds`, async ({
    harness,
  }) => {
    const doc = await chunkPath(harness, convert('google-shellguide.md', extension));
    const paths = new Set(doc.sections.map((s) => s.headingPath.join(' › ')));
    expect(paths).toContain('Shell Style Guide › Comments › Function Comments');
    expect(paths).toContain('Shell Style Guide › Formatting › Case statement');
    // Every heading in every path is one of the source's headings, nothing invented or lost in between.
    const known = sourceHeadings('google-shellguide.md');
    expect(doc.sections.flatMap((s) => s.headingPath).filter((h) => !known.has(h))).toEqual([]);
    expectSizesWithinBounds(doc);
  });
}

test('google-docguide-style.md as .pptx: one section or more per slide, each under a heading of the source', async ({
  harness,
}) => {
  const doc = await chunkPath(harness, convert('google-docguide-style.md', 'pptx'));
  const known = sourceHeadings('google-docguide-style.md');
  expect(doc.sections.length).toBeGreaterThan(3);
  expect(doc.sections.filter((s) => !known.has(s.headingPath[0] ?? '')).map((s) => s.headingPath)).toEqual([]);
});
