/**
 * Switching models: embeds every ready document with the new model, one transaction per document,
 * while search keeps using the old vectors. Only when every document has the new model's vectors
 * does the new model become the active one. Documents that already have them are skipped, so an
 * interrupted switch resumes where it stopped.
 */
import { readChunks } from '../../src/shared/chunk-text';
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, type CarrelDb } from '../../src/shared/db';
import type { ReembedProgress } from '../../src/shared/ingest';
import type { ModelInfo } from '../../src/shared/models';
import { storedOrder, storedVectors } from '../../src/shared/vector-codec';
import type { Embedder } from '../embed/embedder';
import { embedAll } from '../embed/document-vectors';

export interface ReembedDeps {
  db: CarrelDb;
  embedder(model: ModelInfo): Promise<Embedder>;
  signal: AbortSignal;
  progress(event: ReembedProgress): void;
}

/** Ready documents without vectors for `modelId`. */
async function missing(db: CarrelDb, modelId: string): Promise<string[]> {
  const ready = await db.documents.where('status').equals('ready').primaryKeys();
  const done = new Set((await db.vectors.where('modelId').equals(modelId).toArray()).map((v) => v.docId));
  return ready.filter((docId) => !done.has(docId));
}

/** Re-embeds one document from its stored records; a document deleted meanwhile is skipped. */
async function reembedDocument(db: CarrelDb, embedder: Embedder, docId: string, signal: AbortSignal): Promise<void> {
  const [doc, { sections, propositions }] = await Promise.all([db.documents.get(docId), readChunks(db, docId)]);
  if (!doc) return;
  const vectors = await embedAll(embedder, docId, { title: doc.title, summary: doc.summary, sections, propositions }, { signal, progress: () => {} });
  await db.transaction('rw', [db.documents, db.vectors], async () => {
    if (await db.documents.get(docId)) await db.vectors.put(storedVectors(vectors, storedOrder(sections, propositions)));
  });
}

/** Runs (or resumes) the switch to the target model; resolves when it is the active model. */
export async function switchModel(deps: ReembedDeps): Promise<{ modelId: string | null; documents: number }> {
  const { db, signal } = deps;
  const target = (await db.settings.get(TARGET_MODEL_KEY))?.value as ModelInfo | undefined;
  if (!target) return { modelId: null, documents: 0 };
  const embedder = await deps.embedder(target);
  let done = 0;
  // Documents added during the switch were embedded with the old model: go round until none is
  // left, checking and switching in one transaction so no document slips in between.
  for (;;) {
    const todo = await missing(db, target.id);
    for (const [i, docId] of todo.entries()) {
      deps.progress({ modelId: target.id, done, total: done + todo.length - i });
      signal.throwIfAborted();
      await reembedDocument(db, embedder, docId, signal);
      done++;
    }
    const switched = await db.transaction('rw', [db.documents, db.vectors, db.settings], async () => {
      const current = (await db.settings.get(TARGET_MODEL_KEY))?.value as ModelInfo | undefined;
      // The user chose yet another model meanwhile: leave the switch to that one.
      if (current?.id !== target.id) return 'abandoned';
      if ((await missing(db, target.id)).length > 0) return false;
      await db.settings.put({ key: ACTIVE_MODEL_KEY, value: target });
      await db.settings.delete(TARGET_MODEL_KEY);
      return true;
    });
    if (switched === 'abandoned') return { modelId: null, documents: done };
    if (switched) break;
  }
  deps.progress({ modelId: target.id, done, total: done });
  return { modelId: target.id, documents: done };
}
