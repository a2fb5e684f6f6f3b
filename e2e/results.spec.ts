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

test('a passage kept in two documents is one result that names both', async ({ page }) => {
  await page.goto('/');
  const text = [
    'The lighthouse keeper climbs the spiral stairs every evening to light the great lamp.',
    'Supplies arrive by boat on the first Monday of each month, weather permitting.',
  ].join('\n\n');
  const files = [
    { name: 'keeper-notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
    { name: 'keeper-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(`# Keeper's notes\n\n${text}\n`) },
  ];
  await page.getByTestId('file-input').setInputFiles(files);
  for (const { name } of files) await expect(page.locator(`[data-testid="doc-row"][data-name="${name}"]`)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });

  const first = await searchFor(page, 'who climbs the stairs to light the lamp');
  await expect(first.getByTestId('result-proposition').first()).toContainText('The lighthouse keeper climbs the spiral stairs');
  const other = (await first.getByTestId('result-doc').getAttribute('data-name')) === 'keeper-notes.txt' ? 'keeper-notes.md' : 'keeper-notes.txt';
  await expect(first.getByTestId('result-copies')).toHaveText(new RegExp(`^Also in .*${other.replace('.', '\\.')}`));
  // The copy is not shown again as a result of its own.
  await expect(page.getByTestId('result').filter({ hasText: 'The lighthouse keeper climbs' })).toHaveCount(1);
});
