/**
 * A soak of the commonest way to add files: 200 of them one at a time, with random pauses, half of
 * them while the one before is still being read or embedded. Every file must become ready and be
 * found. `ONE_BY_ONE=N` runs it with another count.
 */
import { expect, searchFor, test } from './support';

const COUNT = Number(process.env.ONE_BY_ONE ?? 200);

test.use({ trace: 'off' });

/** A short note of a few paragraphs per file, each with a word of its own. */
function note(i: number): string {
  const lines = [
    `# Logbook ${i}`,
    '',
    `Entry ${i} notes that the tide marker ${i} stood at ${i % 13} feet, logged as code zq${i}x.`,
  ];
  for (let p = 0; p < 1 + (i % 5); p++)
    lines.push(
      '',
      `Paragraph ${p} of entry ${i} records the wind from the ${['north', 'south', 'east', 'west'][p % 4]} and a calm sea.`,
    );
  return lines.join('\n');
}

/**
 * Runs in the page: adds `count` notes one after another. An odd-numbered one comes the moment the
 * one before is still on its way (queued, being read or embedded); an even-numbered one after the one before is ready and a
 * pause of 0–400 ms. `window.soak` says how far it got and how each file came.
 */
function addOneByOne({ count, notes }: { count: number; notes: string[] }) {
  const input = document.querySelector<HTMLInputElement>('[data-testid="file-input"]')!;
  const soak = { added: 0, midway: 0 };
  (window as unknown as { soak: typeof soak }).soak = soak;
  let seed = 200;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
  const add = () => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File([notes[soak.added]!], `log-${String(soak.added).padStart(3, '0')}.md`, { type: 'text/markdown' }),
    );
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    soak.added++;
  };
  const statusOf = (i: number) =>
    document
      .querySelector(`[data-testid="doc-row"][data-name="log-${String(i).padStart(3, '0')}.md"]`)
      ?.getAttribute('data-status');
  let waiting = false;
  add();
  const observer = new MutationObserver(() => {
    if (soak.added >= count) return observer.disconnect();
    if (waiting) return;
    const before = statusOf(soak.added - 1);
    // Still on its way: its row says so, or (the list redraws its rows at most every 200 ms, so a
    // small file's row may first show up ready) the queue's bar, drawn at once, is still there.
    const onItsWay =
      before === 'queued' ||
      before === 'parsing' ||
      before === 'embedding' ||
      (before !== 'ready' && document.querySelector('[data-testid="queue-progress"]') !== null);
    if (soak.added % 2 === 1 && onItsWay) {
      soak.midway++;
      return add();
    }
    if (before !== 'ready') return;
    waiting = true;
    setTimeout(() => {
      waiting = false;
      add();
    }, random() * 400);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

test('files added one by one, half of them while the one before is mid-way, all become ready and searchable', async ({
  page,
}) => {
  test.setTimeout(Math.max(300_000, COUNT * 3_000));
  await page.goto('/');
  const notes = Array.from({ length: COUNT }, (_, i) => note(i));
  await page.evaluate(addOneByOne, { count: COUNT, notes });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { soak: { added: number } }).soak.added), {
      timeout: COUNT * 2_500,
    })
    .toBe(COUNT);
  await expect(page.locator('[data-testid="doc-row"][data-status="ready"]').first()).toBeVisible();
  await expect(page.getByTestId('queue-progress')).toHaveCount(0, { timeout: 120_000 });
  await expect(page.locator('#library-heading .count')).toHaveText(String(COUNT), { timeout: 60_000 });
  await expect(page.locator('[data-testid="doc-row"][data-status="failed"]')).toHaveCount(0);
  const soak = await page.evaluate(() => (window as unknown as { soak: { midway: number } }).soak);
  // Most of the odd-numbered files did come while the one before was mid-way (a tiny file can be done before the page looks).
  expect(soak.midway).toBeGreaterThan(COUNT / 4);
  for (const i of [0, Math.floor(COUNT / 2), COUNT - 1]) {
    const first = await searchFor(page, `zq${i}x`);
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', `log-${String(i).padStart(3, '0')}.md`);
  }
});
