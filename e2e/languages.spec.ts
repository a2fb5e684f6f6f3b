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

// A result card and the answer's sources name a passage's language when it is not the page's; the
// words a question stands for in another language are searched but not listed as "also searched"
// (a dictionary's loose senses would only puzzle); and a person may keep search to their own language.
test('results say their language, and Settings keeps search to the interface’s language', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('werkstatt-notizen.md'), fixture('atelier-notes.md')]);
  await expect(page.locator('[data-testid="doc-row"][data-lang="fr"]')).toBeVisible();

  const french = await searchFor(page, 'les sauvegardes sont conservées combien de jours');
  await expect(french).toHaveAttribute('data-lang', 'fr');
  await expect(french.getByTestId('result-lang')).toHaveText(/French/);
  await expect(page.getByTestId('answer-source').first()).toHaveAttribute('data-lang', 'fr');
  await expect(page.getByTestId('answer-source').first()).toContainText('French');

  // An English question over the German notes finds them through the German words it stands for.
  const german = await searchFor(page, 'nightly backups on the server');
  await expect(page.getByTestId('result').filter({ hasText: 'Sicherungen' }).first()).toBeVisible();
  await expect(german).toBeVisible();
  await expect(page.getByTestId('related-words').filter({ hasText: /Sicherung|Nacht/i })).toHaveCount(0);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('interface-language').selectOption('de');
  await page.getByTestId('own-language-only').check();
  await page.getByTestId('settings').getByRole('button', { name: 'Schließen' }).click();
  await page.getByTestId('search-input').fill('Sauvegardes Sicherungen Server');
  await expect(page.getByTestId('result').first()).toHaveAttribute('data-lang', 'de');
  await expect(page.locator('[data-testid="result"][data-lang="fr"]')).toHaveCount(0);
  // No language named on a card in the page's own language.
  await expect(page.getByTestId('result-lang')).toHaveCount(0);

  // Off again (kept across a reload until then): the French passage is back.
  await page.reload();
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await expect(page.getByTestId('own-language-only')).toBeChecked();
  await page.getByTestId('own-language-only').uncheck();
  await page.getByTestId('settings').getByRole('button', { name: 'Schließen' }).click();
  await page.getByTestId('search-input').fill('Sauvegardes Sicherungen Server');
  await expect(page.locator('[data-testid="result"][data-lang="fr"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="result"][data-lang="fr"]').first().getByTestId('result-lang')).toHaveText(
    /Französisch/,
  );
});

// The English lexicon and translation table widen English questions only: a French "comment" is
// "how", not a remark, and a French question says it also looked for none of their English words.
test('a question asked in French is not widened by English words it happens to spell', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('atelier-notes.md')]);
  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'office-printers.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        '# Office printers\n\nTo add a printer, open the settings and choose the driver. Leave a remark on the notice board when the printer is out of paper.',
      ),
    },
  ]);
  await expect(page.locator('[data-testid="doc-row"][data-name="office-printers.md"]')).toHaveAttribute(
    'data-status',
    'ready',
  );
  const english = await searchFor(page, 'a comment about the printer');
  await expect(english).toBeVisible();
  await expect(page.getByTestId('related-words')).toContainText(/remark|notice/);

  await searchFor(page, 'comment ajouter une imprimante');
  await expect(page.getByTestId('result').filter({ hasText: 'notice board' }).first()).toBeVisible();
  await expect(page.getByTestId('related-words').filter({ hasText: /remark|notice|observer/ })).toHaveCount(0);
});
