// @vitest-environment node
import 'fake-indexeddb/auto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, openDb, type CarrelDb } from '../../src/shared/db';
import { customModel, type ModelInfo } from '../../src/shared/models';
import { createEmbedder, type Embedder } from '../embed/embedder';
import { ingestFile } from '../ingest/pipeline';
import { readerDeps, testEngine } from '../ingest/test-reader';
import { switchModel, type ReembedDeps } from './reembed';

const MODELS = fileURLToPath(new URL('../../public/models/', import.meta.url));
const TARGET: ModelInfo = customModel('test/eight-dims', 8, 0);

let builtin: Embedder;
let db: CarrelDb;
let dbCount = 0;

beforeAll(async () => {
  builtin = await createEmbedder({ modelId: 'carrel-glove-50k', modelBaseUrl: MODELS, device: 'cpu' });
});
afterAll(() => builtin?.dispose());

/** The built-in model's first 8 dimensions under another id: another model, as far as storage goes. */
function targetEmbedder(onEmbed: () => void | Promise<void> = () => {}): Embedder & { calls: number } {
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
  const deps = readerDeps(db, testEngine(db, { [builtin.modelId]: builtin }), builtin);
  return ingestFile({ file: new File([text], name, { type: 'text/markdown' }), chunkMode: 'three-level' }, deps);
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
    expect(await vectorModels()).toEqual(['carrel-glove-50k:100', 'carrel-glove-50k:100', 'test/eight-dims:8', 'test/eight-dims:8']);
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
    const embedder = targetEmbedder(() => db.settings.put({ key: TARGET_MODEL_KEY, value: customModel('test/other', 8, 0) }));
    expect((await switchModel(deps(embedder))).modelId).toBeNull();
    expect(await active()).toBeUndefined();
  });
});
