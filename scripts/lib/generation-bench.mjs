/**
 * The bench's `generation` block: the tiny test generator (written into the harness's /models/)
 * and any real generator under public/models (a folder with a generation_config.json), each on
 * WASM and on the WebGPU adapter when there is one. The test model's figures measure the runtime
 * and worker round trips, not a language model.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestGenerator } from '../make-test-generator.mjs';
import { HARNESS_DIR, PROJECT } from './harness-build.mjs';

const TEST_GENERATOR = 'carrel-test/tiny-generator';

/** Hub-style ids (owner/name) of the generators served from public/models. */
function servedGenerators() {
  const root = join(PROJECT, 'public', 'models');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((owner) => owner.isDirectory())
    .flatMap((owner) =>
      readdirSync(join(root, owner.name), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${owner.name}/${d.name}`),
    )
    .filter((id) => existsSync(join(root, id, 'generation_config.json')));
}

/**
 * Runs the block in the harness `page`; resolves to model id → device → figures.
 * @param {import('@playwright/test').Page} page
 * @param {{log?: (line: string) => void}} [options]
 */
export async function generationBlock(page, { log = () => {} } = {}) {
  makeTestGenerator({ out: join(HARNESS_DIR, 'models', TEST_GENERATOR) });
  const ids = [TEST_GENERATOR, ...servedGenerators()];
  const result = await page.evaluate((list) => window.carrel.generation(list), ids);
  log(`generation: ${JSON.stringify(result)}`);
  return result;
}
