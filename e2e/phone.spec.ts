import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, generated, searchFor, test } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone-width screen the layout is one column and nothing scrolls sideways', async ({ page }) => {
  await page.goto('/');
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByTestId('search-input')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(390);

  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  await searchFor(page, 'doctor gave medicine for the sickness');
  await page.getByTestId('result').first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('result').first().locator('table.scores')).toBeVisible();

  // One column: the question box and the answer come first, the library below, both as wide as the screen allows.
  const library = (await page.locator('.side').boundingBox())!;
  const searchArea = (await page.getByRole('region', { name: 'Search' }).boundingBox())!;
  const answer = (await page.getByTestId('answer').boundingBox())!;
  expect(library.y).toBeGreaterThanOrEqual(searchArea.y + searchArea.height);
  expect(answer.y).toBeLessThan(library.y);
  expect(answer.x + answer.width).toBeLessThanOrEqual(390);
  expect(Math.abs(searchArea.x - library.x)).toBeLessThan(1);
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
});

test('the empty state points to where the drop area is, on a phone and on a wide screen', async ({ page }) => {
  await page.goto('/');
  const hint = page.getByTestId('empty-hint');
  await expect(hint).toContainText('below');
  await expect(hint).not.toContainText('left');
  const drop = (await page.getByTestId('drop-zone').boundingBox())!;
  expect(drop.y).toBeGreaterThan((await hint.boundingBox())!.y);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(hint).toContainText('on the left');
  const wide = (await page.getByTestId('drop-zone').boundingBox())!;
  expect(wide.x + wide.width).toBeLessThan((await hint.boundingBox())!.x);
});

test("on a phone the viewer's header keeps Back on one line and shows the whole heading path", async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await first.getByTestId('result-proposition').first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();

  const back = viewer.getByRole('button', { name: 'Back to results' });
  const lineHeight = await back.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const { height } = (await back.boundingBox())!;
  // One line of text plus the button's padding and border, not two or three lines.
  expect(height).toBeLessThan(lineHeight * 2);

  const where = viewer.locator('.viewer-where p');
  await expect(where).toContainText('Clinic Notes › Treatment');
  const cut = await where.evaluate(
    (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
  );
  expect(cut).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('after a question on a phone the answer, its first source and the best result show without scrolling', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  await searchFor(page, 'what did the physician prescribe');
  await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
  await searchFor(page, 'how many days must the antibiotics course last');
  await expect(page.getByTestId('answer')).toContainText('ten days');
  const turns = page.getByTestId('conversation-turn');
  await expect(turns).toHaveCount(2);

  // The thread is folded away: its title and a Show button, the turns hidden.
  const toggle = page.getByTestId('conversation-thread-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(turns.first()).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const source = (await page.getByTestId('answer-source').first().boundingBox())!;
  expect(source.y + source.height).toBeLessThanOrEqual(844);
  const best = (await page.getByTestId('result').first().getByTestId('result-doc').boundingBox())!;
  expect(best.y + best.height).toBeLessThanOrEqual(844);

  // Unfolded on request, the thread shows every turn; a new question folds it again.
  await toggle.click();
  await expect(turns.first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await searchFor(page, 'and how often should it be taken');
  await expect(turns).toHaveCount(3);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(turns.first()).toBeHidden();

  // Reopened from the list, far down the page: the thread it opens comes into view, unfolded.
  await page.getByTestId('conversation-new').click();
  await searchFor(page, 'when do trains arrive');
  const clinic = page.getByTestId('conversation-row').filter({ hasText: 'physician' });
  await clinic.getByTestId('conversation-open').click();
  await expect(turns).toHaveCount(3);
  await expect(turns.first()).toBeVisible();
  await expect(page.getByTestId('conversation-thread').locator('h2')).toBeInViewport();
});

test("on a phone a PDF passage opens as its page's text, marked and readable, with a switch to the page image", async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [generated('travel-guide.pdf')]);
  const first = await searchFor(page, 'at what hour do trains pull into the station');
  const passage = first.getByTestId('result-proposition').first();
  const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
  // The passage's own words, without the page it names when that differs from its section's.
  const passageWords = words(
    await passage.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.pages').forEach((pages) => pages.remove());
      return copy.textContent ?? '';
    }),
  );
  await passage.click();
  const viewer = page.getByTestId('viewer');

  // The text view: the page's words at the interface's size, wrapped to the screen, the passage marked.
  const highlight = viewer.getByTestId('viewer-highlight');
  await expect(highlight).toBeInViewport();
  await expect(viewer.getByTestId('viewer-view-text')).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer.getByTestId('viewer-page')).toHaveAttribute('data-page', /\d+/);
  expect(await highlight.evaluate((el) => el.tagName)).toBe('MARK');
  expect(words(await highlight.innerText())).toEqual(expect.arrayContaining(passageWords));
  const fontSize = await highlight.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(14);
  const body = viewer.locator('.viewer-body');
  expect(await body.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The page image: drawn at twice the pixels it shows, and left to the browser's pinch-zoom.
  await viewer.getByTestId('viewer-view-image').click();
  await expect(viewer.getByTestId('viewer-view-image')).toHaveAttribute('aria-pressed', 'true');
  const box = viewer.locator('.pdf-highlight');
  await expect(box).toBeVisible();
  const canvas = viewer.locator('canvas');
  const sharp = await canvas.evaluate((el: HTMLCanvasElement) => el.width / el.getBoundingClientRect().width);
  expect(sharp).toBeGreaterThanOrEqual(2 * (await page.evaluate(() => devicePixelRatio)) - 0.01);
  const touch = await canvas.evaluate((el) => getComputedStyle(el.parentElement!).touchAction);
  // Chromium writes pan-x pan-y pinch-zoom as "manipulation"; "none" or a list without pinch-zoom would block it.
  expect(touch).toMatch(/^(auto|manipulation|.*pinch-zoom.*)$/);
  const meta = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(meta).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\s*(,|$)/);

  // And back to the text, marked again.
  await viewer.getByTestId('viewer-view-text').click();
  await expect(viewer.getByTestId('viewer-highlight')).toBeInViewport();
});

