/**
 * How a document's sections and propositions are stored: all of them in one record per
 * document, as columns (one array per field), deflated. A record per proposition cost IndexedDB a
 * key and two index entries each and repeated every field name; as columns the heading paths,
 * page lists, types and neighbouring ids repeat next to each other and deflate to little.
 * A chunk keeps its own `text` only when it is not its document's text from `start` to `end`.
 * Reading records back whole is chunk-store.ts.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { ChunkBase, PropositionRecord, SectionRecord } from './types';

/** A chunk as stored: `text` is absent when it is the document's text from `start` to `end`. */
export type StoredChunk<T extends ChunkBase> = Omit<T, 'text'> & { text?: string };
export type StoredSection = StoredChunk<SectionRecord>;
export type StoredProposition = StoredChunk<PropositionRecord>;

/** One document's sections and propositions, as stored in the `chunks` table. */
export interface ChunksRecord {
  docId: string;
  /** Deflated JSON of `{ sections, propositions }`, each as `Columns` without `docId`. */
  deflated: Uint8Array;
}

/** Records as one array per field; `absent` lists, per field some records lack, the rows that lack it. */
interface Columns {
  rows: number;
  columns: Record<string, unknown[]>;
  absent: Record<string, number[]>;
}

/** What to store for `record` (a copy), given its document's whole extracted text. */
export function storedChunk<R extends { text?: string; start: number; end: number }>(
  record: R,
  documentText: string,
): Omit<R, 'text'> & { text?: string } {
  const stored: Omit<R, 'text'> & { text?: string } = { ...record };
  stripChunkText(stored, documentText);
  return stored;
}

/** Drops a stored chunk's text in place when its document's text holds it. */
export function stripChunkText(record: { text?: string; start: number; end: number }, documentText: string): void {
  if (record.text === documentText.slice(record.start, record.end)) delete record.text;
}

/** The one record that stores a document's chunks (texts stripped when `documentText` is given). */
export function storedChunks(
  docId: string,
  sections: (SectionRecord | StoredSection)[],
  propositions: (PropositionRecord | StoredProposition)[],
  documentText?: string,
): ChunksRecord {
  const strip = <R extends { text?: string; start: number; end: number }>(records: R[]) =>
    documentText === undefined ? records : records.map((record) => storedChunk(record, documentText));
  const json = JSON.stringify({ sections: toColumns(strip(sections)), propositions: toColumns(strip(propositions)) });
  return { docId, deflated: deflateSync(strToU8(json)) };
}

/** A document's stored chunks, in order (texts still stripped: chunk-store.ts makes them whole). */
export function readStoredChunks({ docId, deflated }: ChunksRecord): {
  sections: StoredSection[];
  propositions: StoredProposition[];
} {
  const { sections, propositions } = JSON.parse(strFromU8(inflateSync(deflated))) as {
    sections: Columns;
    propositions: Columns;
  };
  return {
    sections: fromColumns<StoredSection>(sections, docId),
    propositions: fromColumns<StoredProposition>(propositions, docId),
  };
}

function toColumns(records: object[]): Columns {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))].filter((key) => key !== 'docId');
  const columns: Columns['columns'] = {};
  const absent: Columns['absent'] = {};
  for (const key of keys) {
    const lacking: number[] = [];
    columns[key] = records.map((record, row) => {
      if (!(key in record)) lacking.push(row);
      return (record as Record<string, unknown>)[key] ?? null;
    });
    if (lacking.length) absent[key] = lacking;
  }
  return { rows: records.length, columns, absent };
}

function fromColumns<T>({ rows, columns, absent }: Columns, docId: string): T[] {
  const records = Array.from({ length: rows }, (): Record<string, unknown> => ({ docId }));
  for (const [key, values] of Object.entries(columns)) {
    const lacking = new Set(absent[key] ?? []);
    values.forEach((value, row) => {
      if (!lacking.has(row)) records[row]![key] = value;
    });
  }
  return records as T[];
}
