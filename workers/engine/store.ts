/** Writing one document: every record of it in one transaction, or nothing. */
import { putChunks } from './chunk-store';
import { documentBytes } from './library-facts';
import { ACTIVE_MODEL_KEY, type CarrelDb } from '../../common/db';
import type { StoreRequest } from '../../common/ingest';
import { BUILTIN_MODEL } from '../../common/models';
import { storedText } from '../../common/text-codec';
import type { StoredVectorRecord } from '../../common/vector-codec';

/**
 * Replaces every record of the document in one transaction; answers the bytes they take (as
 * storedBytes counts them), or null (nothing written) when the vectors are not the active model's.
 * Nothing is searchable before it commits.
 */
export async function saveDocument(
  db: CarrelDb,
  { record, file, text, sections, propositions, jobKey }: StoreRequest,
  vectors: StoredVectorRecord | null,
  signal: AbortSignal,
): Promise<number | null> {
  const deflated = storedText(text);
  return db.transaction('rw', [...documentTables(db), db.settings, db.jobs], async () => {
    const active =
      ((await db.settings.get(ACTIVE_MODEL_KEY))?.value as { id: string } | undefined)?.id ?? BUILTIN_MODEL.id;
    if (vectors && vectors.modelId !== active) return null;
    const docId = record.id;
    await deleteDocumentRecords(db, docId);
    const original = { docId, blob: file };
    await db.files.put(original);
    await db.texts.put(deflated);
    // Text is stored once: the chunks keep only what the document's text does not hold.
    const chunks = await putChunks(db, docId, { sections, propositions }, text.text);
    if (vectors) await db.vectors.put(vectors);
    if (jobKey) await db.jobs.delete(jobKey);
    // A pause or cancel that came while saving still wins: throwing here rolls the whole write back.
    signal.throwIfAborted();
    await db.documents.put(record);
    // What storedBytes would read back now, counted from the records written (no read).
    return documentBytes(record, original, deflated, chunks, vectors);
  });
}

/** The tables one document's records live in, for one atomic write or delete. */
export function documentTables(db: CarrelDb) {
  return [db.documents, db.files, db.texts, db.chunks, db.vectors] as const;
}

/** Deletes every record of a document (call inside a transaction over `documentTables`). */
export async function deleteDocumentRecords(db: CarrelDb, docId: string): Promise<void> {
  await Promise.all([
    db.documents.delete(docId),
    db.files.delete(docId),
    db.texts.delete(docId),
    db.chunks.delete(docId),
    db.vectors.where('docId').equals(docId).delete(),
  ]);
}

/** Deletes a document and all it owns in one transaction. */
export function deleteDocument(db: CarrelDb, docId: string): Promise<void> {
  return db.transaction('rw', documentTables(db), () => deleteDocumentRecords(db, docId));
}