/**
 * Runs in the page: from the first frame in which every one of `count` rows says Ready (and its size), notes where
 * each row's Remove button was drawn, and in every frame how tall the queue's panel was, running
 * or done. Read just after each frame is drawn: a row put in the page is laid out at its estimated
 * size (content-visibility) until the frame decides it is in sight.
 */
function watchList(count: number) {
  const seen = { tops: {} as Record<string, number[]>, panel: [] as string[] };
  (window as unknown as { listSeen: typeof seen }).listSeen = seen;
  const drawn = () => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="doc-row"]')];
    const removes = rows.map((row) => row.querySelector('.doc-actions .danger'));
    // A row put in the page since the last frame is laid out at its estimated size until the next
    // frame draws it (content-visibility): what a read sees then is never on the screen.
    const drawnAll = removes.every((remove) => remove?.checkVisibility({ contentVisibilityAuto: true }));
    // Counted once each row shows what its document takes on the device, which comes a moment
    // after it: in German at 320 px the longer line can wrap, and the row grows by a line (left as is).
    const sized = rows.every((row) => row.querySelector('[data-testid="doc-size"]')?.hasAttribute('data-bytes'));
    const ready = rows.every((row) => row.dataset['status'] === 'ready');
    if (rows.length === count && ready && drawnAll && sized) {
      rows.forEach((row, i) =>
        (seen.tops[row.dataset['name']!] ??= []).push(Math.round(removes[i]!.getBoundingClientRect().top)),
      );
    }
    const panel = document.querySelector<HTMLElement>('[data-testid="queue-progress"], [data-testid="queue-done"]');
    const state = panel ? `${panel.dataset['testid']} ${panel.offsetHeight}` : 'none';
    if (seen.panel.at(-1) !== state) seen.panel.push(state);
    requestAnimationFrame(() => setTimeout(drawn));
  };
  requestAnimationFrame(() => setTimeout(drawn));
}

/** Three notes added at once on a phone; every row, once Ready, stays where it is and the panel keeps its height. */
async function listHoldsStill(page: Page, width: number, words: { added: string; dismiss: string }) {
  // Tall enough that the rows are in sight: rows out of sight are not drawn (content-visibility)
  // until they near the screen, and are not what a finger aims at.
  await page.setViewportSize({ width, height: 1600 });
  await page.goto('/');
  await page.evaluate(watchList, 3);
  const notes = ['kettle', 'bicycle', 'lantern'].map((thing) => ({
    name: `${thing}.md`,
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# The ${thing}\n\nThe ${thing} was mended on Tuesday and works again.\n`),
  }));
  await page.getByTestId('file-input').setInputFiles(notes);
  for (const note of notes) {
    await expect(
      page.locator(`[data-testid="doc-row"][data-name="${note.name}"] [data-testid="doc-select"]`),
    ).toHaveCount(1);
  }
  // The queue's panel says the batch is done and keeps its place: the rows under it do not rise.
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);
  await expect(page.getByTestId('queue-done')).toContainText(words.added);
  // One more frame drawn after the last change, so the sampler has seen the list as it now stands.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const { tops, panel } = await page.evaluate(
    () => (window as unknown as { listSeen: { tops: Record<string, number[]>; panel: string[] } }).listSeen,
  );
  expect(Object.keys(tops).sort()).toEqual(notes.map((note) => note.name).sort());
  for (const [name, seen] of Object.entries(tops)) {
    // Every place it was drawn at, so a failure shows how far it went (a row drawn above another's place: the order changed).
    expect({ name, tops: [...new Set(seen)] }).toEqual({ name, tops: [seen[0]] });
  }
  // Running, then done at the height it last had, whatever the words of each.
  const lastRunning = panel.findLast((state) => state.startsWith('queue-progress'))!;
  expect(panel.at(-1)).toBe(lastRunning.replace('queue-progress', 'queue-done'));

  // Dismissed, the panel goes, and the rows rise only then, when the person asked for it.
  await page.getByTestId('queue-done').getByRole('button', { name: words.dismiss }).click();
  await expect(page.getByTestId('queue-done')).toHaveCount(0);
}

test('on a phone the list holds still once every file says Ready: a tap aimed at a row lands on it', async ({
  page,
}) => {
  await listHoldsStill(page, 390, { added: '3 files added', dismiss: 'Dismiss' });
});

test.describe('in German, on a 320 px phone', () => {
  test.use({ locale: 'de-DE' });
  test('the list holds still once every file says Ready, though the words wrap otherwise', async ({ page }) => {
    await listHoldsStill(page, 320, { added: '3 Dateien hinzugefügt', dismiss: 'Schließen' });
  });
});
