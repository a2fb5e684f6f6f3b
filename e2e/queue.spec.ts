/**
 * The ingest queue as a person sees it: overall progress and time left, pausing (kept over a
 * reload), cancelling, and reading one file while the engine embeds the one before.
 */
import type { Page } from '@playwright/test';
import { addFiles, bigMarkdown, expect, fixture, searchFor, test } from './support';
import { holdWorker } from './support/worker-hold';

/** A long plain-text document of distinct sentences, so reading it takes a few seconds. */
function longText(seed: number, sentences: number): string {
  const words = [
    'river',
    'engine',
    'harvest',
    'signal',
    'lantern',
    'granite',
    'orchard',
    'compass',
    'voltage',
    'meadow',
    'harbour',
    'glacier',
    'circuit',
    'pollen',
    'anchor',
    'canyon',
  ];
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31), state);
  const lines: string[] = [`# Survey ${seed}`, ''];
  for (let i = 0; i < sentences; i++) {
    const picked = Array.from({ length: 9 }, () => words[next() % words.length]);
    lines.push(`Report ${seed}-${i} notes the ${picked.join(' ')} near marker ${next() % 10_000}.`);
    if (i % 12 === 11) lines.push('');
  }
  return lines.join('\n');
}

const row = (page: Page, name: string) => page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
const readyCount = (page: Page) => page.locator('[data-testid="doc-row"][data-status="ready"]').count();

/** Runs in the page before the app: keeps every file stage text shown, since a file's time left may show only briefly. */
function watchStages() {
  const shown = new Set<string>();
  (window as unknown as { shownStages: Set<string> }).shownStages = shown;
  new MutationObserver(() => {
    for (const stage of document.querySelectorAll('[data-testid="doc-stage"]')) shown.add(stage.textContent ?? '');
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

test('the queue shows overall progress and time left, pauses and resumes, and search keeps working', async ({
  page,
}) => {
  await page.addInitScript(watchStages);
  // The page's clock runs as usual; it is moved 2 s on once, below. It starts 10 s behind the
  // workers' clocks, so that it never gets ahead of the times the engine stamps on what it stores
  // (a file's row gives way to its stored document's by those times).
  await page.clock.install({ time: Date.now() - 10_000 });
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const reader = page.workers().find((worker) => worker.url().includes('reader.worker'))!;

  const names = [1, 2, 3, 4, 5].map((n) => `survey-${n}.txt`);
  // A file shows its time left only once it has been read for a while (0.8 s), which a fast
  // machine no longer spends on a file of 4,000 sentences: the reader waits once it has read the
  // first, while the page's clock moves 2 s on, as if reading had taken that long.
  const hold = await holdWorker(page, reader, 'reader', { method: 'read', stage: 'chunking', file: names[0] });
  await page
    .getByTestId('file-input')
    .setInputFiles(
      names.map((name, i) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(longText(i + 1, i ? 1200 : 4000)) })),
    );
  await hold.reached;
  await page.clock.fastForward(2000);
  await hold.resume();

  // One bar for the whole queue, with the number of files and, once the pace is known, the time left.
  const summary = page.getByTestId('queue-summary');
  await expect(summary).toContainText(/of 5 done/);
  await expect(summary).toContainText(/\d+% · about \d+ (s|min) left/);
  await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute('aria-valuenow', /\d+/);
  // Each file being read shows its stage, percentage and time left.
  const stagesShown = () => page.evaluate(() => [...(window as unknown as { shownStages: Set<string> }).shownStages]);
  await expect
    .poll(async () => (await stagesShown()).some((text) => /\d+% · about \d+ (s|min) left/.test(text)))
    .toBe(true);

  await page.getByRole('button', { name: 'Pause all' }).click();
  // The file being read stops (or, if it was saving, finishes); nothing is read after that.
  await expect(
    page.locator('[data-testid="doc-row"][data-status="parsing"], [data-testid="doc-row"][data-status="embedding"]'),
  ).toHaveCount(0);
  // A file that finished as the pause came is briefly neither a job nor a stored row: wait for all six.
  await expect(page.getByTestId('doc-row')).toHaveCount(6);
  await expect(summary).toContainText(/^Paused ·/);
  const paused = page.locator('[data-testid="doc-row"][data-status="queued"]');
  const waiting = await paused.count();
  expect(waiting).toBeGreaterThan(0);
  for (const stage of await page.getByTestId('doc-stage').all()) await expect(stage).toHaveText('Paused');
  const readyWhilePaused = await readyCount(page);

  // Search answers while the queue holds, and nothing more is read in the meantime.
  const first = await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'clinic-notes.md');
  await expect(paused).toHaveCount(waiting);
  expect(await readyCount(page)).toBe(readyWhilePaused);

  // One file resumed alone: it is read to the end while the others stay paused.
  const one = paused.first();
  const oneName = (await one.getAttribute('data-name'))!;
  await one.getByRole('button', { name: `Resume ${oneName}` }).click();
  await expect(row(page, oneName)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(summary).toContainText(/^Paused ·/);
  await expect(paused).toHaveCount(waiting - 1);

  await page.getByRole('button', { name: 'Resume all' }).click();
  for (const name of names) await expect(row(page, name)).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);
});

