/**
 * A thousand documents on A reach an empty B through a CouchDB-protocol server: all of them
 * ready and found on B by their own words, and the server holding none of those words.
 * A's library is one synthetic document added through the app and copied in its IndexedDB
 * (scripts/lib/sync-seed.mjs says why). `SYNC_DOCS=N` runs it with another count.
 */
import { writeFileSync } from 'node:fs';
import { copyDocument, markerWord, readyCount, syntheticManual } from '../scripts/lib/sync-seed.mjs';
import { couchPort, device, syncLaptopAndPhone, useCouchServer } from './support/sync-devices';
import { addFiles, expect, generated, searchFor, test } from './support';

const COUNT = Number(process.env.SYNC_DOCS ?? 1000);

test.use({ trace: 'off' });
const couch = useCouchServer({ port: couchPort(1) });

test(`${COUNT} documents on A arrive on an empty B, each found by its words, none of them on the server`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(Math.max(300_000, COUNT * 600));
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [a, b] = await Promise.all(contexts.map((context) => device(context)));
  const template = generated('sync-template.md');
  writeFileSync(template, syntheticManual(4_000, markerWord(0)));
  await addFiles(a!, [template]);
  await expect(a!.locator('[data-testid="doc-row"][data-name="sync-template.md"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  await copyDocument(a!, { name: 'sync-template.md', count: COUNT - 1, prefix: 'manual' });
  expect(await readyCount(a!)).toBe(COUNT);

  await syncLaptopAndPhone(a!, b!, couch().dbUrl('library'));
  await expect.poll(() => readyCount(b!), { timeout: COUNT * 500, intervals: [2_000] }).toBe(COUNT);
  await expect(b!.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 60_000 });

  // A sample of the copies, each found on B by its own word, and that word nowhere on the server.
  const sample = [1, 2, Math.floor(COUNT / 3), Math.floor((2 * COUNT) / 3), COUNT - 1];
  await b!.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  for (const i of sample) {
    const first = await searchFor(b!, markerWord(i));
    await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', `manual-${i}.md`);
  }
  const raw = await couch().rawText('library');
  expect(raw.length).toBeGreaterThan(COUNT * 1_000);
  for (const secret of [...sample.map(markerWord), 'manual-', 'sync-template', 'residuals', 'reshapes'])
    expect(raw).not.toContain(secret);
  await Promise.all(contexts.map((context) => context.close()));
});
