// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie, { RangeSet } from 'dexie';
import { describe, expect, it } from 'vitest';
import { exportLibrary } from './backup';
import { openDb, type CarrelDb } from '../../common/db';
import { BUILTIN_MODEL, type ModelInfo } from '../../common/models';
import { Engine, type ModelAccess } from './engine';
import { changedParts } from '../../common/db-changes';
import { storedBytes } from './library-facts';
import { restoreSnapshot } from './snapshot';
import { addDocument, MODEL, readDocument } from './library.test-support';
import type { StoreRequest } from '../../common/ingest';

const TEST_MODEL: ModelInfo = { ...BUILTIN_MODEL, id: MODEL, label: 'Test model', dims: 4 };
const OTHER_MODEL: ModelInfo = { ...TEST_MODEL, id: 'other-model', label: 'Other model' };

let dbCount = 0;

/** An engine over a fresh database with no embedder (keyword search), whose active model the test sets. */
function setUp(delay = { quietMs: 60_000, maxWaitMs: 60_000 }) {
  const db = openDb(`engine-test-${dbCount++}`);
  const state = { active: TEST_MODEL, activeReads: 0, unloaded: [] as string[] };
  const models: ModelAccess = {
    activeModel: async () => {
      state.activeReads++;
      return state.active;
    },
    tryEmbedder: async () => null,
    loadEmbedder: () => Promise.reject(new Error('no model in this test')),
    unloadEmbedder: async (id) => void state.unloaded.push(id),
  };
  const engine = new Engine(db, models, delay);
  return { db, engine, state, models };
}

/** The names of the documents a keyword query finds. */
async function found(engine: Engine, query: string): Promise<string[]> {
  const response = await engine.search({ query, options: { minRelevance: undefined } });
  return response.hits.map((hit) => hit.docId).sort();
}

/** Counts the reads of the documents table, the one a query used to read every time. */
function countDocumentReads(db: CarrelDb): { reads: number } {
  const counter = { reads: 0 };
  db.documents.hook('reading', (record) => (counter.reads++, record));
  const where = db.documents.where.bind(db.documents);
  db.documents.where = ((index: string) => (counter.reads++, where(index))) as typeof db.documents.where;
  return counter;
}

