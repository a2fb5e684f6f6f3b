/**
 * The files this tab is reading, one at a time across all tabs, oldest first: added, paused and
 * resumed, cancelled, given a password, or taken over from a tab that closed mid-ingest (the stored
 * copy and the locks are in stored-queue.ts). Keeps each file's progress and the whole queue's
 * time left. What becomes of a stored file (searchable, shown) is its owner's part: `IngestHooks`.
 */
import type { DocStatus } from '../shared/types';
import type { IngestProgress, IngestResult } from '../shared/ingest';
import type { JobRecord } from '../shared/db';
import { handleError, isAbort, type UserMessage } from './errors';
import { ingest } from './workers';
import { stageOf } from './doc-rows';
import { chunking } from './chunking.svelte';
import { ocrLanguage } from './ocr-language.svelte';
import { queueSummary, type QueueBatch, type QueueSummary } from './ingest-progress';
import { isInFlight, QueuedFile, type QueuedFilePatch } from './queued-file.svelte';
import { adoptOrphans, forgetJob, saveJobs, savePaused, TAB_ID, withIngestLock } from './stored-queue';

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
const NO_BATCH: QueueBatch = { finishedBytes: 0, finished: 0, activeMs: 0 };

/** What the queue's owner does with a file once its document is stored. */
export interface IngestHooks {
  /** Shows the stored (and already searchable) document; the file's row stays until this settles. */
  finish(result: IngestResult): Promise<void>;
  /** `finish` failed: the file's row is gone, so the stored document has to be shown another way. */
  finishFailed(): void;
}

export class IngestQueue {
  /** Files queued in this tab, newest first. Only membership changes replace the array; progress changes a file's own state. */
  #jobs = $state.raw<QueuedFile[]>([]);
  /** The file being read now, if any (the overall bar follows its progress). */
  #current = $state.raw<QueuedFile | null>(null);
  /** Passwords of encrypted PDFs added in this session, so the viewer can open them; never stored. */
  // Plain collections on purpose, here and in #unsaved: bookkeeping the page does not show.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #passwords = new Map<string, string>();
  #running = false;
  /** Files added but not yet in the stored queue; they are read once they are. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #unsaved = new Set<string>();
  /** Stored files still being finished (see IngestHooks), one after another. */
  #finishing: Promise<void> = Promise.resolve();
  #nextKey = 1;
  #batch = $state.raw<QueueBatch>(NO_BATCH);
  #activeSince: number | null = null;

  constructor(private readonly hooks: IngestHooks) {}

  /** Files queued in this tab, newest first; each is its own row, whose fields change with its progress. */
  get jobs(): QueuedFile[] {
    return this.#jobs;
  }

  /** Whether a file is being read right now (not reactive). */
  get reading(): boolean {
    return this.#running;
  }

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
  readonly summary: QueueSummary | null = $derived.by(() => {
    const current = this.#current;
    const reading = current && current.inFlight && !current.paused ? { size: current.file.size, fraction: current.fraction } : null;
    const running = this.#activeSince === null ? 0 : Date.now() - this.#activeSince;
    return queueSummary(this.#left, { ...this.#batch, activeMs: this.#batch.activeMs + running }, reading);
  });

  /** Takes over the files a closed or reloaded tab left half-read, and reads them again. */
  async start(): Promise<void> {
    const adopted = await adoptOrphans();
    if (adopted.length === 0) return;
    const jobs = adopted.map((stored) => {
      const job = new QueuedFile(stored.key, stored.file, stored.paused ? 'Paused' : 'Interrupted — reading it again', stored.force);
      if (stored.paused) job.update({ paused: true });
      return job;
    });
    this.#jobs = [...this.#jobs, ...jobs.reverse()];
    void this.#pump();
  }

  has(key: string): boolean {
    return this.#jobs.some((job) => job.key === key);
  }

  /** The password an encrypted PDF was opened with in this session, if any. */
  passwordFor(docId: string): string | undefined {
    return this.#passwords.get(docId);
  }

  /** Queues files to read; `force` re-indexes a document that is already stored. */
  add(files: File[], force = false): void {
    const stageLabel = force ? 'Waiting to re-index' : 'Waiting';
    const jobs = files.map((file) => new QueuedFile(`job-${TAB_ID}-${this.#nextKey++}`, file, stageLabel, force));
    for (const job of jobs) this.#unsaved.add(job.key);
    this.#jobs = [...jobs.toReversed(), ...this.#jobs];
    void this.#saveQueue(jobs, Date.now());
  }

  /** Queues pasted text as a text file named after `name`. */
  addText(name: string, text: string): void {
    const fileName = /\.(md|markdown|txt|text)$/i.test(name) ? name : `${name || 'Pasted text'}.txt`;
    this.add([new File([text], fileName, { type: 'text/plain' })]);
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
      await saveJobs(records);
      for (const job of slice) this.#unsaved.delete(job.key);
      void this.#pump();
    }
  }

  /** Stops a file and takes it out of the queue. */
  cancel(key: string): void {
    this.#unsaved.delete(key);
    const job = this.#jobs.find((j) => j.key === key);
    job?.controller.abort();
    this.#jobs = this.#jobs.filter((j) => j.key !== key);
    this.#endBatchIfDone();
    void forgetJob(key);
  }

