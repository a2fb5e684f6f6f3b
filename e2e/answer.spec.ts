import { addFiles, expect, fixture, generated, searchFor, test } from './support';

test.describe.configure({ mode: 'serial' });

test('every question gets a cited extractive answer, with no download, and a citation opens the passage', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), generated('travel-guide.pdf')]);

  await searchFor(page, 'what did the physician prescribe for the infection');
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveAttribute('data-kind', 'extractive');
  await expect(answer).toHaveAttribute('data-state', 'done');
  await expect(answer).toContainText('The physician prescribed antibiotics to treat the bacterial infection.');
  // Off-topic sentences of the same document are not part of the answer.
  await expect(answer).not.toContainText('Tomatoes');

  const citations = answer.getByTestId('answer-citation');
  await expect(citations.first()).toHaveAttribute('data-source', '1');
  const sources = answer.getByTestId('answer-source');
  expect(await sources.evaluateAll((items) => items.map((li) => li.getAttribute('data-source')))).toEqual(
    Array.from({ length: await sources.count() }, (_, i) => String(i + 1)),
  );
  await expect(sources.first()).toContainText('clinic-notes.md');
  await expect(sources.first()).toContainText('Treatment');

  await citations.first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('physician prescribed antibiotics');
  await viewer.getByRole('button', { name: /back/i }).click();
  await expect(viewer).toHaveCount(0);
  await expect(citations.first()).toBeFocused();
});

test('a PDF citation opens the viewer on the cited page', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), generated('travel-guide.pdf')]);
  await searchFor(page, 'at what hour do trains pull into the station');
  const answer = page.getByTestId('answer');
  await expect(answer.getByTestId('answer-source').first()).toContainText('travel-guide.pdf');
  const label = await answer.getByTestId('answer-source').first().innerText();
  await answer.getByTestId('answer-citation').first().click();
  await expect(page.getByTestId('viewer').getByTestId('viewer-highlight')).toBeVisible();
  expect(label).toMatch(/p\. \d+/);
});

test('a citation marks the sentence the answer quotes, on the page it is on, not the whole passage', async ({
  page,
}) => {
  await page.goto('/');
  // One passage runs from the foot of page 1 onto page 2; the sentence that answers is on page 2.
  await addFiles(page, [generated('harbour-notes.pdf')]);
  await searchFor(page, 'when does the lighthouse keeper wind the lamp');
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveAttribute('data-state', 'done');
  await expect(answer).toContainText('The lighthouse keeper winds the great lamp every evening at nine.');
  await expect(answer).not.toContainText('harbour office opens at seven');
  await expect(answer.getByTestId('answer-source').first()).toContainText(/pp?\. 1[–-]2/);

  await answer.getByTestId('answer-citation').first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-page')).toHaveAttribute('data-page', '2');
  await expect(viewer.getByTestId('viewer-page-reference')).toContainText('2');
  const marked = (await viewer.getByTestId('viewer-highlight').allTextContents()).join(' ');
  expect(marked).toContain('lighthouse keeper');
  expect(marked).not.toContain('harbour office opens');
  // The page as text (a phone's default) marks the same sentence.
  await viewer.getByTestId('viewer-view-text').click();
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('lighthouse keeper winds the great lamp');
  await expect(viewer.getByTestId('viewer-highlight')).not.toContainText('harbour office opens');
});

test('when nothing relevant is found the answer says the documents do not cover it', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await page.getByTestId('search-input').fill('quantum chromodynamics lattice gauge');
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveAttribute('data-state', 'done');
  await expect(answer.getByTestId('answer-not-covered')).toContainText("don't seem to cover");
  await expect(answer.getByTestId('answer-citation')).toHaveCount(0);
});

test('code in a passage and in the answer is shown monospaced, with its line breaks', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('console-notes.md')]);
  const monospaced = (element: Element) => /monospace/.test(getComputedStyle(element).fontFamily);

  const first = await searchFor(page, 'how do I leave the interactive console');
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveAttribute('data-state', 'done');
  const inAnswer = answer.locator('.answer-text').getByTestId('passage-code');
  await expect(inAnswer.first()).toHaveText('q()');
  expect(await inAnswer.first().evaluate(monospaced)).toBe(true);
  // The sentence around it stays in the text font.
  expect(await answer.locator('.answer-text').evaluate(monospaced)).toBe(false);

  const onCard = first.getByTestId('passage-code');
  await expect(onCard.filter({ hasText: '> q()' })).toHaveCount(1);
  expect(
    await onCard.evaluateAll((elements) => elements.map((e) => /monospace/.test(getComputedStyle(e).fontFamily))),
  ).not.toContain(false);
  expect(await first.getByTestId('result-proposition').first().evaluate(monospaced)).toBe(false);

  // A block of commands stays one block, its lines apart.
  const folder = await searchFor(page, 'make a folder and start the console there');
  const block = folder.getByTestId('passage-code').filter({ hasText: 'mkdir' });
  await expect(block).toHaveCount(1);
  // innerText follows the rendering: the line break shows only if the block keeps its whitespace.
  expect(await block.innerText()).toBe('$ mkdir work\n$ cd work');
});
