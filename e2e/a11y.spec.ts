import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

/** Serious and critical axe violations on the page as it is now, summarised so a failure says what and where. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.getByTestId('search-input')).toBeVisible();
    expect(await seriousViolations(page), 'empty app').toEqual([]);

    await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
    await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(page.getByText(/results in \d+ ms/)).toBeVisible();
    expect(await seriousViolations(page), 'app with results').toEqual([]);

    await page.getByTestId('result').first().getByTestId('result-proposition').first().click();
    await expect(page.getByTestId('viewer-highlight')).toBeVisible();
    expect(await seriousViolations(page), 'viewer').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('viewer')).toHaveCount(0);

    await page.getByTestId('settings-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'settings dialog').toEqual([]);
  });
}

test('the theme follows the system: light or dark page and text colours', async ({ page }) => {
  /** Relative luminance (0 black – 1 white) of the page background and of its text. */
  const luminance = () =>
    page.evaluate(() => {
      const channel = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (css: string) => {
        const [r, g, b] = channel(css)
          .map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const style = getComputedStyle(document.documentElement);
      return { background: lum(style.backgroundColor), text: lum(style.color) };
    });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const light = await luminance();
  expect(light.background).toBeGreaterThan(0.8);
  expect(light.text).toBeLessThan(0.2);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await luminance();
  expect(dark.background).toBeLessThan(0.1);
  expect(dark.text).toBeGreaterThan(0.5);
});
