import { addFiles, expect, generated, searchFor, test } from './support';

test('a result is a document, its section with heading path and page, and the sentences that answer with the question’s words marked', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [generated('travel-guide.pdf')]);

  const first = await searchFor(page, 'when does the train arrive at the station');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.pdf');
  await expect(first.getByTestId('result-doc')).toContainText("A Traveller's Guide");
  // Heading path from the document's title down to the section, then the pages it is on.
  await expect(first.getByTestId('result-section')).toHaveText(
    /^A Traveller's Guide › Rail journeys · (p\. 1|pp\. 1–2)$/,
  );
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
  await addFiles(page, files);

  const first = await searchFor(page, 'who climbs the stairs to light the lamp');
  await expect(first.getByTestId('result-proposition').first()).toContainText(
    'The lighthouse keeper climbs the spiral stairs',
  );
  const other =
    (await first.getByTestId('result-doc').getAttribute('data-name')) === 'keeper-notes.txt'
      ? 'keeper-notes.md'
      : 'keeper-notes.txt';
  await expect(first.getByTestId('result-copies')).toHaveText(new RegExp(`^Also in .*${other.replace('.', '\\.')}`));
  // The copy is not shown again as a result of its own.
  await expect(page.getByTestId('result').filter({ hasText: 'The lighthouse keeper climbs' })).toHaveCount(1);
});

test('the parts of a long section are one result under its heading, with the passages of each part', async ({
  page,
}) => {
  await page.goto('/');
  const cargo = [
    'timber',
    'grain',
    'coal',
    'salt',
    'wool',
    'cement',
    'steel',
    'fruit',
    'paper',
    'copper',
    'rice',
    'glass',
  ];
  const days = cargo.map(
    (load, i) =>
      `On day ${i + 1} the harbour took in a ship of ${load}. The pilots brought it past the breakwater at the turn of the tide, ` +
      `the dockers worked the ${load} ashore through the afternoon, and the tally clerks checked every bale and crate against the ` +
      `manifest before the warehouse doors were shut for the night and the watchmen began their rounds along the quay.`,
  );
  const text = [
    '# Harbour log',
    '## Cranes',
    'The old harbour crane lifts forty tonnes at full reach.',
    ...days,
    'The harbour crane was repaired in March after its cable snapped.',
  ].join('\n\n');
  await addFiles(page, [{ name: 'harbour-log.md', mimeType: 'text/markdown', buffer: Buffer.from(`${text}\n`) }]);

  await searchFor(page, 'harbour crane');
  const cranes = page
    .getByTestId('result')
    .filter({ has: page.getByTestId('result-section').getByText('Harbour log › Cranes') });
  await expect(cranes).toHaveCount(1);
  const more = cranes.getByRole('button', { name: /more passages/ });
  if (await more.count()) await more.click();
  const passages = (await cranes.getByTestId('result-proposition').allInnerTexts()).join(' ');
  expect(passages).toContain('lifts forty tonnes');
  expect(passages).toContain('repaired in March');
});
