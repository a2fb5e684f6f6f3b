// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportLibrary } from './backup';
import { readChunks } from './chunk-store';
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, VECTOR_RECIPES_KEY, openDb, type CarrelDb } from '../../common/db';
import { customModel, type ModelInfo } from '../../common/models';
import { storedOrder, storedVectors } from '../../common/vector-codec';
import { embedAll, propositionText, recipeFor } from '../embed/document-vectors';
import type { Embedder } from '../embed/embedder';
import { builtinEmbedder } from '../embed/builtin.test-support';
import { ingestFile } from '../ingest/pipeline';
import { readerDeps, testEngine } from '../ingest/test-reader';
import { reembedOutdated, switchModel, type ReembedDeps, type ReembedOutdatedDeps } from './reembed';

const TARGET: ModelInfo = customModel('test/eight-dims', 8, 0);

let builtin: Embedder;
let db: CarrelDb;
let dbCount = 0;

beforeAll(async () => {
  builtin = await builtinEmbedder();
});
afterAll(() => builtin?.dispose());

/** The built-in model's first 8 dimensions under another id: another model, as far as storage goes. */
function targetEmbedder(onEmbed: () => unknown = () => {}): Embedder & { calls: number } {
  const embedder = {
    ...builtin,
    modelId: TARGET.id,
    dims: 8,
    calls: 0,
    async embed(texts: string[], opts?: Parameters<Embedder['embed']>[1]) {
      embedder.calls++;
      await onEmbed();
      return (await builtin.embed(texts, opts)).map((v) => v && v.slice(0, 8));
    },
  };
  return embedder;
}

async function ingest(name: string, text: string) {
  const engine = testEngine(db, { [builtin.modelId]: builtin });
  const result = await ingestFile(
    { file: new File([text], name, { type: 'text/markdown' }), chunkMode: 'three-level' },
    readerDeps(db, engine, builtin),
  );
  // Its engine's look for vectors of an older recipe is done: none is left running into the test.
  await engine.reembedOutdated();
  return result;
}

function deps(embedder: Embedder, signal = new AbortController().signal): ReembedDeps {
  return { db, embedder: async () => embedder, signal, progress: () => {} };
}

const vectorModels = async () => (await db.vectors.toArray()).map((v) => `${v.modelId}:${v.dims}`).sort();
const active = async () => ((await db.settings.get(ACTIVE_MODEL_KEY))?.value as ModelInfo | undefined)?.id;

describe('switchModel', () => {
  beforeEach(async () => {
    db = openDb(`reembed-test-${dbCount++}`);
    await ingest('a.md', '# Clinic\n\nThe physician prescribed antibiotics for the infection.');
    await ingest('b.md', '# Garden\n\nTomatoes grow best in full sun with regular watering.');
    await db.settings.put({ key: TARGET_MODEL_KEY, value: TARGET });
  });

  it('embeds every document with the new model, keeps the old vectors, then makes it active', async () => {
    const result = await switchModel(deps(targetEmbedder()));
    expect(result).toEqual({ modelId: TARGET.id, documents: 2 });
    expect(await active()).toBe(TARGET.id);
    expect(await db.settings.get(TARGET_MODEL_KEY)).toBeUndefined();
    expect(await vectorModels()).toEqual([
      'carrel-glove-50k:100',
      'carrel-glove-50k:100',
      'test/eight-dims:8',
      'test/eight-dims:8',
    ]);
  });

  it('leaves search on the old model when interrupted, and resumes without redoing finished documents', async () => {
    const controller = new AbortController();
    const first = targetEmbedder(() => {
      if (first.calls === 2) controller.abort();
    });
    await expect(switchModel(deps(first, controller.signal))).rejects.toThrow();
    expect(await active()).toBeUndefined(); // still the built-in model
    expect((await vectorModels()).filter((m) => m.startsWith('test/'))).toHaveLength(1);

    const second = targetEmbedder();
    await switchModel(deps(second));
    expect(second.calls).toBe(1);
    expect(await active()).toBe(TARGET.id);
  });

  it('also re-embeds a document added while the switch runs', async () => {
    let added = false;
    const embedder = targetEmbedder(async () => {
      if (added) return;
      added = true;
      await ingest('c.md', '# Kitchen\n\nBake the bread for forty minutes until golden.');
    });
    const result = await switchModel(deps(embedder));
    expect(result.documents).toBe(3);
    expect((await vectorModels()).filter((m) => m.startsWith('test/'))).toHaveLength(3);
  });

  it('gives way when another model was chosen meanwhile', async () => {
    const embedder = targetEmbedder(() =>
      db.settings.put({ key: TARGET_MODEL_KEY, value: customModel('test/other', 8, 0) }),
    );
    expect((await switchModel(deps(embedder))).modelId).toBeNull();
    expect(await active()).toBeUndefined();
  });
});

