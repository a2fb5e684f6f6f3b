import { addFiles, expect, fixture, searchFor, test } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone-width screen the layout is one column and nothing scrolls sideways', async ({ page }) => {
  await page.goto('/');
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByTestId('search-input')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(390);

  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  await searchFor(page, 'doctor gave medicine for the sickness');
  await page.getByTestId('result').first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('result').first().locator('table.scores')).toBeVisible();

  // One column: the question box and the answer come first, the library below, both as wide as the screen allows.
  const library = (await page.locator('.side').boundingBox())!;
  const searchArea = (await page.getByRole('region', { name: 'Search' }).boundingBox())!;
  const answer = (await page.getByTestId('answer').boundingBox())!;
  expect(library.y).toBeGreaterThanOrEqual(searchArea.y + searchArea.height);
  expect(answer.y).toBeLessThan(library.y);
  expect(answer.x + answer.width).toBeLessThanOrEqual(390);
  expect(Math.abs(searchArea.x - library.x)).toBeLessThan(1);
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
});
