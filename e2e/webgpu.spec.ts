/**
 * WebGPU, with Chromium's software adapter (`--enable-unsafe-webgpu`: SwiftShader, without
 * shader-f16). A transformer model downloads its fp32 weights and runs on WebGPU, in fresh workers:
 * the ones that had run the built-in model loaded the WASM-only runtime, which cannot start WebGPU.
 * (Without the flag, e2e/models.spec.ts shows the same model on WASM with int8 weights.)
 */
import type { FakeHub } from './fake-hub';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/chromium.mjs';
import { HUB_ORIGIN, MODEL_ID, modelRow, startStandInHub, useStandInHub, vectorsPerModel } from './stand-in-hub';
import { addFiles, expect, fixture, searchFor, test } from './support';

test.use({
  allowedOrigins: [HUB_ORIGIN],
  launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'] },
});

let hub: FakeHub;

test.beforeAll(async () => {
  hub = await startStandInHub();
});

test.afterAll(async () => {
  await hub.close();
});

test(
  'a downloaded transformer model runs on WebGPU when the browser has an adapter',
  { tag: '@service-worker' },
  async ({ page, context }) => {
    await page.goto('/');
    expect(
      await page.evaluate(async () => {
        // Chromium has navigator.gpu; TypeScript's DOM library does not describe it yet.
        const { gpu } = navigator as Navigator & { gpu?: { requestAdapter(): Promise<object | null> } };
        return !!(await gpu?.requestAdapter());
      }),
    ).toBe(true);
    // The built-in model still runs on WASM: a table lookup gains nothing from a GPU.
    await addFiles(page, [fixture('clinic-notes.md')]);
    await expect(page.getByTestId('model-status')).toHaveAttribute('data-device', 'wasm');

    await useStandInHub(page, hub);
    // The catalogue offers WebGPU weights here: fp32, as this adapter has no shader-f16.
    await expect(modelRow(page, 'Xenova/all-MiniLM-L6-v2')).toContainText('fp32 weights for WebGPU');
    await page.getByTestId('model-custom-id').fill(MODEL_ID);
    await page.getByTestId('model-add').click();
    await expect(modelRow(page)).toHaveAttribute('data-status', 'available');
    await expect(modelRow(page)).toHaveAttribute('data-weights', 'fp32');

    await modelRow(page).getByTestId('model-use').click();
    await expect(modelRow(page)).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('model-status')).toHaveAttribute('data-device', 'webgpu');
    await expect(page.getByTestId('model-status')).toContainText(`${MODEL_ID} · on the graphics card`);
    await expect(page.getByTestId('model-device')).toHaveText('the graphics card');
    expect(await vectorsPerModel(page)).toEqual({ 'carrel-glove-50k': [100, 1], [MODEL_ID]: [64, 1] });
    await page.getByRole('button', { name: 'Close' }).click();

    // Only the dense leg can find this paraphrase: the answer comes from the WebGPU session.
    const first = await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
    await expect(page.getByTestId('result-summary')).toHaveAttribute('data-model-id', MODEL_ID);
    // …and it stayed there: a failed GPU call would have moved the session to WASM.
    await expect(page.getByTestId('result-summary')).toHaveAttribute('data-device', 'webgpu');

    // After a reload, offline, the workers plan for WebGPU from the start: the model and the WebGPU
    // runtime (not precached, kept by the service worker when first used) come from the caches.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('model-status')).toHaveAttribute('data-device', 'webgpu');
    const again = await searchFor(page, 'doctor gave medicine for the sickness');
    await expect(again.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
    await expect(page.getByTestId('result-summary')).toHaveAttribute('data-device', 'webgpu');
    await context.setOffline(false);
  },
);