describe('Engine', () => {
  it('starts with every ready document, and answers queries without reading IndexedDB', async () => {
    const { db, engine, state } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await addDocument(db, 'beta', 'giraffe');
    await engine.catchUp();
    expect(await found(engine, 'zebra')).toEqual(['alpha']);

    const counter = countDocumentReads(db);
    const reads = state.activeReads;
    for (const query of ['zebra', 'giraffe', 'zebra giraffe']) await found(engine, query);
    expect(counter.reads).toBe(0);
    expect(state.activeReads).toBe(reads);
    // The counter does see a read of the library (what every query used to do).
    await engine.catchUp({ documents: true });
    expect(counter.reads).toBeGreaterThan(0);
  });

  it('stops a query whose signal was aborted before it ranks anything, and answers the next', async () => {
    const { db, engine, models } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    const controller = new AbortController();
    // The newer keystroke comes while the query is being embedded.
    models.tryEmbedder = async () => {
      controller.abort();
      return null;
    };
    await expect(engine.search({ query: 'zebra' }, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await found(engine, 'zebra')).toEqual(['alpha']);
  });

  it('picks up another context’s document only once told the documents changed', async () => {
    const { db, engine } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    await addDocument(db, 'beta', 'giraffe');
    expect(await found(engine, 'giraffe')).toEqual([]);
    engine.noteChange({ documents: true, settings: false });
    expect(await found(engine, 'giraffe')).toEqual(['beta']);
  });

  it('stores and indexes what the file reader hands it, without reading it back, and takes only other writers for changes', async () => {
    const { db, engine } = setUp();
    await engine.catchUp();
    // The start's look for documents without usable vectors is done: it reads the documents once.
    await engine.reembedOutdated();
    // As the worker wires it: Dexie reports every write, this engine's own ones too.
    const report = (parts: Record<string, unknown>) => engine.noteChange(changedParts(db.name, parts));
    Dexie.on('storagemutated', report);
    try {
      const counter = countDocumentReads(db);
      expect(
        await engine.store(readDocument('alpha', 'zebra'), {
          signal: new AbortController().signal,
          progress: () => {},
        }),
      ).toMatchObject({ embedded: false });
      expect(await found(engine, 'zebra')).toEqual(['alpha']);
      await engine.remove('alpha');
      expect(await found(engine, 'zebra')).toEqual([]);
      expect(counter.reads).toBe(0);

      // Another writer's document is read once Dexie reports it.
      await addDocument(db, 'beta', 'giraffe');
      expect(await found(engine, 'giraffe')).toEqual(['beta']);
      expect(counter.reads).toBeGreaterThan(0);
    } finally {
      Dexie.on('storagemutated').unsubscribe(report);
    }
  });

  it('stores nothing and indexes nothing when the file is cancelled while saving', async () => {
    const { db, engine } = setUp();
    await engine.catchUp();
    const controller = new AbortController();
    const saving = engine.store(readDocument('alpha', 'zebra'), {
      signal: controller.signal,
      progress: (event) => void (event.stage === 'saving' && controller.abort()),
    });
    await expect(saving).rejects.toThrow();
    expect(await db.documents.count()).toBe(0);
    expect(await found(engine, 'zebra')).toEqual([]);
  });

  it('imports a backup’s new documents and searches them at once', async () => {
    const source = setUp();
    await addDocument(source.db, 'alpha', 'zebra');
    await addDocument(source.db, 'beta', 'giraffe');
    const backup = await exportLibrary(source.db);

    const { db, engine } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    expect(await engine.importBackup(backup, undefined, new AbortController().signal)).toEqual({
      added: 1,
      skipped: 1,
    });
    expect(await found(engine, 'giraffe')).toEqual(['beta']);
    expect(await db.documents.count()).toBe(2);
  });

  it('loads the documents another writer stored when it catches up, and drops a removed one', async () => {
    const { db, engine } = setUp();
    await engine.catchUp();
    await addDocument(db, 'alpha', 'zebra');
    await addDocument(db, 'beta', 'okapi');
    expect(await engine.catchUp({ documents: true })).toEqual({ documents: 2 });
    expect(await found(engine, 'zebra')).toEqual(['alpha']);
    expect(await found(engine, 'okapi')).toEqual(['beta']);

    await engine.remove('alpha');
    expect(await found(engine, 'zebra')).toEqual([]);
    expect(await db.documents.count()).toBe(1);
  });

  it('follows the active model when the settings change, and frees the previous one', async () => {
    const { db, engine, state } = setUp();
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    state.active = OTHER_MODEL;
    await found(engine, 'zebra');
    expect(engine.model.id).toBe(MODEL);
    engine.noteChange({ documents: false, settings: true });
    await found(engine, 'zebra');
    expect(engine.model.id).toBe('other-model');
    expect(state.unloaded).toEqual([MODEL]);
  });

  it('stores a snapshot once the library is quiet, which the next start restores', async () => {
    const { db, engine } = setUp({ quietMs: 0, maxWaitMs: 0 });
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    await expect.poll(() => restoreSnapshot(db, MODEL).then((restored) => restored?.indexed.size ?? 0)).toBe(1);
  });

  it('answers a search while it stores its snapshot, and changes the index only after it', async () => {
    const { db, engine } = setUp({ quietMs: 0, maxWaitMs: 0 });
    await addDocument(db, 'alpha', 'zebra');
    // The snapshot's write is held, before its transaction opens, until the test lets it go.
    let release!: () => void;
    let writing!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (writing = resolve));
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    db.transaction = (async (...args: unknown[]) => {
      if (args[0] === 'rw' && args.includes(db.snapshots)) {
        writing();
        await gate;
      }
      return transaction(...args);
    }) as unknown as typeof db.transaction;
    await engine.catchUp();
    await started;
    // A search does not wait for the snapshot (it used to, 0.4–0.6 s in the bench after an ingest).
    expect(await found(engine, 'zebra')).toEqual(['alpha']);
    // A change still waits for it: the snapshot is of the index as it was.
    await addDocument(db, 'beta', 'giraffe');
    const caughtUp = engine.catchUp({ documents: true });
    let indexed = false;
    void caughtUp.then(() => (indexed = true));
    await db.documents.count(); // a round trip of IndexedDB, where the catch-up would have read beta
    expect(indexed).toBe(false);
    expect(engine.indexed.has('beta')).toBe(false);
    release();
    await caughtUp;
    expect(await found(engine, 'zebra giraffe')).toEqual(['alpha', 'beta']);
    await expect.poll(() => restoreSnapshot(db, MODEL).then((restored) => restored?.indexed.size ?? 0)).toBe(2);
  });

  it('starts from the documents its snapshot restore read, without reading them all again', async () => {
    const { db, engine, models } = setUp({ quietMs: 0, maxWaitMs: 0 });
    await addDocument(db, 'alpha', 'zebra');
    await engine.catchUp();
    await expect.poll(() => restoreSnapshot(db, MODEL).then((restored) => restored?.indexed.size ?? 0)).toBe(1);
    // Added after the snapshot: the first catch-up still indexes it.
    await addDocument(db, 'beta', 'giraffe');
    const records: string[] = [];
    db.documents.hook('reading', (record) => (records.push(record.id), record));
    const restarted = new Engine(db, models, { quietMs: 60_000, maxWaitMs: 60_000 });
    expect(await found(restarted, 'zebra giraffe')).toEqual(['alpha', 'beta']);
    // The restore's one read of both, then beta's own record as it is indexed.
    expect(records.sort()).toEqual(['alpha', 'beta', 'beta']);
  });
});

