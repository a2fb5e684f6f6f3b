/**
 * Makes an installed model the engine's: a catalogue entry, or any model under /models/ID
 * (`npm run models:fetch -- ID`). Set before documents are added, so every vector is the model's.
 */
import { engine } from '../../src/lib/workers';
import { ACTIVE_MODEL_KEY } from '../../common/db';
import { CATALOGUE, customModel, modelFilePath } from '../../common/models';
import { pageDb } from './page-db';

export async function useModel(id: string) {
  const response = await fetch(modelFilePath(id, 'config.json'));
  const json = (response.headers.get('Content-Type') ?? '').includes('json');
  if (!response.ok || !json)
    throw new Error(`${id} is not installed under public/models/. Run: npm run models:fetch -- ${id}`);
  const config = (await response.json()) as { hidden_size: number };
  const info = CATALOGUE.find((m) => m.id === id) ?? customModel(id, config.hidden_size, 0);
  await pageDb().settings.put({ key: ACTIVE_MODEL_KEY, value: info });
  return engine.api.init({}, { timeoutMs: 300_000 });
}
