import { addFiles, expect, fixture, searchFor, test } from './support';

test('the extractive answer opens on a sentence that shares a word with the question', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('council-notes.md'), fixture('clinic-notes.md')]);
  await searchFor(page, 'who appoints the board of the central bank');
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveAttribute('data-kind', 'extractive');
  const text = answer.locator('.answer-text');
  await expect(text).toContainText('It appoints the board of the central bank.');
  // The sentence before it says who "it" is, but shares no word with the question: it does not open the answer.
  await expect(text).not.toContainText('The council gathers');
  await expect(answer.getByTestId('answer-source').first()).toContainText('council-notes.md');
});
