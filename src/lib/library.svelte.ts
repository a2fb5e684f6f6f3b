/**
 * The library as the UI sees it: stored documents (stored-documents.svelte.ts, live from Dexie, so
 * other tabs show up) plus the files being read right now, as rows (doc-rows.ts). One ingest runs
 * at a time across all tabs (a Web Lock). Finished, removed and cleared documents are announced on
 * library-events.ts.
 *
 * Crash safety: every queued file is also written to Dexie's `jobs` table with the tab that owns it
 * (each tab holds a Web Lock named after itself for its whole life). When a tab is reloaded or
 * closed mid-ingest, the next tab to start finds jobs whose owner's lock is gone and takes them over,
 * so the file is read again from the start. A document only becomes searchable when its single
 * ingest transaction commits, so nothing half-indexed is ever found.
 */
import type { DocStatus, DocumentRecord } from '../shared/types';
import type { IngestProgress, IngestResult } from '../../workers/ingest/pipeline';
import type { JobRecord } from '../shared/db';
import { db } from './db';
import { handleError, isAbort, type UserMessage } from './errors';
import { engine, ingester } from './workers';
import { libraryEvents } from './library-events';
import { StoredDocuments } from './stored-documents.svelte';
import { sameRow, stageOf, storedRow, type DocRow, type QueueSummary } from './doc-rows';
import { chunking, sameSizes } from './chunking.svelte';
import { ocrLanguage } from './ocr-language.svelte';
import { DEFAULT_SIZES } from '../shared/chunk-sizes';
import { formatTimeLeft, queueFraction, timeLeftMs } from './ingest-progress';
import { isInFlight, QueuedFile, type QueuedFilePatch } from './queued-file.svelte';

const INGEST_TIMEOUT_MS = 30 * 60_000;
/**
 * A file whose reader reports no progress for this long is given up and the reader restarted (see
 * WorkerOwner's watchdog). Parsing and chunking report nothing until they are done and take up to
 * ~10 s per MB on a loaded 2-core machine (16.6 MB of Markdown: 117 s), so big files get longer.
 * Tests set the whole limit with `window.carrelStallMs`.
 */
function stallMs(file: File): number {
  const forTests = (globalThis as { carrelStallMs?: number }).carrelStallMs;
  return forTests ?? 60_000 + 20_000 * (file.size / 2 ** 20);
}
/** A file whose reading stopped though nobody paused or cancelled it (say, its transaction was aborted). */
const UNASKED_ABORT: UserMessage = { code: 'ABORTED', message: 'Reading this file stopped before it was stored; nothing of it was kept.', action: 'Try adding the file again.' };
/** Files written to the stored queue per transaction (see #saveQueue). */
const QUEUE_SLICE = 100;

/** This tab's identity; the lock of that name is held until the tab goes away. */
const TAB_ID = crypto.randomUUID();
const tabLock = (id: string) => `carrel-tab-${id}`;


class Library {
  #docs = new StoredDocuments(() => this.#running);
  /** Files queued in this tab, newest first. Only membership changes replace the array; progress changes a file's own state. */
  #jobs = $state.raw<QueuedFile[]>([]);
  /** The file being read now, if any (the overall bar follows its progress). */
  #current = $state.raw<QueuedFile | null>(null);
  #notices = $state.raw<Record<string, string>>({});
  /** Passwords of encrypted PDFs added in this session, so the viewer can open them; never stored. */
  #passwords = new Map<string, string>();
  #running = false;
  /** Files added but not yet in the stored queue; they are read once they are. */
  #unsaved = new Set<string>();
  /** Stored files still being loaded into the search index and shown, one after another. */
  #finishing: Promise<void> = Promise.resolve();
  #nextKey = 1;
  /** The current batch: bytes of files finished since the queue was last empty, and time spent reading. */
  #batch = $state.raw({ finishedBytes: 0, finished: 0, activeMs: 0 });
  #activeSince: number | null = null;