/** The `paused` flag of each file in the stored ingest queue, by name. */
function storedPauses(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(async () => {
    const open = indexedDB.open('carrel');
    const db: IDBDatabase = await new Promise(
      (resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = reject)),
    );
    const jobs: { file: File; paused?: boolean }[] = await new Promise((resolve) => {
      const request = db.transaction('jobs').objectStore('jobs').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return Object.fromEntries(jobs.map((job) => [job.file.name, !!job.paused]));
  });
}

test('a paused file stays paused after a reload while the rest of the queue is read', async ({ page }) => {
  await page.goto('/');
  const names = [1, 2, 3].map((n) => `log-${n}.txt`);
  await page
    .getByTestId('file-input')
    .setInputFiles(
      names.map((name, i) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(longText(i + 11, 600)) })),
    );
  // The newest file is read last: pause it while it waits.
  const held = row(page, 'log-3.txt');
  await held.getByRole('button', { name: 'Pause log-3.txt' }).click();
  await expect(held.getByTestId('doc-stage')).toHaveText('Paused');
  await expect.poll(() => storedPauses(page).then((pauses) => pauses['log-3.txt'])).toBe(true);

  await page.reload();
  await expect(held).toHaveAttribute('data-status', 'queued');
  await expect(held.getByTestId('doc-stage')).toHaveText('Paused');
  await expect(held.getByRole('button', { name: 'Resume log-3.txt' })).toBeVisible();
  for (const name of names.slice(0, 2))
    await expect(row(page, name)).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  // The queue has nothing else to do, and still leaves it alone.
  await expect(page.getByTestId('queue-summary')).toContainText(/^Paused ·/);
  await expect(held).toHaveAttribute('data-status', 'queued');
  await expect(held.getByTestId('doc-stage')).toHaveText('Paused');

  await held.getByRole('button', { name: 'Resume log-3.txt' }).click();
  await expect(held).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  expect(await storedPauses(page)).toEqual({});
});

/**
 * Runs in the page before the app: notes, in order, when a worker answers an aborted call (it has
 * stopped) and each change of slow.txt's stage.
 */
function watchPauses() {
  const seen: string[] = [];
  (window as unknown as { seen: typeof seen }).seen = seen;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event) => {
        const answer = event.data as { type?: string; error?: { code?: string } };
        if (answer?.type === 'error' && answer.error?.code === 'ABORTED') seen.push('worker stopped');
      });
    }
  };
  new MutationObserver(() => {
    // The stage without its percentage and time left: "Pausing… · 35%" is "Pausing…".
    const stage =
      document
        .querySelector('[data-testid="doc-row"][data-name="slow.txt"] [data-testid="doc-stage"]')
        ?.textContent?.split(' · ')[0] ?? '';
    if (stage !== seen.findLast((entry) => entry !== 'worker stopped')) seen.push(stage);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

test('a file being read shows as paused only once the worker has stopped reading it', async ({ page }) => {
  await page.addInitScript(watchPauses);
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  // The engine waits as it starts embedding, so the pause lands while it has the file, on any machine;
  // the file has several of the engine's batches, after each of which it looks for a pause.
  const hold = await holdWorker(page, await engineStarted, 'engine', { method: 'storeHandedOver', stage: 'embedding' });
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'slow.txt', mimeType: 'text/plain', buffer: Buffer.from(longText(21, 400)) }]);
  const slow = row(page, 'slow.txt');
  await hold.reached;
  await expect(slow).toHaveAttribute('data-status', 'embedding');
  await slow.getByRole('button', { name: 'Pause slow.txt' }).click();
  await expect(slow.getByTestId('doc-stage')).toContainText('Pausing…');
  await hold.resume();
  await expect(slow.getByTestId('doc-stage')).toHaveText('Paused');
  await expect(slow).toHaveAttribute('data-status', 'queued');

  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  // "Pausing…" while the worker finishes its step, then the worker's answer, then "Paused".
  expect(seen.slice(seen.indexOf('Pausing…'))).toEqual(['Pausing…', 'worker stopped', 'Paused']);

  await slow.getByRole('button', { name: 'Resume slow.txt' }).click();
  await expect(slow).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
});

