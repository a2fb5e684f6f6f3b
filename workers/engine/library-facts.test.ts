// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../common/db';
import { BUILTIN_MODEL, type ModelInfo } from '../../common/models';
import { exportLibrary, importLibrary } from './backup';
import { Engine, type ModelAccess } from './engine';
import { stillMarked, storedBytes, valueBytes } from './library-facts';
import { addDocument, MODEL } from './library.test-support';

const TEST_MODEL: ModelInfo = { ...BUILTIN_MODEL, id: MODEL, label: 'Test model', dims: 4 };
let dbCount = 0;

/** The test model, with no embedder: keyword search only. */
const models: ModelAccess = {
  activeModel: async () => TEST_MODEL,
  tryEmbedder: async () => null,
  loadEmbedder: () => Promise.reject(new Error('no model in this test')),
  unloadEmbedder: async () => undefined,
};

/** An engine over a fresh database, and a second one, as another tab's. */
function setUp() {
  const db = openDb(`library-facts-test-${dbCount++}`);
  const delay = { quietMs: 60_000, maxWaitMs: 60_000 };
  return { db, engine: new Engine(db, models, delay), otherTab: new Engine(openDb(db.name), models, delay) };
}

async function found(engine: Engine, query: string): Promise<string[]> {
  const response = await engine.search({ query, options: { minRelevance: undefined } });
  return response.hits.map((hit) => hit.docId).sort();
}

describe('an undoable removal', () => {
  it('keeps the records, leaves search at once (here and in another tab), and comes back when undone', async () => {
    const { db, engine, otherTab } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await addDocument(db, 'beta', 'okapi');
    await engine.catchUp();
    await otherTab.catchUp();
    expect(await found(engine, 'zebra')).toEqual(['alpha']);

    await engine.markRemoval(['alpha'], Date.now() + 10_000);
    expect(await found(engine, 'zebra')).toEqual([]);
    expect(await db.documents.count()).toBe(2);
    expect(await db.chunks.count()).toBe(2);
    otherTab.noteChange({ documents: true, settings: false, documentIds: ['alpha'] });
    expect(await found(otherTab, 'zebra')).toEqual([]);
    expect(await stillMarked(db, ['alpha', 'beta'])).toEqual(['alpha']);

    await engine.markRemoval(['alpha'], null);
    expect(await found(engine, 'zebra')).toEqual(['alpha']);
    expect((await db.documents.get('alpha'))?.removeAt).toBeUndefined();
    expect(await stillMarked(db, ['alpha'])).toEqual([]);
  });

  it('is not carried into another library by a backup made inside the window', async () => {
    const { db, engine } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await engine.markRemoval(['alpha'], Date.now() + 10_000);
    const other = openDb(`library-facts-test-${dbCount++}`);
    await importLibrary(other, await exportLibrary(db));
    const imported = await other.documents.get('alpha');
    expect(imported?.status).toBe('ready');
    expect(imported && 'removeAt' in imported).toBe(false);
  });

  it('is not searched after a restart inside its window (the mark is stored)', async () => {
    const { db, engine } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    await engine.markRemoval(['alpha'], Date.now() + 10_000);
    const restarted = new Engine(openDb(db.name), models);
    expect(await found(restarted, 'zebra')).toEqual([]);
    expect(await db.documents.get('alpha')).toBeTruthy();
  });
});

describe('library facts', () => {
  it('answers each document’s headings and the bytes its records take', async () => {
    const { db, engine } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    expect(await engine.headings(['alpha', 'missing'])).toEqual({ alpha: ['Intro'], missing: [] });
    const bytes = await storedBytes(db, 'alpha');
    // The record, its chunks and its vectors (this test document has no original or text).
    expect(bytes).toBeGreaterThan(valueBytes(await db.documents.get('alpha')));
    expect(await storedBytes(db, 'missing')).toBe(0);
  });

  it('counts binary data by its length and text by its characters', () => {
    expect(valueBytes({ a: new Uint8Array(100), b: 'xy', c: [1, 2] })).toBe(2 + 100 + 2 + 4 + 2 + 16);
    expect(valueBytes(new Blob(['hello']))).toBe(5);
  });
});
