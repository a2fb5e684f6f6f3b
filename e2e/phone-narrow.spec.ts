/**
 * The narrowest phone (320 px), in English and in German (the longer words): nothing reaches past the
 * window's edge with a library, a conversation, an answer, Settings and the PDF viewer open.
 */
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, generated, searchFor, test } from './support';
import { elementsPastTheEdge } from './support/layout';

test.use({ viewport: { width: 320, height: 640 } });

async function expectNothingPastTheEdge(page: Page) {
  expect(await elementsPastTheEdge(page)).toEqual([]);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
}

const LANGUAGES = [
  { language: 'en', settings: 'Settings', close: 'Close' },
  { language: 'de', settings: 'Einstellungen', close: 'Schließen' },
] as const;

for (const { language, settings: settingsName, close } of LANGUAGES) {
  test(`at 320 px in ${language} nothing scrolls sideways: page, thread, Settings, viewer`, async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('settings-button').click();
    const settings = page.getByTestId('settings');
    await settings.getByTestId('interface-language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const details of await settings.locator('details').all()) await details.locator('summary').click();
    await expectNothingPastTheEdge(page);
    await settings.getByRole('button', { name: close }).click();
    await expect(page.getByRole('button', { name: settingsName })).toBeVisible();

    await addFiles(page, [fixture('clinic-notes.md'), generated('travel-guide.pdf')]);
    await searchFor(page, 'what did the physician prescribe');
    await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
    await searchFor(page, 'how many days must the antibiotics course last');
    await expect(page.getByTestId('conversation-turn')).toHaveCount(2);
    await page.getByTestId('conversation-thread-toggle').click();
    await expect(page.getByTestId('conversation-turn').first()).toBeVisible();
    await page.getByTestId('result').first().locator('.result-foot button').last().click();
    await expect(page.getByTestId('result-scores')).toBeVisible();
    await expectNothingPastTheEdge(page);

    const first = await searchFor(page, 'at what hour do trains pull into the station');
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.pdf');
    await first.getByTestId('result-proposition').first().click();
    const viewer = page.getByTestId('viewer');
    await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
    await expectNothingPastTheEdge(page);
    await viewer.getByTestId('viewer-view-image').click();
    await expect(viewer.locator('.pdf-highlight')).toBeVisible();
    await expectNothingPastTheEdge(page);
  });
}
