/**
 * The document list's rows: one per stored document and one per file being read, with its stage,
 * progress and time left (what src/components/DocRow.svelte shows).
 */
import type { IngestProgress } from '../../common/ingest';
import type { ChunkMode, DocStatus, DocumentRecord, ErrorCode, OcrSummary, SourceKind } from '../../common/types';
import { fileFraction } from './ingest-progress';
import { translate as t } from './i18n/messages';

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
  /** A queued file that has not moved for a while: the row offers Retry. */
  stuck?: boolean;
  /** The document's language, ISO 639-1, once known. */
  lang?: string;
}

/** A file being read, as the list needs it (a QueuedFile). */
export interface JobRow extends DocRow {
  /** A re-index: the document's stored row is hidden while it runs. */
  readonly force: boolean;
  /** When the file was handed to the reader (to recognise its stored document). */
  readonly startedAt?: number;
}

/**
 * What one progress event of a file's ingest shows in its row; `scanned` once OCR has started on it.
 * The row's status is not here: it follows the file's state (ingest-schedule.ts), not stage names.
 */
export function stageOf(event: IngestProgress, scanned: boolean): Pick<DocRow, 'progress' | 'stageLabel' | 'fraction'> {
  const progress = event.total > 0 ? event.done / event.total : 0;
  return {
    progress: event.stage === 'chunking' || event.stage === 'saving' ? 1 : progress,
    stageLabel: stageLabelOf(event),
    fraction: fileFraction(event.stage, progress, scanned),
  };
}

function stageLabelOf(event: IngestProgress): string {
  switch (event.stage) {
    case 'parsing':
      if (event.ocr && event.total === 1) return t('stage.readingScan');
      if (event.ocr)
        return t('stage.readingScannedPage', { page: Math.min(event.done + 1, event.total), total: event.total });
      return event.total > 1 ? t('stage.readingPage', { page: event.done, total: event.total }) : t('stage.reading');
    case 'chunking':
      return t('stage.chunking');
    case 'embedding':
      return t('stage.embedding', { done: event.done, total: event.total });
    case 'saving':
      return t('stage.saving');
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
    lang: doc.lang,
  };
}

/** Whether two rows show the same thing (every field the same value). */
export function sameRow(a: DocRow, b: DocRow): boolean {
  const keys = Object.keys(a) as (keyof DocRow)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The row last shown for each stored document and what it was made from, so an unchanged row keeps its object. */
export type StoredRowCache = Map<string, { doc: DocumentRecord; notice?: string; row: DocRow }>;

/**
 * The list: files being read, then stored documents (each newest first), with `notices` by document
 * id. Reads no job's progress, so a progress event does not rebuild it. Answers the rows and the
 * cache to pass next time, whose unchanged rows keep their objects.
 */
export function libraryRows(
  jobs: readonly JobRow[],
  docs: readonly DocumentRecord[],
  notices: Record<string, string>,
  previous: StoredRowCache,
): { rows: DocRow[]; cache: StoredRowCache } {
  const storedSince = newestByName(docs);
  // Between the document's commit and the worker's answer, the stored row already stands for the job.
  const jobRows = jobs.filter((job) => job.force || !isStored(job, storedSince));
  // A document being re-indexed shows as its job until the new records commit.
  const reindexing = new Set(jobs.filter((job) => job.force).map((job) => job.name));
  const cache: StoredRowCache = new Map();
  const storedRows = docs
    .filter((doc) => !reindexing.has(doc.name))
    .map((doc) => {
      const notice = notices[doc.id];
      const old = previous.get(doc.id);
      const fresh = old?.doc === doc && old.notice === notice ? old.row : storedRow(doc, notice);
      const row = old && sameRow(old.row, fresh) ? old.row : fresh;
      cache.set(doc.id, { doc, notice, row });
      return row;
    });
  return { rows: [...jobRows, ...storedRows], cache };
}

/** For each stored name, when its newest document was added. */
function newestByName(docs: readonly DocumentRecord[]): Map<string, number> {
  const newest = new Map<string, number>();
  for (const doc of docs) newest.set(doc.name, Math.max(newest.get(doc.name) ?? 0, doc.addedAt));
  return newest;
}

/** Whether the stored list already shows the job's document (it stands for the job from then on). */
function isStored(job: JobRow, newest: Map<string, number>): boolean {
  return job.startedAt !== undefined && (newest.get(job.name) ?? -1) >= job.startedAt;
}
