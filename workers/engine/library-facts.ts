/**
 * What the library list needs to know of each document that only the engine holds: the headings
 * of its sections (from the index in memory) and the bytes its records take in IndexedDB. Also the
 * two marks the list sets on a document record: when it was last opened, and when a removal the
 * person can still undo is due.
 */
import type { CarrelDb } from '../../common/db';
import type { DocumentRecord } from '../../common/types';
import type { LibraryIndex } from '../retrieve/library-index';

/** Each document's distinct section headings, in document order (none for a document not indexed). */
export function documentHeadings(index: LibraryIndex, docIds: readonly string[]): Record<string, string[]> {
  const headings: Record<string, string[]> = {};
  for (const docId of docIds) {
    const seen = new Set<string>();
    for (const sectionId of index.sectionsOfDoc.get(docId) ?? []) {
      for (const heading of index.sections.get(sectionId)?.headingPath ?? []) seen.add(heading);
    }
    headings[docId] = [...seen];
  }
  return headings;
}

/**
 * Bytes a stored value takes, as IndexedDB is given them: binary data by its length, text as
 * UTF-16 (how the browser holds a string), numbers as 8. The structure's own overhead is left out.
 */
export function valueBytes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return value.length * 2;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 1;
  if (value instanceof Blob) return value.size;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + valueBytes(item), 0);
  if (typeof value === 'object') {
    let sum = 0;
    for (const [key, item] of Object.entries(value)) sum += key.length * 2 + valueBytes(item);
    return sum;
  }
  return 0;
}

/** The bytes a document takes: its original, its text, its sections and passages, and its vectors of every model. */
export async function storedBytes(db: CarrelDb, docId: string): Promise<number> {
  return db.transaction('r', [db.documents, db.files, db.texts, db.chunks, db.vectors], async () => {
    const [doc, file, text, chunks, vectors] = await Promise.all([
      db.documents.get(docId),
      db.files.get(docId),
      db.texts.get(docId),
      db.chunks.get(docId),
      db.vectors.where('docId').equals(docId).toArray(),
    ]);
    if (!doc) return 0;
    return documentBytes(doc, file, text, chunks, vectors);
  });
}

/** The bytes of one document's records: its record, original, text, chunks and vectors (as stored). */
export function documentBytes(...records: unknown[]): number {
  return records.reduce((sum: number, record) => sum + valueBytes(record), 0);
}

/** Marks documents as removed, to be deleted at `removeAt` (ms); `null` takes the mark off (the removal was undone). */
export async function markRemoval(db: CarrelDb, docIds: readonly string[], removeAt: number | null): Promise<void> {
  await db.documents
    .where('id')
    .anyOf(docIds)
    .modify((doc) => {
      if (removeAt === null) delete doc.removeAt;
      else doc.removeAt = removeAt;
    });
}

/** The documents among `docIds` that are still marked for removal (another tab may have undone it). */
export async function stillMarked(db: CarrelDb, docIds: readonly string[]): Promise<string[]> {
  const docs = await db.documents.bulkGet([...docIds]);
  return docs.flatMap((doc) => (doc?.removeAt !== undefined ? [doc.id] : []));
}

/**
 * A document record as another library takes it in (a backup, another device): a removal pending
 * here is this library's undo window, not the other's, which would delete it at once.
 */
export function withoutRemoval(doc: DocumentRecord): DocumentRecord {
  const { removeAt: _pending, ...kept } = doc;
  return kept;
}
