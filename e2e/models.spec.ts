/**
 * Bring your own model: a second model (made from the built-in one, 64 dimensions, another id) is
 * served by a stand-in for the Hugging Face hub. The user points Carrel at it, downloads it with
 * progress, switches the library to it, and searches with it offline after a reload.
 */
import type { FakeHub } from './fake-hub';
import {
  HUB_ORIGIN,
  MODEL_ID,
  modelRow,
  startStandInHub,
  useStandInHub as pointAtHub,
  vectorsPerModel,
} from './stand-in-hub';
import { addFiles, expect, fixture, searchFor, test } from './support';

test.describe.configure({ mode: 'serial' });
test.use({ allowedOrigins: [HUB_ORIGIN] });

let hub: FakeHub;

test.beforeAll(async () => {
  hub = await startStandInHub();
});

test.afterAll(async () => {
  await hub.close();
});

test.afterEach(() => {
  hub.heal();
});

const useStandInHub = (page: import('@playwright/test').Page) => pointAtHub(page, hub);
const row = (page: import('@playwright/test').Page) => modelRow(page);

test(
  'download a model from the hub, switch the library to it, and search with it offline',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    await page.goto('/');
    await addFiles(page, [fixture('clinic-notes.md')]);
    await useStandInHub(page);

    // The catalogue lists the built-in model in use and the transformer models with their costs.
    await expect(page.locator('[data-testid="model-row"][data-model-id="carrel-glove-50k"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    await expect(page.locator('[data-testid="model-row"][data-model-id="Xenova/bge-small-en-v1.5"]')).toContainText(
      '384 dimensions',
    );

    await page.getByTestId('model-custom-id').fill(MODEL_ID);
    await page.getByTestId('model-add').click();
    await expect(row(page).getByTestId('model-progress')).toContainText('% ·');
    await expect(row(page)).toHaveAttribute('data-status', 'available');
    await expect(row(page).getByTestId('model-offline')).toHaveText('Available offline');
    await expect(row(page)).toContainText('64 dimensions');
    // No WebGPU adapter in this browser: the int8 weights were fetched, for WASM.
    await expect(row(page)).toHaveAttribute('data-weights', 'q8');
    await expect(row(page)).toContainText('int8 weights');

    await row(page).getByTestId('model-use').click();
    await expect(row(page)).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('model-status')).toContainText(MODEL_ID);
    // A transformer model prefers WebGPU; without an adapter it runs on WASM.
    await expect(page.getByTestId('model-status')).toHaveAttribute('data-device', 'wasm');
    // Vectors are kept per model: the built-in model's are still there beside the new ones.
    expect(await vectorsPerModel(page)).toEqual({ 'carrel-glove-50k': [100, 1], [MODEL_ID]: [64, 1] });
    await page.getByRole('button', { name: 'Close' }).click();

    // A paraphrase sharing no content word with its answer: only the dense leg can find it.
    const first = await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
    await expect(page.getByTestId('result-summary')).toHaveAttribute('data-model-id', MODEL_ID);

    // Offline, after a reload: the model comes from the browser's cache, not the hub.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    const servedBefore = hub.served();
    await context.setOffline(true);
    await page.reload();
    const again = await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(again.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
    await expect(page.getByTestId('result-summary')).toHaveAttribute('data-model-id', MODEL_ID);
    await context.setOffline(false);
    expect(hub.served()).toBe(servedBefore);

    // Back to the built-in model; then removing the downloaded one frees its files and vectors.
    await page.getByTestId('settings-button').click();
    await page.locator('[data-testid="model-row"][data-model-id="carrel-glove-50k"]').getByTestId('model-use').click();
    await expect(page.getByTestId('model-status')).toContainText('Built-in');
    await row(page).getByTestId('model-remove').click();
    await expect(row(page)).toHaveCount(0);
    expect(await vectorsPerModel(page)).toEqual({ 'carrel-glove-50k': [100, 1] });
    expect(await page.evaluate(async () => (await (await caches.open('carrel-models')).keys()).length)).toBe(0);
  },
);

test(
  'an interrupted download resumes after a reload without fetching again what arrived',
  { tag: '@service-worker' },
  async ({ page }) => {
    const start = hub.served();
    await page.goto('/');
    await useStandInHub(page);
    // The connection drops after 3 MB: the JSON files and the first 2 MB part of the weights arrive.
    hub.cutAfter(3_000_000);
    await page.getByTestId('model-custom-id').fill(MODEL_ID);
    await page.getByTestId('model-add').click();
    await expect(row(page)).toHaveAttribute('data-status', 'interrupted');
    await expect(row(page).getByTestId('error')).toContainText('the connection was interrupted');

    // A closed tab loses nothing that was stored: the row still offers to resume.
    await page.reload();
    await page.getByTestId('settings-button').click();
    await expect(row(page)).toHaveAttribute('data-status', 'interrupted');
    hub.heal();
    const before = hub.served();
    await row(page).getByTestId('model-resume').click();
    await expect(row(page)).toHaveAttribute('data-status', 'available');

    // Only what was missing came the second time: less than the model, and in all less than the
    // model plus the one part that broke off (a restart from zero would add the whole 3 MB again).
    const modelBytes = await page.evaluate(async (id) => {
      const cache = await caches.open('carrel-models');
      const sizes = await Promise.all(
        (await cache.keys())
          .filter((r) => r.url.includes(id))
          .map(async (r) => (await (await cache.match(r))!.blob()).size),
      );
      return sizes.reduce((a, b) => a + b, 0);
    }, MODEL_ID);
    expect(modelBytes).toBeGreaterThan(4_000_000);
    expect(hub.served() - before).toBeLessThan(modelBytes - 2 * 2 ** 20);
    expect(hub.served() - start).toBeLessThan(modelBytes + 2 * 2 ** 20);

    // The parts were joined into a model that loads.
    await row(page).getByTestId('model-use').click();
    await expect(page.getByTestId('model-status')).toContainText(MODEL_ID);
  },
);

test('a download can be cancelled and resumed', { tag: '@service-worker' }, async ({ page }) => {
  await page.goto('/');
  await useStandInHub(page);
  await page.getByTestId('model-custom-id').fill(MODEL_ID);
  await page.getByTestId('model-add').click();
  await expect(row(page).getByTestId('model-progress')).toBeVisible();
  await row(page).getByTestId('model-cancel').click();
  await expect(row(page)).toHaveAttribute('data-status', 'interrupted');
  // Cancelling is not a failure: no error is shown.
  await expect(row(page).getByTestId('error')).toHaveCount(0);
  await row(page).getByTestId('model-resume').click();
  await expect(row(page)).toHaveAttribute('data-status', 'available');
});

test(
  'a download that cannot start says the network is unreachable, in plain words, and leaves nothing to resume',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    await page.goto('/');
    await useStandInHub(page);
    // No network: every request to the hub fails before an answer.
    await context.route(`${HUB_ORIGIN}/**`, (route) => route.abort('internetdisconnected'));
    const minilm = modelRow(page, 'Xenova/all-MiniLM-L6-v2');
    await minilm.getByTestId('model-download').click();
    const error = minilm.getByTestId('error');
    await expect(error).toContainText('cannot be reached: this device seems to be offline');
    await expect(error).toContainText('Nothing was downloaded');
    await expect(error).toContainText('press Download again');
    await expect(error).not.toContainText(/config\.json|interrupted|Resume/);
    await expect(minilm).toHaveAttribute('data-status', 'not-downloaded');
    await expect(minilm.getByTestId('model-progress')).toHaveCount(0);
    await expect(minilm.getByTestId('model-download')).toBeVisible();
  },
);
