import { addFiles, expect, fixture, searchFor, test } from './support';

test('the results can be searched, walked and opened from the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  const input = page.getByTestId('search-input');
  const results = page.getByTestId('result');

  // `/` focuses the search box from the page, and types nothing into it.
  await page.locator('body').click();
  await expect(input).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');

  await searchFor(page, 'doctor gave medicine for the sickness');
  await expect.poll(() => results.count()).toBeGreaterThan(1);

  // ArrowDown leaves the box for the first card, then steps card by card; ArrowUp steps back.
  await input.focus();
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(results.nth(0)).toBeFocused();

  // From a passage inside a card, ArrowDown goes to the next card.
  await results.nth(0).getByTestId('result-proposition').first().getByRole('button').focus();
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toBeFocused();

  // Enter on a card opens its best passage; Esc closes the viewer and focus returns to the card.
  const viewer = page.getByTestId('viewer');
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(results.nth(1)).toBeFocused();

  // `/` while typing in the box is just a character.
  await input.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' /');
  await expect(input).toHaveValue('doctor gave medicine for the sickness /');

  // Esc in the search box clears the question and the results.
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue('');
  await expect(results).toHaveCount(0);
  await expect(input).toBeFocused();
});
