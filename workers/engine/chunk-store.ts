/**
 * Reading and writing a document's sections and propositions (stored-chunk.ts says how they are
 * stored). Text is stored once: a section or proposition is its document's text from
 * `start` to `end` (true of every record the chunker made on 16 files over eight formats and all
 * three modes), so a stored record keeps its own `text` only when it differs from that slice.
 * Whatever reads them from the database gets them whole through `readChunks` or `eachChunks`.
 */
import type { CarrelDb } from '../../common/db';
import { readText } from '../../common/text-codec';
import { readStoredChunks, storedChunks, type StoredChunk } from '../../common/stored-chunk';
import type { ChunkBase, PropositionRecord, SectionRecord } from '../../common/types';

export {
  storedChunk,
  storedChunks,
  stripChunkText,
  type ChunksRecord,
  type StoredChunk,
  type StoredProposition,
  type StoredSection,
} from '../../common/stored-chunk';

export interface DocumentChunks {
  sections: SectionRecord[];
  propositions: PropositionRecord[];
}

/** A stored chunk made whole from its document's text (the empty string when neither has it). */
function withText<T extends ChunkBase>(record: StoredChunk<T>, documentText: string | undefined): T {
  return { ...record, text: record.text ?? documentText?.slice(record.start, record.end) ?? '' } as T;
}

/** A stored chunks record made whole, given its document's text. */
function wholeChunks(
  record: Parameters<typeof readStoredChunks>[0] | undefined,
  text: string | undefined,
): DocumentChunks {
  if (!record) return { sections: [], propositions: [] };
  const { sections, propositions } = readStoredChunks(record);
  return {
    sections: sections.map((s) => withText<SectionRecord>(s, text)),
    propositions: propositions.map((p) => withText<PropositionRecord>(p, text)),
  };
}

/** One document's sections and propositions in order, with their texts, and its whole text, in one read transaction. */
export async function readChunks(db: CarrelDb, docId: string): Promise<DocumentChunks & { text: string | undefined }> {
  return db.transaction('r', [db.texts, db.chunks], async () => {
    const [stored, chunks] = await Promise.all([db.texts.get(docId), db.chunks.get(docId)]);
    const text = stored && readText(stored).text;
    return { ...wholeChunks(chunks, text), text };
  });
}

/** Every document's sections and propositions, whole, one document at a time (call inside a read transaction for one moment). */
export async function eachChunks(db: CarrelDb, visit: (docId: string, chunks: DocumentChunks) => void): Promise<void> {
  for (const docId of (await db.chunks.toCollection().primaryKeys()) as string[]) {
    const [stored, chunks] = await Promise.all([db.texts.get(docId), db.chunks.get(docId)]);
    visit(docId, wholeChunks(chunks, stored && readText(stored).text));
  }
}

/** Writes a document's sections and propositions (inside the transaction that writes its other records). */
export async function putChunks(
  db: CarrelDb,
  docId: string,
  { sections, propositions }: DocumentChunks,
  documentText: string | undefined,
): Promise<ReturnType<typeof storedChunks>> {
  const record = storedChunks(docId, sections, propositions, documentText);
  await db.chunks.put(record);
  return record;
}

/** The sections of the given documents, whole, by id (a search hit names its document and its section). */
export async function readSections(db: CarrelDb, docIds: Iterable<string>): Promise<Map<string, SectionRecord>> {
  const read = await Promise.all([...new Set(docIds)].map((docId) => readChunks(db, docId)));
  return new Map(read.flatMap(({ sections }) => sections.map((section) => [section.id, section] as const)));
}
