/** EPUB books through the file input: one document, chapters in reading order as sections, found in other words, shown formatted. */
import { makeEpub } from '../scripts/lib/epub-fixture';
import { addFiles, expect, searchFor, test } from './support';

const more = (topic: string) =>
  `The harbour master wrote about ${topic} in the logbook that evening, as he did every day of the season, in a careful hand.`;
const BOOK = makeEpub(
  'Tales of the Coast',
  [
    {
      file: 'one.xhtml',
      title: 'The Lighthouse',
      paragraphs: ['The keeper climbs one hundred steps at dusk to light the lamp.', more('the lamp')],
    },
    {
      file: 'two.xhtml',
      title: 'The Storm',
      paragraphs: ['Waves broke over the harbour wall all night and the boats stayed moored.', more('the storm')],
    },
    {
      file: 'three.xhtml',
      title: 'The Rescue',
      paragraphs: ['At dawn the lifeboat brought the fishermen home safe.', more('the rescue')],
    },
  ],
  { spine: ['one.xhtml', 'two.xhtml', 'three.xhtml'] },
);

test('an EPUB book is one document whose chapters are its sections, found in other words and opened formatted', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [{ name: 'coast.epub', mimeType: 'application/epub+zip', buffer: BOOK }]);
  const row = page.locator('[data-testid="doc-row"][data-name="coast.epub"]');
  await expect(row).toContainText('EPUB');
  await expect(page.getByTestId('doc-row')).toHaveCount(1);

  const first = await searchFor(page, 'who saved the fishermen in the morning');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'coast.epub');
  await expect(first.getByTestId('result-section')).toContainText('Tales of the Coast › The Rescue');
  await first.getByTestId('result-proposition').first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('lifeboat brought the fishermen');
  await expect(viewer.getByRole('heading', { name: 'The Storm', level: 2 })).toBeVisible();
});

test('a book whose spine points outside it is refused with a message; the rest of the queue is read', async ({
  page,
}) => {
  await page.goto('/');
  const escape = makeEpub('Escape', [{ file: 'one.xhtml', title: 'One', paragraphs: ['A short chapter.'] }], {
    spine: ['one.xhtml', '../../secret.xhtml'],
  });
  await page.getByTestId('file-input').setInputFiles([
    { name: 'escape.epub', mimeType: 'application/epub+zip', buffer: escape },
    { name: 'coast.epub', mimeType: 'application/epub+zip', buffer: BOOK },
  ]);
  const bad = page.locator('[data-testid="doc-row"][data-name="escape.epub"]');
  await expect(bad).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(bad.getByTestId('error')).toContainText('outside the book');
  await expect(page.locator('[data-testid="doc-row"][data-name="coast.epub"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
});