test('a file can be cancelled while it is read or while it waits; neither is kept', async ({ page }) => {
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  // The engine waits as it starts embedding the first file, so it is still being read when cancelled, however fast the machine.
  const hold = await holdWorker(page, await engineStarted, 'engine', { method: 'storeHandedOver', stage: 'embedding' });
  const names = ['reading.txt', 'waiting.txt', 'kept.txt'];
  await page
    .getByTestId('file-input')
    .setInputFiles(
      names.map((name, i) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(longText(i + 31, 1500)) })),
    );
  await hold.reached;
  await expect(row(page, 'reading.txt')).toHaveAttribute('data-status', 'embedding');
  await page.getByRole('button', { name: 'Cancel waiting.txt' }).click();
  await expect(row(page, 'waiting.txt')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel reading.txt' }).click();
  await hold.resume();
  await expect(row(page, 'reading.txt')).toHaveCount(0);

  // The queue goes on with the file left; the cancelled ones never become documents, even after a reload.
  await expect(row(page, 'kept.txt')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
  // Nothing is left in the stored queue for a reload to pick up again.
  await expect.poll(() => storedPauses(page)).toEqual({});
  await page.reload();
  await expect(row(page, 'kept.txt')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
});

test('the next file is read while the engine embeds the one before, and is stored after it', async ({ page }) => {
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  // The engine waits as it starts embedding the first file, however fast the machine.
  const hold = await holdWorker(page, await engineStarted, 'engine', { method: 'storeHandedOver', stage: 'embedding' });
  await page.getByTestId('file-input').setInputFiles([
    { name: 'first.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(3)) },
    {
      name: 'second.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The bell founder tunes each bell by shaving bronze from its lip.'),
    },
  ]);
  // Seen together: the first file with the engine, the second already read by the file reader and waiting for it.
  await expect
    .poll(
      async () => [
        await row(page, 'first.md').getByTestId('doc-stage').textContent(),
        await row(page, 'second.txt').getByTestId('doc-stage').textContent(),
      ],
      { timeout: 60_000 },
    )
    .toEqual([expect.stringMatching(/^Embedding \d+ of \d+/), expect.stringMatching(/^Read · waiting to be indexed/)]);
  await hold.resume();
  // The engine takes the second file only once the first is stored.
  await expect(row(page, 'second.txt')).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  expect(await row(page, 'first.md').getAttribute('data-status')).toBe('ready');
  const found = await searchFor(page, 'bell founder tunes bronze');
  await expect(found.getByTestId('result-doc')).toHaveAttribute('data-name', 'second.txt');
});

/** Runs in the page before the app: records every value the overall bar and its "N of M done" show. */
function watchOverall() {
  const shown: { percent: number; done: number }[] = [];
  (window as unknown as { overall: typeof shown }).overall = shown;
  new MutationObserver(() => {
    const bar = document.querySelector('[role="progressbar"][aria-label="Overall progress"]');
    const summary = document.querySelector('[data-testid="queue-summary"]')?.textContent ?? '';
    if (!bar) return;
    const entry = {
      percent: Number(bar.getAttribute('aria-valuenow')),
      done: Number(/(\d+) of \d+ done/.exec(summary)?.[1] ?? 0),
    };
    const last = shown.at(-1);
    if (!last || last.percent !== entry.percent || last.done !== entry.done) shown.push(entry);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

test('the overall bar and its count only go forward when files join a running queue', async ({ page }) => {
  await page.addInitScript(watchOverall);
  const engineStarted = page.waitForEvent('worker', (worker) => worker.url().includes('engine.worker'));
  await page.goto('/');
  // The engine waits as it starts embedding the first file, a third of the way on the bar, however fast the machine.
  const hold = await holdWorker(page, await engineStarted, 'engine', { method: 'storeHandedOver', stage: 'embedding' });
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'first.md', mimeType: 'text/markdown', buffer: Buffer.from(bigMarkdown(30)) }]);
  await hold.reached;
  const bar = page.getByRole('progressbar', { name: 'Overall progress' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(20);
  // Three more, larger in all than the first: by bytes, the share done would fall.
  await page.getByTestId('file-input').setInputFiles(
    [1, 2, 3].map((n) => ({
      name: `more-${n}.md`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(bigMarkdown(15 + n)),
    })),
  );
  await expect(row(page, 'more-3.md')).toBeVisible();
  await hold.resume();
  for (const name of ['first.md', 'more-1.md', 'more-2.md', 'more-3.md'])
    await expect(row(page, name)).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  const shown = await page.evaluate(
    () => (window as unknown as { overall: { percent: number; done: number }[] }).overall,
  );
  expect(shown.length).toBeGreaterThan(2);
  for (let i = 1; i < shown.length; i++) {
    expect(shown[i]!.percent, `bar at step ${i}: ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(
      shown[i - 1]!.percent,
    );
    expect(shown[i]!.done).toBeGreaterThanOrEqual(shown[i - 1]!.done);
  }
});

test('the done panel counts its own batch: a batch whose only file fails does not show the last one, and one dismissed comes back with the next', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  await expect(page.getByTestId('queue-done')).toContainText('1 file added');

  await page.getByTestId('file-input').setInputFiles([
    {
      name: 'archive.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    },
  ]);
  await expect(row(page, 'archive.txt')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('queue-progress')).toHaveCount(0);
  await expect(page.getByTestId('queue-done')).toHaveCount(0);

  // Dismissed, a done panel stays away; the next files read bring their own.
  await addFiles(page, [fixture('council-notes.md')]);
  await page.getByTestId('queue-done').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('queue-done')).toHaveCount(0);
  await addFiles(page, [fixture('garten-notizen.md')]);
  await expect(page.getByTestId('queue-done')).toContainText('1 file added');
});
