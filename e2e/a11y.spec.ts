import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

/** Serious and critical axe violations on the page as it is now, summarised so a failure says what and where. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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

    await page.getByTestId('settings-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'settings dialog').toEqual([]);
  });
}
