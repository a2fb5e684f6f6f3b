/**
 * The library's own actions: the first-run hint, pasted text, re-indexing one document, the chunking
 * settings that re-index the whole library, clearing it, and the install and offline chips.
 */
import type { Page } from '@playwright/test';
import { addFiles, bigMarkdown, expect, fixture, searchFor, test } from './support';

const row = (page: Page, name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);

test('the first run says what to do, and the hint changes once there is a document', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ask your documents' })).toBeVisible();
  await expect(page.getByText('No documents yet. Add a few files above')).toBeVisible();
  await addFiles(page, [fixture('clinic-notes.md')]);
  await expect(page.getByRole('heading', { name: 'Ask your documents' })).toHaveCount(0);
  await expect(page.getByText('No documents yet.')).toHaveCount(0);
  await expect(page.getByText(/Type a question — for example/)).toBeVisible();
  await page.getByTestId('search-input').fill('zebra xylophone quasar');
  await expect(page.getByText('Nothing relevant found for “zebra xylophone quasar”.')).toBeVisible();
});

test('pasted text becomes a searchable document, and a document can be re-indexed', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('No documents yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Title').fill('Kitchen notes');
  await page
    .getByLabel('Text')
    .fill(
      'Sourdough needs a lively starter. Knead the dough until it is smooth, then let it rise overnight in a cool place.',
    );
  await page.getByRole('button', { name: 'Add to library' }).click();
  await expect(row(page, 'Kitchen notes.txt')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const first = await searchFor(page, 'bread dough rising');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'Kitchen notes.txt');

  await page.getByRole('button', { name: 'Re-index Kitchen notes.txt' }).click();
  // While it is read again, the row is the job; afterwards the same single document is back.
  await expect(
    page
      .getByRole('button', { name: /^(Pause|Resume) Kitchen notes\.txt$/ })
      .or(page.getByRole('button', { name: 'Re-index Kitchen notes.txt' })),
  ).toBeVisible();
  await expect(row(page, 'Kitchen notes.txt')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
  await expect(row(page, 'Kitchen notes.txt')).not.toContainText('Already in your library');
});

test('changing the chunking mode re-indexes the library from the stored originals', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  await expect(row(page, 'clinic-notes.md')).not.toContainText('chunked as');

  await page.getByTestId('settings-button').click();
  const mode = page.getByTestId('chunk-mode');
  await expect(mode).toHaveValue('three-level');
  await expect(page.getByTestId('chunk-sizes')).toContainText('Sections of 200–400 word pieces');
  await mode.selectOption('full-doc');
  await expect(page.getByTestId('chunk-sizes')).toContainText('10,000 word pieces');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText(
    'Re-indexing 2 documents in the background. Search keeps working meanwhile.',
  );
  await page.getByRole('button', { name: 'Close' }).click();

  for (const name of ['clinic-notes.md', 'travel-guide.html']) {
    await expect(row(page, name)).toContainText('chunked as a whole document', { timeout: 60_000 });
    await expect(row(page, name)).toContainText('1 section ·');
  }
  await expect(page.getByTestId('doc-row')).toHaveCount(2);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'clinic-notes.md');

  // The choice is kept: after a reload it is still selected, and a new file is chunked the same way.
  await page.reload();
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('chunk-mode')).toHaveValue('full-doc');
  await page.getByTestId('chunk-mode').selectOption('paragraph');
  await expect(page.getByTestId('chunk-delimiter')).toHaveValue('\\n\\n');
  await page.getByTestId('chunk-delimiter').fill('');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText('Enter a separator, for example \\n\\n for a blank line.');
});

test('clearing the library asks first, then deletes every document for good', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  await page.getByTestId('settings-button').click();

  await page.getByTestId('clear-library').click();
  await expect(page.getByText('Delete all 2 documents?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep them' }).click();
  await expect(page.getByTestId('doc-row')).toHaveCount(2);

  await page.getByTestId('clear-library').click();
  await page.getByTestId('clear-library-confirm').click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Deleted 2 documents. The library is empty.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('doc-row')).toHaveCount(0);
  await expect(page.getByText('No documents yet.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('No documents yet.')).toBeVisible();
  await expect(page.getByTestId('doc-row')).toHaveCount(0);
  await page.getByTestId('search-input').fill('physician antibiotics');
  await expect(page.getByTestId('result')).toHaveCount(0);
});

test('the install button appears when the browser offers installation, and the offline chip follows the network', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('install-button')).toHaveCount(0);

  // Chromium's offer, as a page sees it: an event with prompt() and userChoice.
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    offer.prompt = async () => void ((window as unknown as { prompted: number }).prompted = 1);
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
    (window as unknown as { defaultPrevented: boolean }).defaultPrevented = offer.defaultPrevented;
  });
  expect(await page.evaluate(() => (window as unknown as { defaultPrevented: boolean }).defaultPrevented)).toBe(true);
  await page.getByTestId('install-button').click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(page.getByTestId('install-button')).toHaveCount(0);

  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toHaveText('Offline');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
});

test('chosen section and passage sizes are checked, kept, and re-index the library into more, smaller pieces', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [{ name: 'chapters.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(6)) }]);
  const chapters = row(page, 'chapters.md');
  // While it is read again the row shows its progress instead: no counts.
  const counts = async () => {
    const [, sections = 0, passages = 0] =
      (await chapters.innerText()).match(/(\d+) sections? · (\d+) passages?/) ?? [];
    return { sections: Number(sections), passages: Number(passages) };
  };
  const before = await counts();

  await page.getByTestId('settings-button').click();
  const [sectionSize, passageSize] = [page.getByTestId('chunk-section-size'), page.getByTestId('chunk-passage-size')];
  await expect(sectionSize).toHaveValue('400');
  await expect(passageSize).toHaveValue('150');
  // Out of range, or a passage bigger than half a section: refused with the reason, nothing re-read.
  await sectionSize.fill('50');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText(
    'Section size must be a whole number of word pieces from 100 to 2000.',
  );
  await sectionSize.fill('400');
  await passageSize.fill('300');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText(
    'A passage can be at most half a section: with sections of 400 word pieces, passages of at most 200.',
  );

  await sectionSize.fill('200');
  await passageSize.fill('60');
  await expect(page.getByTestId('chunk-sizes')).toContainText(
    'Sections of 100–200 word pieces (at most 250; neighbours share 25 so no sentence is cut off)',
  );
  await expect(page.getByTestId('chunk-sizes')).toContainText('passages of 20–60 word pieces (at most 80)');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText(
    'Re-indexing 1 document in the background. Search keeps working meanwhile.',
  );
  await page.getByRole('button', { name: 'Close' }).click();

  // Re-read from the stored original into smaller pieces: more sections and passages than before.
  await expect.poll(async () => (await counts()).sections, { timeout: 60_000 }).toBeGreaterThan(before.sections * 1.5);
  await expect(chapters).toHaveAttribute('data-status', 'ready');
  expect((await counts()).passages).toBeGreaterThan(before.passages * 1.5);
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
  const first = await searchFor(page, 'zeppelin quartermaster pomegranates');
  await expect(first.getByTestId('result-proposition').first()).toContainText('forty-two pomegranates');

  // The sizes are kept: after a reload they are still set, and applying them again changes nothing.
  await page.reload();
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('chunk-section-size')).toHaveValue('200');
  await expect(page.getByTestId('chunk-passage-size')).toHaveValue('60');
  await page.getByTestId('chunk-apply').click();
  await expect(page.getByTestId('chunk-status')).toHaveText('Nothing changed.');
});
