import type { Page } from '@playwright/test';
import { addFiles, expect, test } from './support';
import { elementsPastTheEdge } from './support/layout';

/** A short German document, added through the file picker as a person would. */
const GERMAN_NOTES = {
  name: 'bahnreisen.md',
  mimeType: 'text/markdown',
  buffer: Buffer.from(
    '# Bahnreisen\n\n## Ankunft der Züge\n\nDie Züge aus München kommen jeden Tag um zwölf Uhr am Hauptbahnhof an. ' +
      'Fahrkarten gibt es am Automaten in der Bahnhofshalle.\n\n## Busse\n\nDie Busse fahren werktags jede Stunde ' +
      'vom Bahnhofsvorplatz ab.\n',
  ),
};

async function addGermanNotes(page: Page) {
  await addFiles(page, [GERMAN_NOTES]);
}

test.describe('a browser set to German', () => {
  test.use({ locale: 'de-DE' });

  test('shows the interface in German, and Settings switches it to French for good', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Carrel – private Dokumentsuche');
    await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dateien auswählen' })).toBeVisible();
    await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', /Fragen Sie Ihre Dokumente/);
    await expect(page.getByRole('heading', { name: 'Bibliothek' })).toBeVisible();

    await addGermanNotes(page);
    await expect(page.getByTestId('doc-row').locator('.badge')).toHaveText('Bereit');
    await page.getByTestId('search-input').fill('Wann kommen die Züge aus München an?');
    await expect(page.getByTestId('answer').getByRole('heading')).toContainText('Antwort');
    await expect(page.getByTestId('result-summary')).toContainText('Ergebnis');

    await page.getByRole('button', { name: 'Einstellungen' }).click();
    // The models are described in the interface's language, their languages named in it.
    const builtin = page.locator('[data-testid="model-row"][data-model-id="carrel-glove-50k"]');
    await expect(builtin.locator('.model-summary')).toContainText('funktioniert daher sofort und offline');
    await expect(builtin.getByTestId('model-languages')).toContainText('Deutsch');
    await expect(builtin.getByTestId('model-languages')).toContainText('Französisch');
    await page.getByTestId('interface-language').selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(builtin.locator('.model-summary')).toContainText('il fonctionne tout de suite et hors ligne');
    await expect(builtin.getByTestId('model-languages')).toContainText('allemand');
    await expect(page.getByTestId('settings').getByRole('heading', { name: 'Paramètres' })).toBeVisible();
    await page.getByTestId('settings').getByRole('button', { name: 'Fermer' }).click();
    await expect(page.getByRole('button', { name: 'Choisir des fichiers' })).toBeVisible();
    await expect(page.getByTestId('doc-row').locator('.badge')).toHaveText('Prêt');
    await expect(page.getByTestId('answer').getByRole('heading')).toContainText('Réponse');

    // The choice is kept with the library's settings: a new visit opens in French.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Paramètres' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('at 320 px wide nothing sticks out sideways, with a document, an answer and the settings open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await addGermanNotes(page);
    await page.getByTestId('search-input').fill('Wann kommen die Züge aus München an?');
    await expect(page.getByTestId('result').first()).toBeVisible();
    await page.getByTestId('result').first().getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('copy-help').locator('summary').click();

    expect(await elementsPastTheEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);

    await page.getByRole('button', { name: 'Einstellungen' }).click();
    const settings = page.getByTestId('settings');
    await expect(settings.getByTestId('interface-language')).toBeVisible();
    for (const details of await settings.locator('details').all()) await details.locator('summary').click();
    expect(await elementsPastTheEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
