/**
 * How a section or proposition is stored (issue 20): without its text when that text is its
 * document's text from `start` to `end`. Reading records back whole is chunk-text.ts.
 */
import type { ChunkBase, PropositionRecord, SectionRecord } from './types';

/** A chunk as stored: `text` is absent when it is the document's text from `start` to `end`. */
export type StoredChunk<T extends ChunkBase> = Omit<T, 'text'> & { text?: string };
export type StoredSection = StoredChunk<SectionRecord>;
export type StoredProposition = StoredChunk<PropositionRecord>;

/** What to store for `record`, given its document's whole extracted text. */
export function storedChunk<T extends ChunkBase>(record: T, documentText: string): StoredChunk<T> {
  const stored: StoredChunk<T> = { ...record };
  stripChunkText(stored, documentText);
  return stored;
}

/** Drops a stored chunk's text in place when its document's text holds it (also the schema upgrade's step). */
export function stripChunkText(record: { text?: string; start: number; end: number }, documentText: string): void {
  if (record.text === documentText.slice(record.start, record.end)) delete record.text;
}
