import { addFiles, expect, generated, searchFor, test } from './support';

test('a result is a document, its section with heading path and page, and the sentences that answer with the question’s words marked', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [generated('travel-guide.pdf')]);

  const first = await searchFor(page, 'when does the train arrive at the station');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.pdf');
  await expect(first.getByTestId('result-doc')).toContainText("A Traveller's Guide");
  // Heading path from the document's title down to the section, then the pages it is on.
  await expect(first.getByTestId('result-section')).toHaveText(/^A Traveller's Guide › Rail journeys · (p\. 1|pp\. 1–2)$/);
  const passage = first.getByTestId('result-proposition').first();
  await expect(passage).toContainText('The train arrives at the station at noon.');
  const marked = await passage.locator('mark').allInnerTexts();
  expect(marked.map((word) => word.toLowerCase())).toEqual(expect.arrayContaining(['train', 'station']));
  // Only the question's words are marked, not the whole passage.
  expect(marked.join(' ').length).toBeLessThan((await passage.innerText()).length / 2);
});