describe('Engine: proposition texts', () => {
  /** A document whose propositions are its text's own slices, as the chunker makes them. */
  function sliced(docId: string): StoreRequest {
    const request = readDocument(docId, 'zebra');
    const text = 'Zebras graze at dawn. Okapis hide in the forest.';
    const cut = text.indexOf('Okapis');
    const ends = [
      [0, cut - 1],
      [cut, text.length],
    ] as const;
    return {
      ...request,
      text: { docId, text },
      sections: request.sections.map((s) => ({ ...s, text, start: 0, end: text.length })),
      propositions: request.propositions.map((p, i) => ({
        ...p,
        text: text.slice(...ends[i]!),
        start: ends[i]![0],
        end: ends[i]![1],
      })),
    };
  }

  it('answers the bytes the stored document takes, as the library list counts them reading it back', async () => {
    const { db, engine } = setUp();
    await engine.catchUp();
    const { storedBytes: answered } = await engine.store(sliced('alpha'), {
      signal: new AbortController().signal,
      progress: () => {},
    });
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBe(await storedBytes(db, 'alpha'));
  });

  it('keeps no copy of them in the index or its snapshot, and gives every hit its text, also after a restart', async () => {
    const { db, engine, models } = setUp({ quietMs: 0, maxWaitMs: 0 });
    await engine.catchUp();
    await engine.store(sliced('alpha'), { signal: new AbortController().signal, progress: () => {} });
    expect([...engine.index.propositions.values()].map((p) => p.text)).toEqual([undefined, undefined]);
    const texts = async (searcher: Engine) =>
      (await searcher.search({ query: 'okapis forest', options: { minRelevance: undefined } })).hits.flatMap((hit) =>
        hit.propositions.map((p) => p.text),
      );
    expect(await texts(engine)).toContain('Okapis hide in the forest.');

    await expect.poll(() => restoreSnapshot(db, MODEL).then((restored) => restored?.indexed.size ?? 0)).toBe(1);
    const snapshot = JSON.stringify(await db.snapshots.toArray(), (_, value: unknown) =>
      ArrayBuffer.isView(value) ? [] : value,
    );
    expect(snapshot).not.toContain('Okapis hide');
    const restarted = new Engine(db, models, { quietMs: 60_000, maxWaitMs: 60_000 });
    expect(await texts(restarted)).toContain('Okapis hide in the forest.');
  });
});

describe('changedParts', () => {
  it('tells document and settings changes apart by their Dexie keys, and names the documents when Dexie does', () => {
    const keys = new RangeSet().addKeys(['alpha', 'beta']);
    expect(changedParts('carrel', { 'idb://carrel/documents/': keys, 'idb://carrel/jobs/': 1 })).toEqual({
      documents: true,
      settings: false,
      documentIds: ['alpha', 'beta'],
    });
    // Its structured clone, as another tab's change arrives.
    expect(
      changedParts('carrel', { 'idb://carrel/documents/': structuredClone({ ...keys }) }).documentIds?.sort(),
    ).toEqual(['alpha', 'beta']);
    // A range (a clear, a bulk delete) or no primary keys at all: which documents is unknown.
    expect(changedParts('carrel', { 'idb://carrel/documents/': new RangeSet('a', 'z') }).documentIds).toBeNull();
    expect(changedParts('carrel', { 'idb://carrel/documents/status': keys }).documentIds).toBeNull();
    expect(changedParts('carrel', { 'idb://carrel/settings/': 1 })).toEqual({ documents: false, settings: true });
    expect(changedParts('carrel', { 'idb://other/documents/': 1 })).toEqual({ documents: false, settings: false });
  });

  it("reads a document's keywords in the language the person sets, and keeps it", async () => {
    const { db, engine } = setUp();
    await engine.catchUp();
    await engine.store(readDocument('notes', 'Partitionen'), {
      signal: new AbortController().signal,
      progress: () => {},
    });
    // Read as English (Porter), "Partitionen" and "Partition" are different words.
    expect(await found(engine, 'Partition')).toEqual([]);
    await engine.setLanguage('notes', 'de');
    expect(await db.documents.get('notes')).toMatchObject({ lang: 'de', langSet: true });
    expect(await found(engine, 'Partition')).toEqual(['notes']);
  });

  it("makes the built-in model's vectors of a document again in the language the person sets", async () => {
    const { db, engine, state, models } = setUp();
    state.active = { ...BUILTIN_MODEL, dims: 4 };
    const langs: (readonly string[] | undefined)[] = [];
    models.tryEmbedder = async () => ({
      modelId: BUILTIN_MODEL.id,
      dims: 4,
      device: 'wasm',
      embed: async (texts, opts) => {
        langs.push(opts?.langs);
        return texts.map(() => Float32Array.of(1, 0, 0, 0));
      },
      countTokens: () => 1,
      dispose: async () => {},
    });
    await engine.catchUp();
    const request = readDocument('notes', 'Partitionen');
    await engine.store(
      { ...request, record: { ...request.record, lang: 'en' } },
      {
        signal: new AbortController().signal,
        progress: () => {},
      },
    );
    await engine.reembedOutdated();
    expect(langs).toEqual([['en', 'en', 'en', 'en']]);
    await engine.setLanguage('notes', 'de');
    await engine.reembedOutdated();
    expect(langs).toEqual([
      ['en', 'en', 'en', 'en'],
      ['de', 'de', 'de', 'de'],
    ]);
    expect(await db.vectors.get([BUILTIN_MODEL.id, 'notes'])).toMatchObject({ recipe: 3 });
  });
});
