import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

/** Every language table the page or its workers ask for from now on. */
function tableRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/languages/')) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

// The built-in model places other languages' words among its English ones through per-language
// tables (workers/embed/language-tables.ts), fetched only when a text or a question needs one.
test('an English library fetches no language table', async ({ page }) => {
  const tables = tableRequests(page);
  await page.goto('/');
  await addFiles(page, [fixture('moving-notes.md'), fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'where did the team move to');
  await expect(first).toContainText('harbour');
  expect(tables).toEqual([]);
});

test('an English question finds the German passage that answers it, and a German question the English one', async ({
  page,
}) => {
  const tables = tableRequests(page);
  await page.goto('/');
  await addFiles(page, [fixture('garten-notizen.md'), fixture('moving-notes.md')]);
  expect(tables).toEqual(['/languages/de.json.gz']);

  const first = await searchFor(page, 'how often do the tomato plants need water');
  await expect(first.getByTestId('result-proposition').first()).toContainText('Tomatenpflanzen');

  const german = await searchFor(page, 'Wo parken die Fahrräder?');
  await expect(german.getByTestId('result-proposition').first()).toContainText('Bicycles go in the yard');
  // Fetched once, kept for the rest of the session; the German question fetched the German thesaurus.
  expect(tables).toEqual(['/languages/de.json.gz', '/languages/thesaurus-de.json.gz']);
});
