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
  /** Stored, and about to give its row to the stored document's: Pause and Cancel are greyed out. */
  saved?: boolean;
  /** The stored document's title. */
  title?: string;
  /** When it was last opened in the viewer. */
  openedAt?: number;
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
    title: doc.title,
    openedAt: doc.openedAt,
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
  const stored = storedRows(docs, notices, reindexedNames(jobs), previous);
  return { rows: [...jobRows(jobs, jobs, docs), ...stored.rows], cache: stored.cache };
}

/** The names of the documents being re-indexed, sorted and joined (a string, so an unchanged set compares equal). */
export function reindexedNames(jobs: readonly JobRow[]): string {
  const names = jobs.filter((job) => job.force).map((job) => job.name);
  return names.length ? JSON.stringify([...new Set(names)].sort()) : '';
}

/**
 * The rows of the files being read. Between the document's commit and the worker's answer, the
 * stored row already stands for the job, so that job has none. `started` holds the jobs that may
 * have been handed to the reader (the queue's active and settled files, a handful): only those are
 * looked at, so a stored document costs no walk over thousands of waiting files.
 */
export function jobRows(jobs: readonly JobRow[], started: Iterable<JobRow>, docs: readonly DocumentRecord[]): JobRow[] {
  const stored = storedSince(started, docs);
  if (!stored.size) return [...jobs];
  const hidden = new Set([...started].filter((job) => !job.force && isStored(job, stored)));
  return hidden.size ? jobs.filter((job) => !hidden.has(job)) : [...jobs];
}

/** A stored document's row, kept from last time when its record and notice are the same objects (`cache` is updated). */
function cachedRow(doc: DocumentRecord, notice: string | undefined, cache: StoredRowCache): DocRow {
  const old = cache.get(doc.id);
  if (old?.doc === doc && old.notice === notice) return old.row;
  const fresh = storedRow(doc, notice);
  const row = old && sameRow(old.row, fresh) ? old.row : fresh;
  cache.set(doc.id, { doc, notice, row });
  return row;
}

/**
 * The rows of the stored documents, but those being re-indexed (`reindexed`, from reindexedNames),
 * which show as their job until the new records commit. `previous` is updated in place and
 * answered as the cache: a row whose document and notice are the same objects as last time is
 * taken as it was, so a new document costs one row, not one per document.
 */
export function storedRows(
  docs: readonly DocumentRecord[],
  notices: Record<string, string>,
  reindexed: string,
  previous: StoredRowCache,
): { rows: DocRow[]; cache: StoredRowCache } {
  const reindexing = new Set<string>(reindexed ? (JSON.parse(reindexed) as string[]) : []);
  const cache = previous;
  const rows: DocRow[] = [];
  for (const doc of docs) {
    if (reindexing.size && reindexing.has(doc.name)) continue;
    rows.push(cachedRow(doc, notices[doc.id], cache));
  }
  // Documents gone from the list leave the cache (rarely: a removal, a clear).
  if (cache.size > docs.length) {
    const kept = new Set(docs.map((doc) => doc.id));
    for (const docId of cache.keys()) if (!kept.has(docId)) cache.delete(docId);
  }
  return { rows, cache };
}

/** The stored documents' rows and what they were made from, so the next change can be applied to them alone. */
export interface StoredRowsState {
  docs: readonly DocumentRecord[];
  notices: Record<string, string>;
  reindexed: string;
  rows: DocRow[];
  cache: StoredRowCache;
  /** When `rows` are the rows before with one row put in: that row, and the rows before. */
  inserted?: { row: DocRow; to: DocRow[] };
}

/**
 * One document added to the list (at `at`, its place in the library's order) or replaced in its
 * place in `before`; 'all' for anything else.
 */
export type StoredDocsChange =
  | { kind: 'added'; doc: DocumentRecord; before: readonly DocumentRecord[]; at: number }
  | { kind: 'replaced'; doc: DocumentRecord; before: readonly DocumentRecord[] }
  | { kind: 'all' };

/**
 * The library's order, newest first, as a full read gives it (Dexie's `orderBy('addedAt').reverse()`:
 * IndexedDB breaks a tie by the primary key, here reversed). A document shown before the next read
 * goes where that read will put it, so the read moves no row.
 */
export const newerFirst = (a: DocumentRecord, b: DocumentRecord): number =>
  b.addedAt - a.addedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Where `doc` goes among `docs` (newest first): before the first that is older. Documents arrive newest, so this looks at a few. */
export function placeInLibrary(docs: readonly DocumentRecord[], doc: DocumentRecord): number {
  const at = docs.findIndex((other) => newerFirst(doc, other) < 0);
  return at === -1 ? docs.length : at;
}

/**
 * storedRows after `change`, from the rows made last time (`last`): a document added or replaced
 * costs its own row, not a walk over every document's; anything else (a full read, a removal, a
 * notice, a re-index starting) makes them all again, from the cache.
 */
export function nextStoredRows(
  last: StoredRowsState | null,
  docs: readonly DocumentRecord[],
  change: StoredDocsChange,
  notices: Record<string, string>,
  reindexed: string,
  cache: StoredRowCache,
): StoredRowsState {
  const state = (rows: DocRow[]): StoredRowsState => ({ docs, notices, reindexed, rows, cache });
  if (
    last &&
    change.kind !== 'all' &&
    change.before === last.docs &&
    last.notices === notices &&
    last.reindexed === reindexed
  ) {
    const { doc } = change;
    const hidden = !!reindexed && (JSON.parse(reindexed) as string[]).includes(doc.name);
    if (change.kind === 'added' && hidden) return state(last.rows);
    if (change.kind === 'added') {
      const row = cachedRow(doc, notices[doc.id], cache);
      // Its row goes after the rows of the documents before it, less those shown as their job.
      let at = change.at;
      if (reindexed) at -= countHidden(change.before.slice(0, change.at), reindexed);
      return { ...state(last.rows.toSpliced(at, 0, row)), inserted: { row, to: last.rows } };
    }
    const old = cache.get(doc.id)?.row;
    const at = old && !hidden ? last.rows.indexOf(old) : -1;
    if (at !== -1) return state(last.rows.with(at, cachedRow(doc, notices[doc.id], cache)));
  }
  return state(storedRows(docs, notices, reindexed, cache).rows);
}

/** How many of `docs` are being re-indexed (`reindexed`, from reindexedNames): they have no row. */
function countHidden(docs: readonly DocumentRecord[], reindexed: string): number {
  const names = new Set(JSON.parse(reindexed) as string[]);
  return docs.filter((doc) => names.has(doc.name)).length;
}

/**
 * For each name of a file handed to the reader, when its newest stored document was added. The
 * documents are newest first, so only those added since the earliest such file are looked at.
 */
function storedSince(jobs: Iterable<JobRow>, docs: readonly DocumentRecord[]): Map<string, number> {
  let since = Infinity;
  const names = new Set<string>();
  for (const job of jobs) {
    if (job.startedAt === undefined || job.force) continue;
    since = Math.min(since, job.startedAt);
    names.add(job.name);
  }
  const newest = new Map<string, number>();
  if (!names.size) return newest;
  for (const doc of docs) {
    if (doc.addedAt < since) break;
    if (names.has(doc.name)) newest.set(doc.name, Math.max(newest.get(doc.name) ?? 0, doc.addedAt));
  }
  return newest;
}

/** Whether the stored list already shows the job's document (it stands for the job from then on). */
function isStored(job: JobRow, newest: Map<string, number>): boolean {
  return job.startedAt !== undefined && (newest.get(job.name) ?? -1) >= job.startedAt;
}