  /** The row last shown for each stored document and what it was made from, so an unchanged row keeps its object. */
  #storedRows = new Map<string, { doc: DocumentRecord; notice?: string; row: DocRow }>();

  /**
   * Queued files are rows themselves (their fields are reactive), so this list is rebuilt only when
   * files join or leave the queue or the stored documents change, never on a progress event.
   */
  readonly rows: DocRow[] = $derived.by(() => {
    const storedSince = newestByName(this.#docs.list);
    // Between the document's commit and the worker's answer, the stored row already stands for the job.
    const jobRows = this.#jobs.filter((job) => job.force || !isStored(job, storedSince));
    // A document being re-indexed shows as its job until the new records commit.
    const reindexing = new Set(this.#jobs.filter((job) => job.force).map((job) => job.file.name));
    // A plain Map on purpose: the cache is bookkeeping of this derivation, not state to react to.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const cache = new Map<string, { doc: DocumentRecord; notice?: string; row: DocRow }>();
    const storedRows = this.#docs.list.filter((doc) => !reindexing.has(doc.name)).map((doc) => {
      const notice = this.#notices[doc.id];
      const old = this.#storedRows.get(doc.id);
      const fresh = old?.doc === doc && old.notice === notice ? old.row : storedRow(doc, notice);
      const row = old && sameRow(old.row, fresh) ? old.row : fresh;
      cache.set(doc.id, { doc, notice, row });
      return row;
    });
    this.#storedRows = cache;
    return [...jobRows, ...storedRows];
  });

