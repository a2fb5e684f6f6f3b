/**
 * What the model specs share: the test model (made from the built-in one, 64 dimensions, another
 * id) served by the stand-in hub, and the steps to point Carrel at it.
 */
import type { Page } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { OCR_LANGUAGE_REPO, ocrLanguageFile } from '../common/ocr-languages';
import { makeTestModel } from '../scripts/make-test-model.mjs';
import { HUB_PORT, startFakeHub, type FakeHub } from './fake-hub';
import { expect } from './support';

export const MODEL_ID = 'carrel-test/glove-64';
export const HUB_ORIGIN = `http://127.0.0.1:${HUB_PORT}`;
const HUB_ROOT = join(import.meta.dirname, '..', 'test-results', 'hub');

/** Makes the test model and starts the hub serving it. */
export async function startStandInHub(): Promise<FakeHub> {
  await makeTestModel({ dims: 64, out: join(HUB_ROOT, MODEL_ID) });
  return startFakeHub(HUB_ROOT, HUB_PORT);
}

/** Starts the hub serving tesseract's German model (from npm's @tesseract.js-data/deu) as OCR language files. */
export async function startLanguageHub(): Promise<FakeHub> {
  const folder = join(HUB_ROOT, OCR_LANGUAGE_REPO);
  mkdirSync(folder, { recursive: true });
  copyFileSync(
    join(import.meta.dirname, '..', 'node_modules/@tesseract.js-data/deu/4.0.0_best_int/deu.traineddata.gz'),
    join(folder, ocrLanguageFile('deu')),
  );
  return startFakeHub(HUB_ROOT, HUB_PORT);
}

/** Opens Settings and points model downloads at the stand-in hub. */
export async function useStandInHub(page: Page, hub: FakeHub) {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('model-mirror').fill(hub.url);
  await page.getByTestId('model-mirror-save').click();
  await expect(page.getByTestId('model-message')).toContainText(hub.url);
}

export const modelRow = (page: Page, id = MODEL_ID) => page.locator(`[data-testid="model-row"][data-model-id="${id}"]`);

/** The vectors stored per model: model id → [dims, documents]. */
export function vectorsPerModel(page: Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('carrel');
    const db: IDBDatabase = await new Promise(
      (resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = reject)),
    );
    const request = db.transaction('vectors').objectStore('vectors').getAll();
    const records: { modelId: string; dims: number }[] = await new Promise(
      (resolve) => (request.onsuccess = () => resolve(request.result)),
    );
    db.close();
    const out: Record<string, [number, number]> = {};
    for (const { modelId, dims } of records) out[modelId] = [dims, (out[modelId]?.[1] ?? 0) + 1];
    return out;
  });
}