  cancelAll(): void {
    for (const job of this.#jobs) this.cancel(job.key);
  }

  /**
   * Holds a file until resumed. A file being read is stopped (the worker drops what it has read);
   * it shows as paused once the worker has actually stopped, or as ready if it finished first.
   */
  pause(key: string): void {
    const job = this.#jobs.find((j) => j.key === key);
    if (!job || !job.inFlight || job.paused) return;
    void savePaused([key], true);
    if (job.status === 'queued') return this.#update(key, { paused: true, stageLabel: 'Paused' });
    this.#update(key, { paused: true, stageLabel: 'Pausing…' });
    job.controller.abort();
  }

  /** Puts a paused file back in the queue; it is read again from the start. */
  resume(key: string): void {
    if (!this.#jobs.some((j) => j.key === key && j.paused)) return;
    this.#update(key, { paused: false, stageLabel: 'Waiting' });
    void savePaused([key], false);
    void this.#pump();
  }

  pauseAll(): void {
    for (const job of this.#jobs.filter((j) => j.inFlight)) this.pause(job.key);
  }

  resumeAll(): void {
    void savePaused(this.#jobs.filter((job) => job.paused).map((job) => job.key), false);
    for (const job of this.#jobs) if (job.paused) job.update({ paused: false, stageLabel: 'Waiting' });
    void this.#pump();
  }

  /** Reads an encrypted PDF again with the password given for it. */
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
      // Oldest first: the list shows newest on top, so take from the end. The next file is read
      // while the engine embeds and stores this one: at most one file in the reader, one in the engine.
      let previous: Promise<void> = Promise.resolve();
      for (let job = this.#nextQueued(); job; job = this.#nextQueued()) {
        const run = this.#run(job, previous);
        await run.handedOver;
        previous = run.done;
      }
      await previous;
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
    if (!this.#jobs.some(isInFlight)) this.#batch = NO_BATCH;
  }

  /**
   * Reads one file. `handedOver` settles once the engine has it (or the read ended): the reader and
   * the cross-tab lock are then free for the next file. The engine takes it only after `turn` (the
   * previous file is stored, failed or stopped), so a full disk still holds back the files after
   * it. `done` settles when the file is stored, failed or stopped.
   */
  #run(job: QueuedFile, turn: Promise<void>): { handedOver: Promise<void>; done: Promise<void> } {
    job.update({ status: 'parsing', stageLabel: 'Reading', progress: 0, fraction: 0, startedAt: Date.now() });
    this.#current = job;
    const { mode, delimiter, sizes } = chunking.current;
    let handOver!: () => void;
    const handedOver = new Promise<void>((resolve) => (handOver = resolve));
    // Read and chunked, the file waits for its turn without a word: the watchdog waits with it.
    let chunked = false;
    let turnCame = false;
    void turn.then(() => (turnCame = true));
    const onProgress = (event: IngestProgress) => {
      if (event.stage === 'chunking') chunked = true;
      if (event.stage === 'embedding' || event.stage === 'saving') handOver();
      this.#progress(job, event);
    };
    const done = (async () => {
      try {
        let reading!: Promise<IngestResult>;
        await withIngestLock(async () => {
          reading = ingest(
            { file: job.file, password: job.password, chunkMode: mode, delimiter, sizes, force: job.force, jobKey: job.key, ocrLanguage: ocrLanguage.current },
            { signal: job.controller.signal, timeoutMs: INGEST_TIMEOUT_MS, stallMs: stallMs(job.file), stallPaused: () => chunked && !turnCame, onProgress, turn },
          );
          await Promise.race([handedOver, reading.catch(() => undefined)]);
        });
        const result = await reading;
        // The next file is read while this one is finished (in order).
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
        if (status === 'failed') await forgetJob(job.key);
      } finally {
        handOver();
        if (this.#current === job) this.#current = null;
      }
    })();
    return { handedOver, done };
  }

  #progress(job: QueuedFile, event: IngestProgress): void {
    if (event.ocr) job.scanned = true;
    job.update(stageOf(event, job.scanned));
  }

  /** Pauses every file still waiting its turn, and stops the one being read behind the failed one. */
  #holdQueue(stageLabel: string): void {
    for (const job of this.#jobs) {
      if (job.status === 'queued' && !job.paused) job.update({ paused: true, stageLabel });
      else if (job.status === 'parsing') this.pause(job.key);
    }
  }

  /** A paused file whose reading has stopped waits, unread, for resume. */
  #parkIfPaused(key: string): void {
    if (!this.#jobs.some((j) => j.key === key && j.paused)) return;
    this.#update(key, { status: 'queued', progress: 0, fraction: 0, startedAt: undefined, stageLabel: 'Paused', controller: new AbortController() });
  }

  /** The document is committed: the owner finishes it while it is dropped from the stored queue. */
  async #finish(job: QueuedFile, result: IngestResult): Promise<void> {
    await Promise.all([this.hooks.finish(result), forgetJob(job.key)]);
    if (job.password) this.#passwords.set(result.docId, job.password);
    this.#jobs = this.#jobs.filter((j) => j.key !== job.key);
    this.#batch = { ...this.#batch, finishedBytes: this.#batch.finishedBytes + job.file.size, finished: this.#batch.finished + 1 };
    this.#endBatchIfDone();
  }

  /** The file is stored but its owner could not finish it: its row goes all the same. */
  #finishFailed(job: QueuedFile, error: unknown): void {
    console.error('could not show the stored file', error);
    this.#jobs = this.#jobs.filter((j) => j.key !== job.key);
    this.#endBatchIfDone();
    this.hooks.finishFailed();
  }
}
