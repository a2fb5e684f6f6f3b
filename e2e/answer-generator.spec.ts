/**
 * Generated answers with the tiny test generator (scripts/make-test-generator.mjs), served by the
 * stand-in hub: download, ask, tokens stream in with working citations; an offline reload still
 * answers; a download can be watched and cancelled; a model that fails to load falls back to the
 * extractive answer with a message.
 */
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { ANSWER_TEXT, makeTestGenerator } from '../scripts/make-test-generator.mjs';
import type { FakeHub } from './fake-hub';
import { HUB_ORIGIN, startStandInHub, useStandInHub } from './stand-in-hub';
import { addFiles, expect, fixture, reloadPastServiceWorker, searchFor, test } from './support';

test.describe.configure({ mode: 'serial' });
test.use({ allowedOrigins: [HUB_ORIGIN] });

const GENERATOR_ID = 'carrel-test/tiny-generator';
const SLOW_ID = 'carrel-test/slow-generator';
let hub: FakeHub;

test.beforeAll(async () => {
  makeTestGenerator({ out: join(import.meta.dirname, '..', 'test-results', 'hub', GENERATOR_ID) });
  makeTestGenerator({ out: join(import.meta.dirname, '..', 'test-results', 'hub', SLOW_ID), slow: true });
  hub = await startStandInHub();
});

test.afterAll(async () => {
  await hub.close();
});

async function chooseGenerator(page: Page, id: string) {
  await useStandInHub(page, hub);
  await page.getByTestId('generator-id').fill(id);
  await page.getByTestId('generator-use').click();
}

