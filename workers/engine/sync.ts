/**
 * Keeps the in-memory index equal to the ready documents in Dexie. Dexie is the truth: documents
 * added or deleted by any tab or worker are picked up by diffing ids.
 */
import type { CarrelDb, VectorRecord } from '../../src/shared/db';
import type { LibraryIndex } from '../retrieve/search';

/** Unpacks a contiguous vector record into id → vector maps (views, no copies). */
export function unpackVectors(record: VectorRecord | undefined) {
  const sections = new Map<string, Float32Array>();
  const propositions = new Map<string, Float32Array>();
  if (record) {
    const { dims } = record;
    record.sectionIds.forEach((id, i) => sections.set(id, record.sections.subarray(i * dims, (i + 1) * dims)));
    record.propositionIds.forEach((id, i) => propositions.set(id, record.propositions.subarray(i * dims, (i + 1) * dims)));
  }
  return { doc: record?.doc ?? null, sections, propositions };
}

/** Loads one ready document's records and vectors for `modelId` into the index. */
export async function loadDocument(db: CarrelDb, index: LibraryIndex, docId: string, modelId: string): Promise<void> {
  const [doc, sections, propositions, vectors] = await db.transaction(
    'r',
    [db.documents, db.sections, db.propositions, db.vectors],
    () =>
      Promise.all([
        db.documents.get(docId),
        db.sections.where('docId').equals(docId).sortBy('order'),
        db.propositions.where('docId').equals(docId).sortBy('order'),
        db.vectors.get([modelId, docId]),
      ]),
  );
  if (!doc || doc.status !== 'ready') return;
  index.addDocument(doc, sections, propositions, unpackVectors(vectors));
}

/** Adds documents Dexie has and the index lacks, removes those it lacks. Returns what changed. */
export async function syncIndex(
  db: CarrelDb,
  index: LibraryIndex,
  indexed: Set<string>,
  modelId: string,
): Promise<{ added: number; removed: number }> {
  const ready = new Set(await db.documents.where('status').equals('ready').primaryKeys());
  let added = 0;
  let removed = 0;
  for (const docId of indexed) {
    if (ready.has(docId)) continue;
    index.removeDocument(docId);
    indexed.delete(docId);
    removed++;
  }
  for (const docId of ready) {
    if (indexed.has(docId)) continue;
    await loadDocument(db, index, docId, modelId);
    indexed.add(docId);
    added++;
  }
  return { added, removed };
}