  readonly busy = $derived(this.#jobs.some((job) => job.inFlight));

  /** Files still to read and their bytes: changes when files join, leave, pause or resume, not on progress. */
  readonly #left = $derived.by(() => {
    let files = 0;
    let bytes = 0;
    let paused = true;
    for (const job of this.#jobs) {
      if (!job.inFlight) continue;
      files++;
      bytes += job.file.size;
      paused &&= job.paused;
    }
    return { files, bytes, paused };
  });

  /** The overall progress of the queue, or null when nothing is waiting. */
  readonly queue: QueueSummary | null = $derived.by(() => {
    const left = this.#left;
    if (left.files === 0) return null;
    const { finishedBytes, finished, activeMs } = this.#batch;
    // Only the file being read has progress (a waiting or paused file counts as not started).
    const current = this.#current;
    const reading = current && current.inFlight && !current.paused ? { size: current.file.size, fraction: current.fraction } : { size: 0, fraction: 0 };
    const fraction = queueFraction(finishedBytes, [reading, { size: left.bytes - reading.size, fraction: 0 }]);
    const running = this.#activeSince === null ? 0 : Date.now() - this.#activeSince;
    const ms = left.paused ? null : timeLeftMs(activeMs + running, fraction);
    return { files: finished + left.files, finished, fraction, timeLeft: ms === null ? null : formatTimeLeft(ms), paused: left.paused };
  });

  /** Stored documents, newest first. */
  get documents(): DocumentRecord[] {
    return this.#docs.list;
  }

  constructor() {
    this.#docs.start();
    void this.#resumeOrphans();
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
    const jobs = adopted.map((stored) => {
      const job = new QueuedFile(stored.key, stored.file, stored.paused ? 'Paused' : 'Interrupted — reading it again', stored.force);
      if (stored.paused) job.update({ paused: true });
      return job;
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
    const jobs = files.map((file) => new QueuedFile(`job-${TAB_ID}-${this.#nextKey++}`, file, stageLabel, force));
    for (const job of jobs) this.#unsaved.add(job.key);
    this.#jobs = [...jobs.toReversed(), ...this.#jobs];
    void this.#saveQueue(jobs, Date.now());
  }

  /**
   * Writes new files to the stored queue, so a reload finds them, and starts reading each once it
   * is written. Storing a file takes about a millisecond of this thread, so thousands are written
   * in slices, oldest first, and the first files are read while the rest are written.
   */
  async #saveQueue(jobs: QueuedFile[], addedAt: number): Promise<void> {
    for (let at = 0; at < jobs.length; at += QUEUE_SLICE) {
      // Made when written, so a file cancelled meanwhile is left out and a pause is kept.
      const slice = jobs.slice(at, at + QUEUE_SLICE).filter((job) => this.#unsaved.has(job.key));
      const records = slice.map((job, i): JobRecord => ({
        key: job.key,
        addedAt: addedAt + (at + i) / 1000,
        owner: TAB_ID,
        file: job.file,
        force: job.force || undefined,
        paused: job.paused || undefined,
      }));
      await db.jobs.bulkPut(records).catch((error) => console.error('could not save the ingest queue', error));
      for (const job of slice) this.#unsaved.delete(job.key);
      void this.#pump();
    }
  }

  addText(name: string, text: string): void {
    const fileName = /\.(md|markdown|txt|text)$/i.test(name) ? name : `${name || 'Pasted text'}.txt`;
    this.addFiles([new File([text], fileName, { type: 'text/plain' })]);
  }

  async remove(key: string): Promise<void> {
    const job = this.#jobs.find((j) => j.key === key);
    if (job) return this.cancel(key);
    await engine.api.remove({ docId: key });
    // Gone from the list at once, not after the next full read.
    this.#docs.drop(key);
    libraryEvents.emit({ type: 'removed', docId: key });
  }

  cancel(key: string): void {
    this.#unsaved.delete(key);
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
    if (!job || !job.inFlight || job.paused) return;
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
    for (const job of this.#jobs.filter((j) => j.inFlight)) this.pause(job.key);
  }

  resumeAll(): void {
    void this.#savePaused(this.#jobs.filter((job) => job.paused).map((job) => job.key), false);
    for (const job of this.#jobs) if (job.paused) job.update({ paused: false, stageLabel: 'Waiting' });
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
    const stale = this.#docs.list.filter((doc) => doc.chunkMode !== mode || mode === 'paragraph' || !sameSizes(doc.chunkSizes ?? DEFAULT_SIZES, sizes)).map((doc) => doc.id);
    await this.reindex(stale);
    return stale.length;
  }

  /** Deletes every document and stops every file being read. */
  async clear(): Promise<void> {
    for (const job of this.#jobs) this.cancel(job.key);
    for (const doc of this.#docs.list) await engine.api.remove({ docId: doc.id });
    this.#notices = {};
    libraryEvents.emit({ type: 'cleared' });
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

  #update(key: string, patch: QueuedFilePatch): void {
    this.#jobs.find((job) => job.key === key)?.update(patch);
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

  #nextQueued(): QueuedFile | undefined {
    return this.#jobs.findLast((job) => job.status === 'queued' && !job.paused && !this.#unsaved.has(job.key));
  }

  /** Once nothing is left to read, the next file starts a new batch (and a new overall bar). */
  #endBatchIfDone(): void {
    if (!this.#jobs.some(isInFlight)) this.#batch = { finishedBytes: 0, finished: 0, activeMs: 0 };
  }

  async #run(job: QueuedFile): Promise<void> {
    job.update({ status: 'parsing', stageLabel: 'Reading', progress: 0, fraction: 0, startedAt: Date.now() });
    this.#current = job;
    const { mode, delimiter, sizes } = chunking.current;
    try {
      const result = await withIngestLock(() =>
        ingester.api.ingest(
          { file: job.file, password: job.password, chunkMode: mode, delimiter, sizes, force: job.force, jobKey: job.key, ocrLanguage: ocrLanguage.current },
          { signal: job.controller.signal, timeoutMs: INGEST_TIMEOUT_MS, stallMs: stallMs(job.file), onProgress: (event) => this.#progress(job, event) },
        ),
      );
      // The next file is read while this one is loaded into the search index (in order).
      this.#finishing = this.#finishing.then(() => this.#finish(job, result)).catch((error) => this.#finishFailed(job, error));
    } catch (error) {
      // Stopped by the user (pause or cancel). An abort nobody asked for is a failure, shown as one.
      if (job.controller.signal.aborted) return this.#parkIfPaused(job.key);
      const message = isAbort(error) ? UNASKED_ABORT : handleError(error);
      const status: DocStatus = message.code === 'PDF_PASSWORD' || message.code === 'PDF_BAD_PASSWORD' ? 'needs-password' : 'failed';
      job.update({ status, error: message, stageLabel: '', progress: 0 });
      // With the disk full every next file would fail too: they wait, paused, until there is room.
      if (message.code === 'QUOTA_EXCEEDED') this.#holdQueue('Paused — no storage space left');
      // A file waiting for its password is asked for again after a reload; a failed one is done.
      if (status === 'failed') await this.#forget(job.key);
    } finally {
      this.#current = null;
    }
  }

  #progress(job: QueuedFile, event: IngestProgress): void {
    if (event.ocr) job.scanned = true;
    job.update(stageOf(event, job.scanned));
  }

  /** Pauses every file still waiting its turn. */
  #holdQueue(stageLabel: string): void {
    for (const job of this.#jobs) if (job.status === 'queued' && !job.paused) job.update({ paused: true, stageLabel });
  }

  /** A paused file whose reading has stopped waits, unread, for resume. */
  #parkIfPaused(key: string): void {
    if (!this.#jobs.some((j) => j.key === key && j.paused)) return;
    this.#update(key, { status: 'queued', progress: 0, fraction: 0, startedAt: undefined, stageLabel: 'Paused', controller: new AbortController() });
  }

  async #finish(job: QueuedFile, result: IngestResult): Promise<void> {
    // The document is committed: index it, fetch its row and drop it from the stored queue at once.
    const [, stored] = await Promise.all([
      engine.api.refresh({ docIds: [result.docId], reindexed: job.force ? [result.docId] : [] }),
      result.duplicate ? undefined : db.documents.get(result.docId),
      this.#forget(job.key),
    ]);
    if (job.password) this.#passwords.set(result.docId, job.password);
    const notice = result.duplicate ? 'Already in your library — added once.' : result.embedded ? undefined : 'Indexed for keyword search only (the model could not load).';
    if (notice) this.#notices = { ...this.#notices, [result.docId]: notice };
    if (stored) this.#docs.show(stored);
    this.#jobs = this.#jobs.filter((j) => j.key !== job.key);
    this.#batch = { ...this.#batch, finishedBytes: this.#batch.finishedBytes + job.file.size, finished: this.#batch.finished + 1 };
    this.#endBatchIfDone();
    libraryEvents.emit({ type: 'added', docId: result.docId });
  }

  /**
   * The file is stored but could not be loaded into the index or shown here: its row goes, and the
   * next full read shows the stored document (the engine's own sync indexes it).
   */
  #finishFailed(job: QueuedFile, error: unknown): void {
    console.error('could not show the stored file', error);
    this.#jobs = this.#jobs.filter((j) => j.key !== job.key);
    this.#endBatchIfDone();
    void this.#docs.read();
  }
}

/** For each stored name, when its newest document was added. */
function newestByName(docs: DocumentRecord[]): Map<string, number> {
  // A plain Map on purpose: built and read within one derivation.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const newest = new Map<string, number>();
  for (const doc of docs) newest.set(doc.name, Math.max(newest.get(doc.name) ?? 0, doc.addedAt));
  return newest;
}

/** Whether the stored list already shows the job's document (it stands for the job from then on). */
function isStored(job: QueuedFile, newest: Map<string, number>): boolean {
  return job.startedAt !== undefined && (newest.get(job.file.name) ?? -1) >= job.startedAt;
}

/** Runs `task` while holding the cross-tab ingest lock (where the browser has Web Locks). */
function withIngestLock<T>(task: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return task();
  return navigator.locks.request('carrel-ingest', task) as Promise<T>;
}

export const library = new Library();
