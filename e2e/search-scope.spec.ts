import { addFiles, expect, fixture, searchFor, test } from './support';

test('search can be restricted to chosen documents, and widened again', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  const resultDocs = () =>
    page
      .getByTestId('result-doc')
      .evaluateAll((docs) => [...new Set(docs.map((doc) => doc.getAttribute('data-name')))]);

  const first = await searchFor(page, 'at what hour do trains pull into the station');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.html');

  // Only the clinic notes: the travel guide, the best answer, is no longer searched.
  await page.getByRole('checkbox', { name: 'Search only in chosen documents: clinic-notes.md' }).check();
  await expect(page.getByTestId('search-scope')).toContainText('Searching only in clinic-notes.md');
  await expect.poll(resultDocs).not.toContain('travel-guide.html');
  await expect(page.getByTestId('result').or(page.getByText('Nothing relevant found'))).not.toHaveCount(0);

  // Both chosen: the travel guide answers again.
  await page.getByRole('checkbox', { name: 'Search only in chosen documents: travel-guide.html' }).check();
  await expect(page.getByTestId('search-scope')).toContainText('travel-guide.html');
  await expect(page.getByTestId('result').first().getByTestId('result-doc')).toHaveAttribute(
    'data-name',
    'travel-guide.html',
  );

  await page.getByRole('checkbox', { name: 'Search only in chosen documents: travel-guide.html' }).uncheck();
  await expect.poll(resultDocs).not.toContain('travel-guide.html');
  await page.getByRole('button', { name: 'Search all documents' }).click();
  await expect(page.getByTestId('search-scope')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /Search only in chosen documents/ }).first()).not.toBeChecked();
  await expect(page.getByTestId('result').first().getByTestId('result-doc')).toHaveAttribute(
    'data-name',
    'travel-guide.html',
  );

  // Deleting a chosen document widens the search instead of leaving it empty.
  await page.getByRole('checkbox', { name: 'Search only in chosen documents: clinic-notes.md' }).check();
  await expect(page.getByTestId('search-scope')).toBeVisible();
  await page.getByRole('button', { name: 'Remove clinic-notes.md' }).click();
  await expect(page.getByTestId('search-scope')).toHaveCount(0);
  await expect(page.getByTestId('result').first().getByTestId('result-doc')).toHaveAttribute(
    'data-name',
    'travel-guide.html',
  );
});