describe('reembedOutdated', () => {
  let docId: string;
  beforeEach(async () => {
    db = openDb(`refresh-test-${dbCount++}`);
    docId = (
      await ingest('a.md', '# Line length\n\nNo line may exceed eighty characters. Long imports are the exception.')
    ).docId;
    await ingest('b.md', '# Garden\n\nTomatoes grow best in full sun with regular watering.');
  });

  /** Stores `docId`'s vectors as the first recipe made them: each proposition's text alone, no recipe said. */
  async function storeFirstRecipe() {
    const [doc, { sections, propositions }] = await Promise.all([db.documents.get(docId), readChunks(db, docId)]);
    const { recipe: _, ...vectors } = await embedAll(
      builtin,
      docId,
      { ...doc!, sections, propositions: propositions.map((p) => ({ ...p, headingPath: [] })) },
      { signal: new AbortController().signal, progress: () => {} },
    );
    await db.vectors.put(storedVectors(vectors, storedOrder(sections, propositions)));
    await db.settings.delete(VECTOR_RECIPES_KEY);
  }

  function refreshDeps(
    replaced: string[],
    embedder: Embedder | null = builtin,
  ): ReembedOutdatedDeps & { asked: number } {
    const deps = {
      db,
      modelId: builtin.modelId,
      signal: new AbortController().signal,
      asked: 0,
      embedder: async () => (deps.asked++, embedder),
      replace: async (id: string) => replaced.push(id),
    };
    return deps;
  }

  it('embeds again the documents whose vectors an older recipe made, and then says so in the settings', async () => {
    await storeFirstRecipe();
    const replaced: string[] = [];
    expect(await reembedOutdated(refreshDeps(replaced))).toBe(1);
    expect(replaced).toEqual([docId]);
    const [doc, { sections, propositions }] = await Promise.all([db.documents.get(docId), readChunks(db, docId)]);
    const fresh = storedVectors(
      await embedAll(
        builtin,
        docId,
        { ...doc!, sections, propositions },
        { signal: new AbortController().signal, progress: () => {} },
      ),
      storedOrder(sections, propositions),
    );
    expect(await db.vectors.get([builtin.modelId, docId])).toEqual(fresh);
    expect(fresh.recipe).toBe(recipeFor(builtin.modelId));
    expect((await db.settings.get(VECTOR_RECIPES_KEY))?.value).toEqual({
      [builtin.modelId]: recipeFor(builtin.modelId),
    });

    // Said once, later starts trust it: no vector is read, no model asked for.
    const again = refreshDeps(replaced);
    expect(await reembedOutdated(again)).toBe(0);
    expect(again.asked).toBe(0);
  });

  it('keeps the old vectors, and says nothing, when the model cannot load', async () => {
    await storeFirstRecipe();
    const before = await db.vectors.get([builtin.modelId, docId]);
    expect(await reembedOutdated(refreshDeps([], null))).toBe(0);
    expect(await db.vectors.get([builtin.modelId, docId])).toEqual(before);
    expect(await db.settings.get(VECTOR_RECIPES_KEY)).toBeUndefined();
  });

  it('embeds for the active model a document that came with the vectors of another model only', async () => {
    const engine = testEngine(db, { [builtin.modelId]: builtin });
    await engine.catchUp();
    expect(await engine.reembedOutdated()).toBe(0);
    // As sync writes a document from a device that searches with another model: its records, that model's vectors.
    const own = (await db.vectors.get([builtin.modelId, docId]))!;
    const received = await engine.receive(docId, async () => {
      await db.vectors.delete([builtin.modelId, docId]);
      await db.vectors.put({ ...own, modelId: TARGET.id });
      return true;
    });
    expect(received).toBe(true);
    await expect
      .poll(async () => (await db.vectors.get([builtin.modelId, docId]))?.recipe)
      .toBe(recipeFor(builtin.modelId));
    await engine.reembedOutdated();
    const { propositions } = await readChunks(db, docId);
    const [vector] = await builtin.embed([propositionText(propositions[0]!)]);
    const ids = new Set([propositions[0]!.id]);
    expect(engine.index.vectors!.proposition.score(vector!, ids).get(propositions[0]!.id)).toBeGreaterThan(0.99);
  });

  it('lets an engine started on such a library search with the new vectors', async () => {
    await storeFirstRecipe();
    const engine = testEngine(db, { [builtin.modelId]: builtin });
    await engine.catchUp();
    expect(await engine.reembedOutdated()).toBe(1);
    const { propositions } = await readChunks(db, docId);
    const [alone, underHeading] = await builtin.embed([propositions[0]!.text, propositionText(propositions[0]!)]);
    const score = (vector: Float32Array) =>
      engine.index.vectors!.proposition.score(vector, new Set([propositions[0]!.id])).get(propositions[0]!.id)!;
    // The index holds the vector of the proposition under its heading, which the text alone is not.
    expect(score(underHeading!)).toBeGreaterThan(0.99);
    expect(score(alone!)).toBeLessThan(0.97);
  });

  it('makes again the vectors of a backup made before, once it is imported into a library that was up to date', async () => {
    await storeFirstRecipe();
    const backup = await exportLibrary(db);
    db = openDb(`refresh-test-${dbCount++}`);
    const engine = testEngine(db, { [builtin.modelId]: builtin });
    await engine.catchUp();
    expect(await engine.reembedOutdated()).toBe(0);
    expect((await db.settings.get(VECTOR_RECIPES_KEY))?.value).toEqual({
      [builtin.modelId]: recipeFor(builtin.modelId),
    });

    expect((await engine.importBackup(backup, undefined, new AbortController().signal)).added).toBe(2);
    expect(await engine.reembedOutdated()).toBe(1);
    expect((await db.vectors.toArray()).map((v) => v.recipe)).toEqual([
      recipeFor(builtin.modelId),
      recipeFor(builtin.modelId),
    ]);
  });
});
