/**
 * The library as the UI sees it: stored documents (live from Dexie, so other tabs show up) plus the
 * files being read right now. One ingest runs at a time across all tabs (a Web Lock).
 *
 * Crash safety: every queued file is also written to Dexie's `jobs` table with the tab that owns it
 * (each tab holds a Web Lock named after itself for its whole life). When a tab is reloaded or
 * closed mid-ingest, the next tab to start finds jobs whose owner's lock is gone and takes them over,
 * so the file is read again from the start. A document only becomes searchable when its single
 * ingest transaction commits, so nothing half-indexed is ever found.
 */
import { liveQuery } from 'dexie';
import type { ChunkMode, DocStatus, DocumentRecord, ErrorCode, SourceKind } from '../shared/types';
import type { IngestProgress, IngestResult } from '../../workers/ingest/pipeline';
import type { JobRecord } from '../shared/db';
import { db } from './db';
import { handleError, isAbort } from './errors';
import { engine, ingester } from './workers';
import { search } from './search.svelte';
import { chunking, sameSizes } from './chunking.svelte';
import { DEFAULT_SIZES } from '../../workers/chunk/sizes';
import { fileFraction, formatTimeLeft, queueFraction, timeLeftMs } from './ingest-progress';

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

interface Job {
  key: string;
  file: File;
  /** When the file was handed to the ingest worker (to recognise its stored document). */
  startedAt?: number;
  status: DocStatus;
  progress: number;
  stageLabel: string;
  error?: DocRow['error'];
  password?: string;
  controller: AbortController;
  /** 0–1 through the whole file. */
  fraction: number;
  paused?: boolean;
  /** Re-index: read the stored original again even though the document exists. */
  force?: boolean;
}

const inFlight = (job: { status: DocStatus }) => job.status === 'queued' || job.status === 'parsing' || job.status === 'embedding';

const INGEST_TIMEOUT_MS = 30 * 60_000;

/** This tab's identity; the lock of that name is held until the tab goes away. */
const TAB_ID = crypto.randomUUID();
const tabLock = (id: string) => `carrel-tab-${id}`;


function stageOf(event: IngestProgress): Pick<Job, 'status' | 'progress' | 'stageLabel' | 'fraction'> {
  const progress = event.total > 0 ? event.done / event.total : 0;
  return { ...stageLabelOf(event, progress), fraction: fileFraction(event.stage, progress) };
}

function stageLabelOf(event: IngestProgress, progress: number): { status: DocStatus; progress: number; stageLabel: string } {
  switch (event.stage) {
    case 'parsing':
      return { status: 'parsing', progress, stageLabel: event.total > 1 ? `Reading page ${event.done} of ${event.total}` : 'Reading' };
    case 'chunking':
      return { status: 'parsing', progress: 1, stageLabel: 'Finding sections and sentences' };
    case 'embedding':
      return { status: 'embedding', progress, stageLabel: `Embedding ${event.done} of ${event.total}` };
    case 'saving':
      return { status: 'embedding', progress: 1, stageLabel: 'Saving' };
  }
}

function storedRow(doc: DocumentRecord, notice?: string): DocRow {
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
  };
}

