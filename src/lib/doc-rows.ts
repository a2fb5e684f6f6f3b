/**
 * The document list's rows: one per stored document and one per file being read, with its stage,
 * progress and time left (what src/components/DocRow.svelte shows).
 */
import type { IngestProgress } from '../../workers/ingest/pipeline';
import type { ChunkMode, DocStatus, DocumentRecord, ErrorCode, OcrSummary, SourceKind } from '../shared/types';
import { fileFraction } from './ingest-progress';

export interface DocRow {
  key: string;
  name: string;
  status: DocStatus;
  progress: number;
  stageLabel: string;
  error?: { code: ErrorCode; message: string; action?: string };
  notice?: string;
  kind?: SourceKind;
  size?: number;
  pageCount?: number;
  sectionCount?: number;
  propositionCount?: number;
  addedAt?: number;
  docId?: string;
  chunkMode?: ChunkMode;
  /** Waiting because the user paused it (its status stays `queued`). */
  paused?: boolean;
  /** "about 20 s left", once the pace is known. */
  timeLeft?: string;
  /** 0–1 through the whole file (all stages). */
  fraction?: number;
  /** Pages read by OCR, with the confidence of that reading. */
  ocr?: OcrSummary;
}

/** The ingest queue as a whole: what the overall progress bar shows. */
export interface QueueSummary {
  files: number;
  finished: number;
  fraction: number;
  timeLeft: string | null;
  /** Every file left is paused. */
  paused: boolean;
}

/** A queued file's row from one progress event of its ingest; `scanned` once OCR has started on it. */
export function stageOf(event: IngestProgress, scanned: boolean): Pick<DocRow, 'status' | 'progress' | 'stageLabel' | 'fraction'> {
  const progress = event.total > 0 ? event.done / event.total : 0;
  return { ...stageLabelOf(event, progress), fraction: fileFraction(event.stage, progress, scanned) };
}

function stageLabelOf(event: IngestProgress, progress: number): { status: DocStatus; progress: number; stageLabel: string } {
  switch (event.stage) {
    case 'parsing':
      if (event.ocr && event.total === 1) return { status: 'parsing', progress, stageLabel: 'Reading the scan (OCR)' };
      if (event.ocr) return { status: 'parsing', progress, stageLabel: `Reading scanned page ${Math.min(event.done + 1, event.total)} of ${event.total} (OCR)` };
      return { status: 'parsing', progress, stageLabel: event.total > 1 ? `Reading page ${event.done} of ${event.total}` : 'Reading' };
    case 'chunking':
      return { status: 'parsing', progress: 1, stageLabel: 'Finding sections and sentences' };
    case 'embedding':
      return { status: 'embedding', progress, stageLabel: `Embedding ${event.done} of ${event.total}` };
    case 'saving':
      return { status: 'embedding', progress: 1, stageLabel: 'Saving' };
  }
}

/** The row of a stored document. */
export function storedRow(doc: DocumentRecord, notice?: string): DocRow {
  return {
    key: doc.id,
    docId: doc.id,
    name: doc.name,
    status: doc.status,
    progress: 1,
    stageLabel: '',
    notice,
    kind: doc.kind,
    size: doc.size,
    pageCount: doc.pageCount,
    sectionCount: doc.sectionCount,
    propositionCount: doc.propositionCount,
    addedAt: doc.addedAt,
    chunkMode: doc.chunkMode,
    ocr: doc.ocr,
  };
}

/** Whether two rows show the same thing (every field the same value). */
export function sameRow(a: DocRow, b: DocRow): boolean {
  const keys = Object.keys(a) as (keyof DocRow)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
