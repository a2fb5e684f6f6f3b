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

test('a skip link reaches the search box within three Tab presses, and every Tab stop shows a focus ring', async ({
  page,
}) => {
  await page.goto('/');
  const input = page.getByTestId('search-input');
  await expect(input).toBeVisible();

  // Tab from the top of the page: the skip link first, shown; Enter puts the caret in the search box.
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();

  // Without it, the search box is at most three Tab presses away.
  await page.reload();
  await expect(input).toBeVisible();
  let presses = 0;
  while (presses < 3 && !(await input.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses++;
  }
  await expect(input).toBeFocused();

  // Each place Tab stops is a visible element with a visible ring (no 1×1 field taking focus unseen).
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  await searchFor(page, 'doctor gave medicine for the sickness');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const tabStops = async (count: number) => {
    const stops: { what: string; width: number; height: number; ring: boolean }[] = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          const ring =
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
          return {
            what: `${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? ''} ${(el.textContent ?? '').trim().slice(0, 30)}`,
            width: box.width,
            height: box.height,
            ring,
          };
        }),
      );
    }
    // Past the last stop, focus leaves the page (the body is active) and comes round again.
    return stops.filter((s) => !s.what.startsWith('body'));
  };
  const invisible = (stops: Awaited<ReturnType<typeof tabStops>>) =>
    stops.filter((s) => s.width < 4 || s.height < 4 || !s.ring);
  // Enough stops to come round past the library, whose rows each have a choice box, Open, scope, language, Re-index and Remove.
  const onPage = await tabStops(60);
  expect(onPage.filter((s) => s.what.startsWith('input search-input'))).not.toEqual([]);
  expect(invisible(onPage)).toEqual([]);

  // The same inside the settings dialog.
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  const inSettings = await tabStops(30);
  expect(inSettings.length).toBeGreaterThan(10);
  expect(invisible(inSettings)).toEqual([]);
});

test("a click on a card's title or heading path opens the original at its best passage", async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  const viewer = page.getByTestId('viewer');

  await first.getByTestId('result-section').click();
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await first.getByTestId('result-doc').getByText('Clinic Notes').click();
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('physician prescribed antibiotics');
});
