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

test('the empty state points to where the drop area is, on a phone and on a wide screen', async ({ page }) => {
  await page.goto('/');
  const hint = page.getByTestId('empty-hint');
  await expect(hint).toContainText('below');
  await expect(hint).not.toContainText('left');
  const drop = (await page.getByTestId('drop-zone').boundingBox())!;
  expect(drop.y).toBeGreaterThan((await hint.boundingBox())!.y);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(hint).toContainText('on the left');
  const wide = (await page.getByTestId('drop-zone').boundingBox())!;
  expect(wide.x + wide.width).toBeLessThan((await hint.boundingBox())!.x);
});

test("on a phone the viewer's header keeps Back on one line and shows the whole heading path", async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await first.getByTestId('result-proposition').first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();

  const back = viewer.getByRole('button', { name: 'Back to results' });
  const lineHeight = await back.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const { height } = (await back.boundingBox())!;
  // One line of text plus the button's padding and border, not two or three lines.
  expect(height).toBeLessThan(lineHeight * 2);

  const where = viewer.locator('.viewer-where p');
  await expect(where).toContainText('Clinic Notes › Treatment');
  const cut = await where.evaluate(
    (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
  );
  expect(cut).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
