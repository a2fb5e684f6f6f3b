import { addFiles, expect, fixture, searchFor, test } from './support';

// Query expansion (workers/retrieve/lexicon.ts): "for good" also looks for "permanently", and the
// page says so (naming only related words the results contain) and marks the word it matched.
test('a question in other words also looks for related words, says which, and marks them', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('moving-notes.md')]);
  const first = await searchFor(page, 'the team moved to the harbour for good');
  await expect(page.getByTestId('related-words')).toContainText('permanently');
  // Related words that no result contains ("team" → "teamster") would only puzzle: not shown.
  await expect(page.getByTestId('related-words')).not.toContainText('teamster');
  const passage = page.getByTestId('result-proposition').filter({ hasText: 'relocated permanently' });
  await expect(passage.first()).toBeVisible();
  await expect(passage.first().locator('mark', { hasText: /^permanently$/ })).toBeVisible();
  await expect(first).toBeVisible();

  // A question with no related words shows no such line.
  await searchFor(page, 'ferries street');
  await expect(page.getByTestId('related-words')).toHaveCount(0);
});

// The learned translation table (workers/retrieve/translation.ts), on by default beside the
// lexicon: a question's word brings in the words documents use for it ("compress" → "gzip").
test('a question also looks for the words documents use for its words, and says which', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('backup-notes.md')]);
  const first = await searchFor(page, 'how do I compress the nightly copy');
  await expect(page.getByTestId('related-words')).toContainText('gzip');
  await expect(first).toContainText('Nightly archive');
  const passage = page.getByTestId('result-proposition').filter({ hasText: 'Run gzip' });
  await expect(passage.first().locator('mark', { hasText: /^gzip$/ })).toBeVisible();
});
