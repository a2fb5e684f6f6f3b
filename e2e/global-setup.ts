/** Makes the PDF fixtures with Chromium's own printer (headings, bookmarks, a text layer), one with page labels. */
import { chromium, type FullConfig } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPageLabels } from './page-labels';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE_DIR = join(here, '..', 'test-results', 'fixtures');

export default async function globalSetup(config: FullConfig): Promise<void> {
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const launchOptions = config.projects[0]?.use.launchOptions ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    const html = readFileSync(join(here, 'fixtures', 'travel-guide.html'), 'utf8');
    await page.setContent(html);
    writeFileSync(join(FIXTURE_DIR, 'travel-guide.pdf'), await page.pdf({ format: 'A4', outline: true, tagged: true }));
    // A paragraph that runs from the foot of page 1 onto page 2, its last sentence on page 2.
    await page.setContent(readFileSync(join(here, 'fixtures', 'harbour-notes.html'), 'utf8'));
    writeFileSync(join(FIXTURE_DIR, 'harbour-notes.pdf'), await page.pdf({ format: 'A4', tagged: true }));
    // Two front-matter pages numbered i and ii, then the body from 1: a printed page is not its place in the file.
    await page.setContent(readFileSync(join(here, 'fixtures', 'field-manual.html'), 'utf8'));
    const manual = await page.pdf({ format: 'A4', outline: true, tagged: true });
    writeFileSync(
      join(FIXTURE_DIR, 'field-manual.pdf'),
      withPageLabels(Buffer.from(manual), '0 << /S /r >> 2 << /S /D >>'),
    );
  } finally {
    await browser.close();
  }
}
