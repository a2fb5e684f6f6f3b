import { addFiles, expect, fixture, searchFor, test } from './support';

// Each document knows its language (DESIGN §9 Languages) and its keywords are read in it: German
// stems and compounds, French elisions and accents. The fixtures are our own short notes.
test('German and French documents show their language, and a question in each finds its passage', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('werkstatt-notizen.md'), fixture('atelier-notes.md')]);
  const german = page.locator('[data-testid="doc-row"][data-name="werkstatt-notizen.md"]');
  const french = page.locator('[data-testid="doc-row"][data-name="atelier-notes.md"]');
  await expect(german).toHaveAttribute('data-lang', 'de');
  await expect(french).toHaveAttribute('data-lang', 'fr');

  // "Festplattenpartition" is in neither document: it is split into "Festplatte" and "Partition".
  const first = await searchFor(page, 'Festplattenpartition anlegen');
  await expect(first).toContainText('Festplatte aufteilen');

  // Typed without accents, with the elided article: "l'écran … débranché".
  await expect(await searchFor(page, "l'ecran semble debranche")).toContainText('Affichage');

  // The person corrects a language: the row says the new one and its keywords are read in it.
  await german.getByTestId('doc-lang').selectOption('fr');
  await expect(german).toHaveAttribute('data-lang', 'fr');
  await german.getByTestId('doc-lang').selectOption('de');
  await expect(german).toHaveAttribute('data-lang', 'de');
  await expect(await searchFor(page, 'Festplattenpartition anlegen')).toContainText('Festplatte aufteilen');
});
