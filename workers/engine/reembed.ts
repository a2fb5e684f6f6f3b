/**
 * Switching models: embeds every ready document with the new model, one transaction per document,
 * while search keeps using the old vectors. Only when every document has the new model's vectors
 * does the new model become the active one. Documents that already have them are skipped, so an
 * interrupted switch resumes where it stopped.
 *
 * Refreshing: when the way texts are made into vectors changes (recipeFor), the active model's
 * vectors of an older recipe are made again the same way, one document at a time, while search
 * keeps using the old ones. Documents that came without the active model's vectors (from a device
 * or a backup using another model) are embedded the same way; until then keywords find them.
 */
import { readChunks } from './chunk-store';
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, VECTOR_RECIPES_KEY, type CarrelDb } from '../../common/db';
import type { ReembedProgress } from '../../common/ingest';
import type { ModelInfo } from '../../common/models';
import { storedOrder, storedVectors, type StoredOrder, type StoredVectorRecord } from '../../common/vector-codec';
import type { Embedder } from '../embed/embedder';
import { embedAll, recipeFor } from '../embed/document-vectors';
import { documentStamp } from './catch-up';

export interface ReembedDeps {
  db: CarrelDb;
  embedder(model: ModelInfo): Promise<Embedder>;
  signal: AbortSignal;
  progress(event: ReembedProgress): void;
}

const current = (record: Pick<StoredVectorRecord, 'modelId' | 'recipe'>) =>
  (record.recipe ?? 1) >= recipeFor(record.modelId);

/** Ready documents without current vectors for `modelId` (none, or of an older recipe). */
async function missing(db: CarrelDb, modelId: string): Promise<string[]> {
  const ready = await db.documents.where('status').equals('ready').primaryKeys();
  const done = new Set<string>();
  await db.vectors
    .where('modelId')
    .equals(modelId)
    .each((record) => {
      if (current(record)) done.add(record.docId);
    });
  return ready.filter((docId) => !done.has(docId));
}

/**
 * Re-embeds one document from its stored records and stores the vectors. Null when the document
 * was deleted, or indexed again (its new indexing has vectors of its own), meanwhile.
 */
async function reembedDocument(
  db: CarrelDb,
  embedder: Embedder,
  docId: string,
  signal: AbortSignal,
): Promise<{ stored: StoredVectorRecord; order: StoredOrder } | null> {
  const [doc, { sections, propositions }] = await Promise.all([db.documents.get(docId), readChunks(db, docId)]);
  if (!doc) return null;
  const stamp = documentStamp(doc);
  const vectors = await embedAll(
    embedder,
    docId,
    { title: doc.title, summary: doc.summary, ...(doc.lang ? { lang: doc.lang } : {}), sections, propositions },
    { signal, progress: () => {} },
  );
  const order = storedOrder(sections, propositions);
  const stored = storedVectors(vectors, order);
  return db.transaction('rw', [db.documents, db.vectors], async () => {
    const now = await db.documents.get(docId);
    if (!now || documentStamp(now) !== stamp) return null;
    await db.vectors.put(stored);
    return { stored, order };
  });
}

export interface ReembedOutdatedDeps {
  db: CarrelDb;
  modelId: string;
  /** The model's embedder, asked for only when a document needs it. */
  embedder(): Promise<Embedder | null>;
  signal: AbortSignal;
  /** Gives the index a document's new vectors (as stored), once they are stored. */
  replace(docId: string, stored: StoredVectorRecord, order: StoredOrder): Promise<unknown>;
}

const recipesOf = async (db: CarrelDb) =>
  ((await db.settings.get(VECTOR_RECIPES_KEY))?.value ?? {}) as Record<string, number>;

/**
 * Makes `modelId`'s vectors for every ready document that has none or has an older recipe's, until
 * none is left (a backup imported or a device synced meanwhile brings more); then the settings say
 * so, and later starts skip the check (it reads every vector record). Returns how many documents it
 * embedded.
 */
export async function reembedOutdated({
  db,
  modelId,
  embedder,
  signal,
  replace,
}: ReembedOutdatedDeps): Promise<number> {
  if ((await recipesOf(db))[modelId] === recipeFor(modelId)) return 0;
  const tried = new Set<string>();
  let done = 0;
  let model: Embedder | null = null;
  for (;;) {
    // One look a round. When it finds none left, the settings say so in the same transaction, so
    // no vector of an older recipe (a backup imported, an older tab still open) slips in between.
    const todo = await db.transaction('rw', [db.documents, db.vectors, db.settings], async () => {
      const stale = await missing(db, modelId);
      if (stale.length === 0)
        await db.settings.put({
          key: VECTOR_RECIPES_KEY,
          value: { ...(await recipesOf(db)), [modelId]: recipeFor(modelId) },
        });
      return stale.filter((docId) => !tried.has(docId));
    });
    if (todo.length === 0) return done;
    model ??= await embedder();
    if (!model) return 0;
    for (const docId of todo) {
      signal.throwIfAborted();
      const result = await reembedDocument(db, model, docId, signal);
      if (result) {
        await replace(docId, result.stored, result.order);
        done++;
      }
      tried.add(docId);
    }
  }
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
