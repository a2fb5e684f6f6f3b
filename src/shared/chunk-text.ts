/**
 * Text is stored once (issue 20): a section or proposition is its document's text from `start` to
 * `end` (true of every record the chunker made on 16 files over eight formats and all three modes),
 * so a stored record keeps its own `text` only when it differs from that slice. Whatever reads
 * records from the database gets them whole through `withChunkTexts` or `readChunks`.
 */
import type { CarrelDb } from './db';
import { readText } from './text-codec';
import type { StoredChunk } from './stored-chunk';
import type { ChunkBase, PropositionRecord, SectionRecord } from './types';

export { storedChunk, stripChunkText, type StoredChunk, type StoredProposition, type StoredSection } from './stored-chunk';

/** A stored chunk made whole from its document's text (the empty string when neither has it). */
function withText<T extends ChunkBase>(record: StoredChunk<T>, documentText: string | undefined): T {
  return { ...record, text: record.text ?? documentText?.slice(record.start, record.end) ?? '' } as T;
}

/** Stored chunks of any documents made whole, reading each document's text once. */
export async function withChunkTexts<T extends ChunkBase>(db: CarrelDb, records: StoredChunk<T>[]): Promise<T[]> {
  const docIds = [...new Set(records.filter((r) => r.text === undefined).map((r) => r.docId))];
  const texts = new Map((await db.texts.bulkGet(docIds)).map((record, i) => [docIds[i]!, record && readText(record).text]));
  return chunksWithTexts(records, texts);
}

/** Stored chunks made whole from texts already read (docId → text). */
export function chunksWithTexts<T extends ChunkBase>(records: StoredChunk<T>[], texts: Map<string, string | undefined>): T[] {
  return records.map((record) => withText(record, texts.get(record.docId)));
}

/** One document's sections and propositions in order, with their texts, and its whole text, in one read transaction. */
export async function readChunks(db: CarrelDb, docId: string): Promise<{ sections: SectionRecord[]; propositions: PropositionRecord[]; text: string | undefined }> {
  return db.transaction('r', [db.texts, db.sections, db.propositions], async () => {
    const [stored, sections, propositions] = await Promise.all([
      db.texts.get(docId),
      db.sections.where('docId').equals(docId).sortBy('order'),
      db.propositions.where('docId').equals(docId).sortBy('order'),
    ]);
    const text = stored && readText(stored).text;
    return {
      sections: sections.map((s) => withText<SectionRecord>(s, text)),
      propositions: propositions.map((p) => withText<PropositionRecord>(p, text)),
      text,
    };
  });
}
