/**
 * One page reference everywhere (DESIGN §9 Pages): for a passage of a PDF whose printed page
 * numbers differ from its place in the file, the card, the answer's source, the viewer and the
 * copied prompt all name the printed page; the viewer alone adds the physical one.
 */
import { addFiles, expect, generated, searchFor, test } from './support';

test('card, answer source, viewer and copied prompt name the same printed page', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  // field-manual.pdf: pages i, ii, then 1, 2; the passage is on the fourth page of the file, printed "2".
  await addFiles(page, [generated('field-manual.pdf')]);
  const first = await searchFor(page, 'how do I shut down the logger at the end of a visit');
  const passage = first.getByTestId('result-proposition').first();
  await expect(passage).toContainText('hold the red switch for five seconds');

  // The section's pages as printed (the short manual is one section), and the passage's own page.
  await expect(first.getByTestId('result-pages')).toHaveText(' · pp. i–2');
  await expect(passage.getByTestId('result-proposition-pages')).toHaveText(' (p. 2)');
  await expect(first).not.toContainText('p. 4');

  const source = page.getByTestId('answer-source').first();
  await expect(source).toContainText('p. 2');
  await expect(source).not.toContainText('p. 4');

  await passage.getByRole('button').click();
  await expect(page.getByTestId('viewer-page-reference')).toHaveText('p. 2 · page 4 of 4 in the file');
  await page.getByTestId('viewer').getByRole('button', { name: /back/i }).click();

  await page.getByTestId('copy-prompt').click();
  await expect(page.getByTestId('copy-status')).toContainText('Copied');
  const prompt = await page.evaluate(() => navigator.clipboard.readText());
  expect(prompt).toMatch(
    /\[\d\] A Field Manual \(field-manual\.pdf\), .*Closing the station, p\. 2\nTo shut down the logger/,
  );
  expect(prompt).not.toContain('p. 4');
});
