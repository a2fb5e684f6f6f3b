// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportLibrary, importLibrary } from './backup';
import {
  ACTIVE_MODEL_KEY,
  MODEL_MIRROR_KEY,
  TARGET_MODEL_KEY,
  openDb,
  type CarrelDb,
  type ModelRecord,
} from '../../common/db';
import { BUILTIN_MODEL, customModel } from '../../common/models';
import { CHUNKING_KEY, OCR_LANGUAGE_KEY, type ChosenSetting } from '../../common/settings';
import { storedVectors } from '../../common/vector-codec';
import { adoptSettings, chooseModel, putModel, removeModel, saveSetting } from './choices';

const OTHER = customModel('test/other', 4, 0);
const record = (id: string): ModelRecord => ({
  id,
  info: customModel(id, 4, 0),
  status: 'ready',
  done: 1,
  total: 1,
  source: 'download',
});
const vectors = (modelId: string, docId: string) =>
  storedVectors({
    modelId,
    docId,
    dims: 4,
    doc: null,
    sectionIds: ['s'],
    sections: new Float32Array([1, 0, 0, 0]),
    propositionIds: [],
    propositions: new Float32Array(),
  });

let db: CarrelDb;
let count = 0;
beforeEach(() => {
  db = openDb(`choices-${count++}`);
});

describe('settings chosen in the page', () => {
  it('stores chunking and OCR language where a backup carries them to another library', async () => {
    const chunking: ChosenSetting = {
      key: CHUNKING_KEY,
      value: { mode: 'paragraph', delimiter: '---', sizes: { section: 600, proposition: 120 } },
    };
    const before = Date.now();
    await saveSetting(db, chunking);
    await saveSetting(db, { key: OCR_LANGUAGE_KEY, value: 'deu' });
    // When it was chosen goes with it: sync's last writer is the one who chose last.
    expect((await db.settings.get(CHUNKING_KEY))?.chosenAt).toBeGreaterThanOrEqual(before);
    const restored = openDb(`choices-${count++}`);
    await importLibrary(restored, await exportLibrary(db));
    expect(await restored.settings.get(CHUNKING_KEY)).toEqual({ ...chunking, chosenAt: expect.any(Number) });
    expect((await restored.settings.get(OCR_LANGUAGE_KEY))?.value).toBe('deu');
  });

  it('refuses the keys the engine keeps for itself', async () => {
    await expect(saveSetting(db, { key: ACTIVE_MODEL_KEY, value: 'x' } as unknown as ChosenSetting)).rejects.toThrow(
      'not a setting the page chooses',
    );
    expect(await db.settings.get(ACTIVE_MODEL_KEY)).toBeUndefined();
  });

  it('adopts a browser’s older copies only where the library has no value yet', async () => {
    await saveSetting(db, { key: OCR_LANGUAGE_KEY, value: 'fra' });
    const adopted = await adoptSettings(db, [
      { key: OCR_LANGUAGE_KEY, value: 'deu' },
      { key: MODEL_MIRROR_KEY, value: 'https://mirror.example' },
    ]);
    expect(adopted).toEqual([MODEL_MIRROR_KEY]);
    expect((await db.settings.get(OCR_LANGUAGE_KEY))?.value).toBe('fra');
    expect((await db.settings.get(MODEL_MIRROR_KEY))?.value).toBe('https://mirror.example');
  });
});

describe('models chosen in the page', () => {
  it('sets the model to switch to, and choosing the active one again ends the switch', async () => {
    await chooseModel(db, OTHER);
    expect((await db.settings.get(TARGET_MODEL_KEY))?.value).toEqual(OTHER);
    await chooseModel(db, BUILTIN_MODEL);
    expect(await db.settings.get(TARGET_MODEL_KEY)).toBeUndefined();
  });

  it('removes a model with its vectors, but never the one search uses or the one being switched to', async () => {
    await Promise.all(['test/a', 'test/b', 'test/c'].map((id) => putModel(db, record(id))));
    await db.vectors.bulkPut([vectors('test/a', 'doc'), vectors('test/b', 'doc'), vectors('test/c', 'doc')]);
    await db.settings.put({ key: ACTIVE_MODEL_KEY, value: record('test/a').info });
    await chooseModel(db, record('test/b').info);

    expect(await removeModel(db, 'test/a')).toBe(false);
    expect(await removeModel(db, 'test/b')).toBe(false);
    expect(await removeModel(db, 'test/c')).toBe(true);
    expect((await db.models.toArray()).map((m) => m.id)).toEqual(['test/a', 'test/b']);
    expect((await db.vectors.toArray()).map((v) => v.modelId).sort()).toEqual(['test/a', 'test/b']);
  });
});