/** Whether two rows show the same thing (every field the same value). */
function sameRow(a: DocRow, b: DocRow): boolean {
  const keys = Object.keys(a) as (keyof DocRow)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

class Library {
  #stored = $state.raw<DocumentRecord[]>([]);
  #jobs = $state.raw<Job[]>([]);
  #notices = $state.raw<Record<string, string>>({});
  /** Passwords of encrypted PDFs added in this session, so the viewer can open them; never stored. */
  #passwords = new Map<string, string>();
  #running = false;
  #reading = false;
  #readAgain = false;
  #nextKey = 1;
  /** The current batch: bytes of files finished since the queue was last empty, and time spent reading. */
  #batch = $state.raw({ finishedBytes: 0, finished: 0, activeMs: 0 });
  #activeSince: number | null = null;

  /** The last rows built, by key: an unchanged row keeps its object, so the list redraws only what changed. */
  #rowCache = new Map<string, DocRow>();

  readonly rows: DocRow[] = $derived.by(() => {
    // Between the document's commit and the worker's answer, the stored row already stands for the job.
    const jobRows = this.#jobs.filter((job) => job.force || !this.#isStored(job)).map(
      (job): DocRow => ({ key: job.key, name: job.file.name, status: job.status, progress: job.progress, stageLabel: job.stageLabel, error: job.error, size: job.file.size, paused: job.paused, fraction: job.fraction, timeLeft: fileTimeLeft(job) }),
    );
    // A document being re-indexed shows as its job until the new records commit.
    const reindexing = new Set(this.#jobs.filter((job) => job.force).map((job) => job.file.name));
    const storedRows = this.#stored.filter((doc) => !reindexing.has(doc.name)).map((doc) => storedRow(doc, this.#notices[doc.id]));
    const rows = [...jobRows, ...storedRows];
    // A plain Map on purpose: the cache is bookkeeping of this derivation, not state to react to.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const cache = new Map<string, DocRow>();
    const kept = rows.map((row) => {
      const old = this.#rowCache.get(row.key);
      const same = old !== undefined && sameRow(old, row);
      cache.set(row.key, same ? old : row);
      return same ? old : row;
    });
    this.#rowCache = cache;
    return kept;
  });

  /** Whether the stored list already shows the job's document (it stands for the job from then on). */
  #isStored(job: Job): boolean {
    return job.startedAt !== undefined && this.#stored.some((doc) => doc.name === job.file.name && doc.addedAt >= job.startedAt!);
  }

  readonly busy = $derived(this.#jobs.some(inFlight));

  /** The overall progress of the queue, or null when nothing is waiting. */
  readonly queue: QueueSummary | null = $derived.by(() => {
    const left = this.#jobs.filter(inFlight);
    if (left.length === 0) return null;
    const { finishedBytes, finished, activeMs } = this.#batch;
    const fraction = queueFraction(finishedBytes, left.map((job) => ({ size: job.file.size, fraction: job.paused ? 0 : job.fraction })));
    const paused = left.every((job) => job.paused);
    const running = this.#activeSince === null ? 0 : Date.now() - this.#activeSince;
    const ms = paused ? null : timeLeftMs(activeMs + running, fraction);
    return { files: finished + left.length, finished, fraction, timeLeft: ms === null ? null : formatTimeLeft(ms), paused };
  });

  /** Stored documents, newest first. */
  get documents(): DocumentRecord[] {
    return this.#stored;
  }

  constructor() {
    // Any change to the documents (from any tab or worker) triggers a coalesced re-read of them all.
    liveQuery(() => db.documents.count()).subscribe({
      next: () => void this.#readDocuments(),
      error: (error) => console.error('library query failed', error),
    });
    void this.#resumeOrphans();
  }

  /**
   * Reads the stored documents, one read at a time; changes during a read cause one more read.
   * A folder of thousands of files commits thousands of times, and each read deserialises every
   * document on this thread: resting four times as long as a read took keeps the tab responsive.
   */
  async #readDocuments(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#readAgain = false;
        const began = performance.now();
        this.#stored = await db.documents.orderBy('addedAt').reverse().toArray();
        const took = performance.now() - began;
        if (this.#readAgain) await new Promise((resolve) => setTimeout(resolve, 4 * took));
      } while (this.#readAgain);
    } catch (error) {
      console.error('library query failed', error);
    } finally {
      this.#reading = false;
    }
  }

  /** Takes over the files a closed or reloaded tab left half-read, and reads them again. */
  async #resumeOrphans(): Promise<void> {
    if (!navigator.locks) return;
    // Hold this tab's own lock for its whole life (the promise never settles).
    void navigator.locks.request(tabLock(TAB_ID), () => new Promise(() => {}));
    const adopted = await navigator.locks.request('carrel-adopt-jobs', async () => {
      const held = new Set(((await navigator.locks.query()).held ?? []).map((lock) => lock.name));
      const stored = await db.jobs.orderBy('addedAt').toArray();
      const orphans = stored.filter((job) => job.owner !== TAB_ID && !held.has(tabLock(job.owner)));
      await db.jobs.bulkPut(orphans.map((job) => ({ ...job, owner: TAB_ID })));
      return orphans;
    });
    if (adopted.length === 0) return;
    const jobs = adopted.map((stored): Job => {
      const stageLabel = stored.paused ? 'Paused' : 'Interrupted — reading it again';
      return { key: stored.key, file: stored.file, force: stored.force, paused: stored.paused, status: 'queued', progress: 0, fraction: 0, stageLabel, controller: new AbortController() };
    });
    this.#jobs = [...this.#jobs, ...jobs.reverse()];
    void this.#pump();
  }

  /** The password an encrypted PDF was opened with in this session, if any. */
  passwordFor(docId: string): string | undefined {
    return this.#passwords.get(docId);
  }

  addFiles(files: File[], force = false): void {
    const stageLabel = force ? 'Waiting to re-index' : 'Waiting';
    const jobs = files.map((file): Job => ({ key: `job-${TAB_ID}-${this.#nextKey++}`, file, force, status: 'queued', progress: 0, fraction: 0, stageLabel, controller: new AbortController() }));
    const addedAt = Date.now();
    const stored = jobs.map((job, i): JobRecord => ({ key: job.key, addedAt: addedAt + i / 1000, owner: TAB_ID, file: job.file, force: force || undefined }));
    this.#jobs = [...jobs.reverse(), ...this.#jobs];
    // Written before the queue runs, so a reload even during the first file finds every one.
    const saved = db.jobs.bulkPut(stored).catch((error) => console.error('could not save the ingest queue', error));
    void saved.then(() => this.#pump());
  }

  addText(name: string, text: string): void {
    const fileName = /\.(md|markdown|txt|text)$/i.test(name) ? name : `${name || 'Pasted text'}.txt`;
    this.addFiles([new File([text], fileName, { type: 'text/plain' })]);
  }

  async remove(key: string): Promise<void> {
    const job = this.#jobs.find((j) => j.key === key);
    if (job) return this.cancel(key);
    await engine.api.remove({ docId: key });
    if (search.scope.includes(key)) search.toggleScope(key);
    search.refresh();
  }

  cancel(key: string): void {
    const job = this.#jobs.find((j) => j.key === key);
    job?.controller.abort();
    this.#jobs = this.#jobs.filter((j) => j.key !== key);
    this.#endBatchIfDone();
    void this.#forget(key);
  }

  /**
   * Holds a file until resumed. A file being read is stopped (the worker drops what it has read);
   * it shows as paused once the worker has actually stopped, or as ready if it finished first.
   */
  pause(key: string): void {
    const job = this.#jobs.find((j) => j.key === key);
    if (!job || !inFlight(job) || job.paused) return;
    void this.#savePaused([key], true);
    if (job.status === 'queued') return this.#update(key, { paused: true, stageLabel: 'Paused' });
    this.#update(key, { paused: true, stageLabel: 'Pausing…' });
    job.controller.abort();
  }

  /** Puts a paused file back in the queue; it is read again from the start. */
  resume(key: string): void {
    if (!this.#jobs.some((j) => j.key === key && j.paused)) return;
    this.#update(key, { paused: false, stageLabel: 'Waiting' });
    void this.#savePaused([key], false);
    void this.#pump();
  }

  pauseAll(): void {
    for (const job of this.#jobs.filter(inFlight)) this.pause(job.key);
  }

  resumeAll(): void {
    void this.#savePaused(this.#jobs.filter((job) => job.paused).map((job) => job.key), false);
    this.#jobs = this.#jobs.map((job) => (job.paused ? { ...job, paused: false, stageLabel: 'Waiting' } : job));
    void this.#pump();
  }

  /** Reads stored documents again from their originals (after a chunking change, or on request). */
  async reindex(docIds: string[]): Promise<void> {
    const files = await db.files.bulkGet(docIds);
    const docs = await db.documents.bulkGet(docIds);
    const originals = docs.flatMap((doc, i) => (doc && files[i] ? [new File([files[i]!.blob], doc.name, { type: doc.mime })] : []));
    if (originals.length) this.addFiles(originals, true);
  }

  /** Re-indexes every stored document whose chunking differs from the current settings. */
  async reindexForChunking(): Promise<number> {
    const { mode, sizes } = chunking.current;
    const stale = this.#stored.filter((doc) => doc.chunkMode !== mode || mode === 'paragraph' || !sameSizes(doc.chunkSizes ?? DEFAULT_SIZES, sizes)).map((doc) => doc.id);
    await this.reindex(stale);
    return stale.length;
  }

  /** Deletes every document and stops every file being read. */
  async clear(): Promise<void> {
    for (const job of this.#jobs) this.cancel(job.key);
    for (const doc of this.#stored) await engine.api.remove({ docId: doc.id });
    this.#notices = {};
    search.clearScope();
  }

  /** Keeps the pause in the stored queue, so a paused file stays paused after a reload. */
  async #savePaused(keys: string[], paused: boolean): Promise<void> {
    await db.jobs.bulkUpdate(keys.map((key) => ({ key, changes: { paused } }))).catch((error) => console.error('could not update the ingest queue', error));
  }

  /** Drops a finished or cancelled file from the stored queue. */
  async #forget(key: string): Promise<void> {
    await db.jobs.delete(key).catch((error) => console.error('could not update the ingest queue', error));
  }

  submitPassword(key: string, password: string): void {
    this.#update(key, { password, status: 'queued', stageLabel: 'Waiting', error: undefined });
    void this.#pump();
  }

  #update(key: string, patch: Partial<Job>): void {
    this.#jobs = this.#jobs.map((job) => (job.key === key ? { ...job, ...patch } : job));
  }

  async #pump(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#activeSince = Date.now();
    try {
      // Oldest first: the list shows newest on top, so take from the end.
      for (let job = this.#nextQueued(); job; job = this.#nextQueued()) await this.#run(job);
    } finally {
      this.#running = false;
      this.#batch = { ...this.#batch, activeMs: this.#batch.activeMs + Date.now() - this.#activeSince };
      this.#activeSince = null;
      this.#endBatchIfDone();
    }
  }

  #nextQueued(): Job | undefined {
    return this.#jobs.findLast((job) => job.status === 'queued' && !job.paused);
  }

  /** Once nothing is left to read, the next file starts a new batch (and a new overall bar). */
  #endBatchIfDone(): void {
    if (!this.#jobs.some(inFlight)) this.#batch = { finishedBytes: 0, finished: 0, activeMs: 0 };
  }

  async #run(job: Job): Promise<void> {
    this.#update(job.key, { status: 'parsing', stageLabel: 'Reading', progress: 0, fraction: 0, startedAt: Date.now() });
    const { mode, delimiter, sizes } = chunking.current;
    try {
      const result = await withIngestLock(() =>
        ingester.api.ingest(
          { file: job.file, password: job.password, chunkMode: mode, delimiter, sizes, force: job.force },
          { signal: job.controller.signal, timeoutMs: INGEST_TIMEOUT_MS, onProgress: (event) => this.#update(job.key, stageOf(event as IngestProgress)) },
        ),
      );
      await this.#finish(job, result);
    } catch (error) {
      if (isAbort(error) || job.controller.signal.aborted) return this.#parkIfPaused(job.key);
      const message = handleError(error);
      const status: DocStatus = message.code === 'PDF_PASSWORD' || message.code === 'PDF_BAD_PASSWORD' ? 'needs-password' : 'failed';
      this.#update(job.key, { status, error: message, stageLabel: '', progress: 0 });
      // A file waiting for its password is asked for again after a reload; a failed one is done.
      if (status === 'failed') await this.#forget(job.key);
    }
  }

  /** A paused file whose reading has stopped waits, unread, for resume. */
  #parkIfPaused(key: string): void {
    if (!this.#jobs.some((j) => j.key === key && j.paused)) return;
    this.#update(key, { status: 'queued', progress: 0, fraction: 0, startedAt: undefined, stageLabel: 'Paused', controller: new AbortController() });
  }

  async #finish(job: Job, result: IngestResult): Promise<void> {
    await engine.api.refresh({ reindexed: job.force ? [result.docId] : [] });
    if (job.password) this.#passwords.set(result.docId, job.password);
    const notice = result.duplicate ? 'Already in your library — added once.' : result.embedded ? undefined : 'Indexed for keyword search only (the model could not load).';
    if (notice) this.#notices = { ...this.#notices, [result.docId]: notice };
    this.#jobs = this.#jobs.filter((j) => j.key !== job.key);
    this.#batch = { ...this.#batch, finishedBytes: this.#batch.finishedBytes + job.file.size, finished: this.#batch.finished + 1 };
    await this.#forget(job.key);
    search.refresh();
  }
}

/** Time left for one file at its pace so far. */
function fileTimeLeft(job: Job): string | undefined {
  if (job.startedAt === undefined || job.paused || job.status === 'queued') return undefined;
  const ms = timeLeftMs(Date.now() - job.startedAt, job.fraction);
  return ms === null ? undefined : formatTimeLeft(ms);
}

/** Runs `task` while holding the cross-tab ingest lock (where the browser has Web Locks). */
function withIngestLock<T>(task: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return task();
  return navigator.locks.request('carrel-ingest', task) as Promise<T>;
}

export const library = new Library();
