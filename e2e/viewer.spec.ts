import { addFiles, expect, fixture, generated, searchFor, test } from './support';

test.describe.configure({ mode: 'serial' });

test('a Markdown passage opens in the viewer, marked, and Back returns to the same results', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto('/');
  await addFiles(page, [generated('travel-guide.pdf'), fixture('clinic-notes.md')]);

  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'clinic-notes.md');
  const passage = first.getByTestId('result-proposition').first();
  const passageText = (await passage.innerText()).trim();
  expect(passageText).toContain('physician prescribed antibiotics');
  const resultsBefore = await page
    .getByTestId('result-doc')
    .evaluateAll((docs) => docs.map((d) => d.getAttribute('data-name')));

  await passage.click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toBeVisible();
  const highlight = viewer.getByTestId('viewer-highlight');
  await expect(highlight).toBeVisible();
  // Formatted, the passage reads as on the page: its words, without the Markdown syntax between them.
  const words = (text: string) =>
    text
      .replace(/[#*_`>]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  expect(words(await highlight.innerText())).toEqual(expect.arrayContaining(words(passageText)));
  await expect(highlight).toBeInViewport();
  // The rest of the document is there too, formatted: headings are headings, the front matter is not shown.
  await expect(viewer).toContainText('Tomatoes grow best in full sun');
  await expect(viewer.getByRole('heading', { name: 'Treatment', level: 2 })).toBeVisible();
  await expect(viewer).not.toContainText('title: Clinic Notes');
  await expect(viewer).not.toContainText('## Treatment');

  await viewer.getByRole('button', { name: /back/i }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByTestId('search-input')).toHaveValue('doctor gave medicine for the sickness');
  expect(
    await page.getByTestId('result-doc').evaluateAll((docs) => docs.map((d) => d.getAttribute('data-name'))),
  ).toEqual(resultsBefore);

  // Keyboard: Enter on a focused passage opens it, Esc closes and focus returns to the passage.
  await passage.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(passage.getByRole('button')).toBeFocused();
  expect(blocked).toEqual([]);
});

test(
  'a PDF passage opens on its page with the words boxed, online and offline',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    const blocked: string[] = [];
    const fakeWorker: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      // pdf.js says this when its worker cannot start and it parses on the page instead (the file
      // reader runs pdf.js in-thread on purpose: it is a worker already).
      if (/fake worker/i.test(message.text()) && !message.worker()) fakeWorker.push(message.text());
    });
    await page.goto('/');
    await addFiles(page, [generated('travel-guide.pdf')]);

    const first = await searchFor(page, 'at what hour do trains pull into the station');
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.pdf');
    const passage = first.getByTestId('result-proposition').first();
    await expect(passage).toContainText('train arrives at the station');
    // The passage's own page if it differs from its section's, else the section's first page.
    const own = /\(pp?\. (\d+)/.exec(await passage.innerText())?.[1];
    const pageNumber = Number(own ?? /pp?\. (\d+)/.exec(await first.getByTestId('result-section').innerText())?.[1]);
    expect(pageNumber).toBeGreaterThan(0);

    await passage.click();
    const viewer = page.getByTestId('viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('viewer-page')).toHaveAttribute('data-page', String(pageNumber));
    const highlight = viewer.getByTestId('viewer-highlight');
    await expect(highlight).toBeVisible();
    await expect(highlight).toBeInViewport();
    await expect(highlight).toContainText('train arrives at the station');
    // The marked text keeps the passage's words apart where one line or text item ends and the next begins.
    const wordsOf = (text: string) =>
      text
        .toLowerCase()
        .split(/\s+/)
        .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
        .filter(Boolean);
    const passageWords = new Set(wordsOf(await passage.innerText()));
    const marked = wordsOf((await highlight.textContent()) ?? '');
    expect(marked.length).toBeGreaterThan(5);
    expect(marked.filter((w) => !passageWords.has(w))).toEqual([]);
    // The page really was drawn: the canvas has non-white pixels.
    const inked = await viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) return true;
      return false;
    });
    expect(inked).toBe(true);
    // pdf.js parsed the file in its own worker, off the page.
    expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/pdf\.worker/));
    expect(fakeWorker).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(page.getByTestId('result').first().getByTestId('result-proposition').first()).toContainText(
      'train arrives at the station',
    );

    // Offline: pdf.js and its worker come from the precache, so the page still draws.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    const again = await searchFor(page, 'at what hour do trains pull into the station');
    await again.getByTestId('result-proposition').first().click();
    await expect(viewer.getByTestId('viewer-highlight')).toContainText('train arrives at the station');
    await context.setOffline(false);
    expect(blocked).toEqual([]);
  },
);

test('HTML passages open formatted and plain-text passages as text, marked and scrolled into view', async ({
  page,
}) => {
  await page.goto('/');
  const notes = [
    'Field notes from the coast.',
    '',
    ...Array.from({ length: 80 }, (_, i) => `Day ${i + 1}: the tide table and the weather were logged at dawn.`),
    '',
    'The lighthouse keeper repaints the lantern room every spring.',
  ];
  await addFiles(page, [{ name: 'coast.txt', mimeType: 'text/plain', buffer: Buffer.from(notes.join('\n')) }]);
  await addFiles(page, [fixture('travel-guide.html')]);
  const viewer = page.getByTestId('viewer');

  const html = await searchFor(page, 'at what hour do trains pull into the station');
  await expect(html.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.html');
  await html.getByTestId('result-proposition').first().click();
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('train arrives at the station');
  await expect(viewer.getByTestId('viewer-highlight')).toBeInViewport();
  // The page's text and structure, not its markup or its styles.
  await expect(viewer).toContainText('Sleeper carriages offer beds');
  await expect(viewer.getByRole('heading', { name: 'Rail journeys', level: 2 })).toBeVisible();
  await expect(viewer).not.toContainText('<p>');
  await expect(viewer).not.toContainText('font-family');
  await page.keyboard.press('Escape');

  // The passage sits at the end of a long text: it is scrolled to, not left below the fold.
  const text = await searchFor(page, 'who repaints the lighthouse lantern room');
  await expect(text.getByTestId('result-doc')).toHaveAttribute('data-name', 'coast.txt');
  await text.getByTestId('result-proposition').first().click();
  const highlight = viewer.getByTestId('viewer-highlight');
  await expect(highlight).toContainText('lighthouse keeper repaints the lantern room');
  await expect(highlight).toBeInViewport();
  await expect(viewer).toContainText('Day 1: the tide table');
  await viewer.getByRole('button', { name: /back/i }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByTestId('search-input')).toHaveValue('who repaints the lighthouse lantern room');
});
