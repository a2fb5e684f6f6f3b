/**
 * The file reader's side of the boundary, typed once for every side: what it is given to read a
 * file, the progress it reports while reading, and what it answers; what it hands the engine to
 * embed and store; and the progress of a model switch, which re-embeds the library.
 */
import type { TextRecord } from './db';
import type { ChunkMode, ChunkSizes, DocumentRecord, PropositionRecord, SectionRecord } from './types';

export type IngestStage = 'parsing' | 'chunking' | 'embedding' | 'saving';

export interface IngestProgress {
  stage: IngestStage;
  done: number;
  total: number;
  /** The page being read is a scan, read by OCR. */
  ocr?: boolean;
}

export interface IngestInput {
  file: File;
  password?: string;
  chunkMode: ChunkMode;
  /** Paragraph mode: the delimiter between parents (default: a blank line). */
  delimiter?: string;
  /** Section and passage sizes (default: DESIGN §4's). */
  sizes?: ChunkSizes;
  /** Re-index: chunk and embed again even when the document is already stored. */
  force?: boolean;
  /**
   * The file's entry in the stored queue (`jobs`), deleted in the document's own transaction: a
   * reload can then never find the file both stored and still queued (and read it again).
   */
  jobKey?: string;
  /** The language scanned pages are read in (a tesseract code; default English). */
  ocrLanguage?: string;
  /** This file's channel to the engine: the reader posts what it read there, once (`HandOver`). */
  engine: MessagePort;
}

/** The one message a file reader posts on its channel to the engine. */
export interface HandOver {
  type: 'store';
  request: StoreRequest;
}

/** What the file reader answers: the file's content is already stored, or its records wait in the channel. */
export type ReadOutcome = { kind: 'duplicate'; result: IngestResult } | { kind: 'handed-over'; docId: string };

/**
 * One read and chunked document, handed from the file reader to the engine. The engine embeds it,
 * stores it in one transaction (the record's `modelId` is the engine's to set) and indexes it.
 */
export interface StoreRequest {
  record: DocumentRecord;
  file: File;
  text: TextRecord;
  sections: SectionRecord[];
  propositions: PropositionRecord[];
  /** The file's entry in the stored queue, deleted in the same transaction. */
  jobKey?: string;
}

/** What reading a file answers for a document the engine stored. */
export function storedResult(record: DocumentRecord, embedded: boolean, storedBytes?: number): IngestResult {
  return {
    docId: record.id,
    duplicate: false,
    title: record.title,
    sections: record.sectionCount,
    propositions: record.propositionCount,
    embedded,
    record,
    ...(storedBytes === undefined ? {} : { storedBytes }),
  };
}

export interface StoreResult {
  /** False when the model could not load: the document is searchable by keywords only. */
  embedded: boolean;
  /** The document as stored. */
  record: DocumentRecord;
  /** The bytes its records take (the library list shows them with the document). */
  storedBytes: number;
}

export interface IngestResult {
  docId: string;
  duplicate: boolean;
  title: string;
  sections: number;
  propositions: number;
  /** False when the model could not load: the document is searchable by keywords only. */
  embedded: boolean;
  /** The stored document, so the page shows it without reading it back. */
  record: DocumentRecord;
  /** The bytes its records take, when just stored: its row shows them from the start. */
  storedBytes?: number;
}

export interface ReembedProgress {
  modelId: string;
  done: number;
  total: number;
}