test(
  'the test generator downloads, streams a cited answer, and answers again offline after a reload',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    await page.goto('/');
    await addFiles(page, [fixture('clinic-notes.md')]);
    await chooseGenerator(page, GENERATOR_ID);
    const status = page.getByTestId('generator-status');
    await expect(status).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(status).toContainText('running on the processor');
    // The list shows the model in use, though it was added by its name.
    await expect(page.getByTestId('generator-pick')).toHaveValue(GENERATOR_ID);
    await expect(page.getByTestId('generator-pick').locator('option:checked')).toContainText('(in use)');
    await page.getByRole('button', { name: 'Close' }).click();

    // Record the text as it grows: it must arrive in pieces, not at once.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { answerSnapshots: string[] }).answerSnapshots = seen;
      new MutationObserver(() => {
        const text =
          document.querySelector('[data-testid="answer"][data-kind="generated"] [data-testid="answer-text"]')
            ?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await searchFor(page, 'what did the physician prescribe');
    const answer = page.getByTestId('answer');
    await expect(answer).toHaveAttribute('data-kind', 'generated');
    await expect(answer).toHaveAttribute('data-state', 'done');
    const words = (t: string) =>
      t
        .replace(/\[\d+\]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    await expect(answer.getByTestId('answer-text')).toContainText('The first source answers this');
    expect(words(await answer.getByTestId('answer-text').innerText())).toBe(
      words(ANSWER_TEXT.replace(' .', '.').replace(/\[\d+\]/g, '')),
    );
    const snapshots = await page.evaluate(() => (window as unknown as { answerSnapshots: string[] }).answerSnapshots);
    expect(snapshots.length).toBeGreaterThan(3);

    // [1] links source 1; [2] is kept only if there is a second source.
    const sourceCount = await answer.getByTestId('answer-source').count();
    const cited = await answer
      .getByTestId('answer-citation')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-source'))));
    expect(cited[0]).toBe(1);
    for (const n of cited) expect(n).toBeLessThanOrEqual(sourceCount);
    await answer.getByTestId('answer-citation').first().click();
    await expect(page.getByTestId('viewer').getByTestId('viewer-highlight')).toBeVisible();
    await page.getByTestId('viewer').getByRole('button', { name: /back/i }).click();

    // Offline, after a reload: the generator loads from the cache and answers again.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    await searchFor(page, 'what did the physician prescribe');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-kind', 'generated', { timeout: 60_000 });
    await expect(page.getByTestId('answer')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('answer').getByTestId('answer-text')).toContainText('The first source answers this');
    await context.setOffline(false);
  },
);

test(
  'a generator chosen on a page the service worker does not control yet still answers offline after a reload',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    // Nothing controls the page, nor the generator's worker, so the service worker never sees the
    // WebGPU-capable runtime that worker fetches (as on a first visit, before it takes over).
    await reloadPastServiceWorker(page);
    await addFiles(page, [fixture('clinic-notes.md')]);
    await chooseGenerator(page, GENERATOR_ID);
    await expect(page.getByTestId('generator-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    const kept = await page.evaluate(async () =>
      (await (await caches.open('carrel-gpu-runtime')).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(kept.filter((path) => /asyncify.*\.(mjs|wasm)$/.test(path))).toHaveLength(2);

    await context.setOffline(true);
    await page.reload();
    await searchFor(page, 'what did the physician prescribe');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-kind', 'generated', { timeout: 60_000 });
    await expect(page.getByTestId('answer').getByTestId('answer-text')).toContainText('The first source answers this');
    await context.setOffline(false);
  },
);

test(
  'the answer model download shows its progress and can be cancelled; answers stay extractive, and downloading again makes it ready',
  { tag: '@service-worker' },
  async ({ page }) => {
    await page.goto('/');
    await addFiles(page, [fixture('clinic-notes.md')]);
    // The hub holds the weights part way, as a slow line would, so the download is under way when cancelled.
    hub.holdAfter(1_500);
    await chooseGenerator(page, GENERATOR_ID);
    const status = page.getByTestId('generator-status');
    await expect(status).toHaveAttribute('data-status', 'downloading');
    const progress = page.getByTestId('generator-progress');
    await expect(progress).toContainText(/\d+% · [\d.]+ MB of [\d.]+ MB/);
    const percent = Number(await progress.getAttribute('data-percent'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);

    await page.getByTestId('generator-cancel').click();
    await expect(status).toHaveAttribute('data-status', 'off');
    await expect(status).toContainText('cancelled');
    await expect(page.getByTestId('generator-progress')).toHaveCount(0);
    await expect(page.getByTestId('generator-cancel')).toHaveCount(0);
    hub.heal();
    // Nothing half-downloaded was taken for the model: the saved choice is none, and answers quote the documents.
    await page.getByRole('button', { name: 'Close' }).click();
    await searchFor(page, 'what did the physician prescribe');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-kind', 'extractive');
    await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');

    await page.getByTestId('settings-button').click();
    await page.getByTestId('generator-id').fill(GENERATOR_ID);
    await page.getByTestId('generator-use').click();
    await expect(status).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Close' }).click();
    await searchFor(page, 'how long does the course of antibiotics last');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-kind', 'generated');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-state', 'done');
  },
);

test(
  'a generator that fails to load leaves the extractive answer, with a message',
  { tag: '@service-worker' },
  async ({ page }) => {
    await page.goto('/');
    await addFiles(page, [fixture('clinic-notes.md')]);
    await chooseGenerator(page, 'carrel-test/no-such-generator');
    const status = page.getByTestId('generator-status');
    await expect(status).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
    await expect(status).toContainText('could not be loaded');
    await expect(status).toContainText('Answers stay extractive');
    await page.getByRole('button', { name: 'Close' }).click();
    await searchFor(page, 'what did the physician prescribe');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-kind', 'extractive');
    await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
  },
);

test(
  'Stop ends the answer and it stays, marked stopped; a new question cancels the answer under way',
  { tag: '@service-worker' },
  async ({ page }) => {
    await page.goto('/');
    await addFiles(page, [fixture('clinic-notes.md')]);
    await chooseGenerator(page, SLOW_ID);
    await expect(page.getByTestId('generator-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Close' }).click();

    const answer = page.getByTestId('answer');
    const text = answer.getByTestId('answer-text');
    await searchFor(page, 'what did the physician prescribe');
    await expect(answer).toHaveAttribute('data-state', 'streaming');
    await expect(text).toContainText('The first source');
    // A new question: the answer under way is dropped and the new one starts from its first word.
    await expect(text).toContainText('as cited. The first source', { timeout: 60_000 });
    await page.getByTestId('search-input').fill('how long does the course of antibiotics last');
    await expect(answer).toHaveAttribute('data-state', 'streaming');
    await expect(text).not.toContainText('as cited. The first source');
    // The second search and the generator's first words: as long as the first answer was given.
    await expect(text).toContainText('The first source', { timeout: 60_000 });

    await answer.getByTestId('answer-stop').click();
    await expect(answer).toHaveAttribute('data-state', 'stopped');
    await expect(answer).toContainText('stopped');
    await expect(answer.getByTestId('answer-stop')).toHaveCount(0);
    const kept = await text.innerText();
    expect(kept.length).toBeGreaterThan(0);
    // Nothing more arrives once stopped: the text is the same after the worker has had time to send more.
    await expect(page.getByTestId('generator-status')).toHaveAttribute('data-status', 'ready');
    await page.waitForFunction(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))),
    );
    expect(await text.innerText()).toBe(kept);
  },
);
