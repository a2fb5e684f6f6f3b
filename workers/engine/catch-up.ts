/**
 * The index catch-up: keeps the in-memory index equal to the ready documents in Dexie. Dexie is
 * the truth: documents added or deleted by any tab or worker are picked up by diffing ids, and
 * Dexie's cross-context events say when to look (`changedParts`, common/db-changes.ts). The engine's one entry point to
 * it is `Engine.catchUp` (engine.ts). "Sync" is device sync only (replication/).
 */
import { readChunks } from './chunk-store';
import type { CarrelDb, VectorRecord } from '../../common/db';
import { readVectors, storedOrder } from '../../common/vector-codec';
import type { DocumentRecord } from '../../common/types';
import type { LibraryIndex } from '../retrieve/search';
import { loadLanguages } from '../../common/text/languages';

/** Unpacks a contiguous vector record into id → vector maps (views, no copies). */
export function unpackVectors(record: VectorRecord | undefined) {
  const sections = new Map<string, Float32Array>();
  const propositions = new Map<string, Float32Array>();
  if (record) {
    const { dims } = record;
    record.sectionIds.forEach((id, i) => sections.set(id, record.sections.subarray(i * dims, (i + 1) * dims)));
    record.propositionIds.forEach((id, i) =>
      propositions.set(id, record.propositions.subarray(i * dims, (i + 1) * dims)),
    );
  }
  return { doc: record?.doc ?? null, sections, propositions };
}

/** Whether a stored document belongs in the index: ready, and not waiting out a removal's undo window. */
export function searchable(doc: DocumentRecord): boolean {
  return doc.status === 'ready' && doc.removeAt === undefined;
}

/**
 * The ids of the documents among `docs` that belong in the index. One getAll filtered here: Dexie's
 * filter walks a cursor, which over 25,000 documents took 0.4 s in the restore's read (snapshot.ts).
 */
export function searchableIds(docs: readonly DocumentRecord[]): Set<string> {
  return new Set(docs.flatMap((doc) => (searchable(doc) ? [doc.id] : [])));
}

/**
 * What identifies one indexing of a document: the same id indexed again (another chunking, another
 * model) gets another stamp, so a stored snapshot of the old indexing is not mistaken for it.
 */
export function documentStamp(doc: DocumentRecord): string {
  const stamp = [
    doc.indexedAt ?? doc.addedAt,
    doc.chunkMode,
    doc.sectionCount,
    doc.propositionCount,
    doc.modelId ?? '',
  ];
  // English is how every document was read before languages were told apart: their stamps stay as they were.
  return [...stamp, ...(doc.lang && doc.lang !== 'en' ? [doc.lang] : [])].join('|');
}

/** The languages a document's passages are read in (see LibraryIndex.addDocument). */
export function documentLanguages(doc: DocumentRecord, ...chunks: { lang?: string }[][]): string[] {
  return [doc.lang ?? 'en', ...chunks.flatMap((list) => list.flatMap((chunk) => (chunk.lang ? [chunk.lang] : [])))];
}

/** Loads the records and vectors for `modelId` of one ready document that is not being removed into the index; returns its stamp. */
export async function loadDocument(
  db: CarrelDb,
  index: LibraryIndex,
  docId: string,
  modelId: string,
): Promise<string | null> {
  const [doc, { sections, propositions, text }, vectors] = await db.transaction(
    'r',
    [db.documents, db.texts, db.chunks, db.vectors],
    () => Promise.all([db.documents.get(docId), readChunks(db, docId), db.vectors.get([modelId, docId])]),
  );
  if (!doc || !searchable(doc)) return null;
  await loadLanguages(documentLanguages(doc, sections, propositions));
  index.addDocument(
    doc,
    sections,
    propositions,
    unpackVectors(vectors && readVectors(vectors, storedOrder(sections, propositions))),
    text,
  );
  return documentStamp(doc);
}

/**
 * Adds documents Dexie has and the index lacks, removes those it lacks. `indexed` maps each
 * document in the index to its stamp. `known` is the ready documents when the caller has just read
 * them (a snapshot's restore): they are not read again. Returns what changed.
 */
export async function catchUpIndex(
  db: CarrelDb,
  index: LibraryIndex,
  indexed: Map<string, string>,
  modelId: string,
  known?: ReadonlySet<string>,
): Promise<{ added: number; removed: number }> {
  const ready = known ?? searchableIds(await db.documents.where('status').equals('ready').toArray());
  let added = 0;
  let removed = 0;
  for (const docId of indexed.keys()) {
    if (ready.has(docId)) continue;
    index.removeDocument(docId);
    indexed.delete(docId);
    removed++;
  }
  for (const docId of ready) {
    if (indexed.has(docId)) continue;
    const stamp = await loadDocument(db, index, docId, modelId);
    if (stamp === null) continue;
    indexed.set(docId, stamp);
    added++;
  }
  return { added, removed };
}
