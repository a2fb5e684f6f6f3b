/**
 * The files this tab is reading, oldest first: added, paused and resumed, cancelled, given a
 * password, retried, or taken over from a tab that closed mid-ingest (stored-queue.ts). Each file
 * moves through one state machine (ingest-schedule.ts): every change is a typed event applied in
 * `#to`, and after every change `#advance` asks `nextSteps` what to start, so a file never waits
 * while the reader or the engine is free. Reading a file is one call to the file reader, which
 * posts the records on a channel and answers; storing it is one call to the engine with that
 * channel, which answers the stored document. What becomes of a stored file (searchable, shown) is
 * its owner's part: `IngestHooks`.
 */
import type { IngestProgress, IngestResult } from '../../common/ingest';
import type { JobRecord } from '../../common/db';
import { handleError, isAbort, type UserMessage } from './errors';
import { engine, fileReader, readFile, storeHandedOver } from './workers';
import { stageOf } from './doc-rows';
import { chunking } from './chunking.svelte';
import { ocrLanguage } from './ocr-language.svelte';
import { queueSummary, type QueueBatch, type QueueItem, type QueueSummary } from './ingest-progress';
import { ACTIVE, nextSteps, transition, type FileEvent } from './ingest-schedule';
import { QueuedFile, type QueuedFilePatch } from './queued-file.svelte';
import { adoptOrphans, forgetJob, saveJobs, savePaused, TAB_ID, withIngestLock } from './stored-queue';
import { translate as t } from './i18n/messages';

const INGEST_TIMEOUT_MS = 30 * 60_000;
/** Tests shorten the limits below through these globals. */
type TestLimits = { carrelStallMs?: number; carrelStuckMs?: number };
/** A file with no progress for this long is shown as stuck, with a Retry. */
const STUCK_MS = 60_000;
const stuckMs = () => (globalThis as TestLimits).carrelStuckMs ?? STUCK_MS;
/**
 * A file whose worker reports no progress for this long is given up and the worker restarted (see
 * WorkerOwner's watchdog): well after the row said "Stuck", for a person who is not watching.
 * Parsing and chunking report nothing until they are done and take up to ~10 s per MB on a loaded
 * 2-core machine (16.6 MB of Markdown: 117 s), so big files get longer.
 */
function stallMs(file: File): number {
  return (globalThis as TestLimits).carrelStallMs ?? 3 * STUCK_MS + 20_000 * (file.size / 2 ** 20);
}
/** A file whose reading stopped though nobody paused or cancelled it (say, its transaction was aborted). */
const unaskedAbort = (): UserMessage => ({
  code: 'ABORTED',
  message: t('error.unaskedAbort'),
  action: t('error.action.WORKER_CRASHED'),
});
/** Files written to the stored queue per transaction (see #saveQueue). */
const QUEUE_SLICE = 100;
const NO_BATCH: QueueBatch = { finishedBytes: 0, finished: 0, activeMs: 0 };
/** The chunking and OCR language chosen are read from the database at start: a file is read with them, never with the defaults. */
const choicesRead = () => Promise.all([chunking.loaded, ocrLanguage.loaded]);

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
  /** The files being read or embedded now (the overall bar follows their progress). */
  #active = $state.raw<QueuedFile[]>([]);
  /** Passwords of encrypted PDFs added in this session, so the viewer can open them; never stored. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping the page does not show
  #passwords = new Map<string, string>();
  /** Stored files still being finished (see IngestHooks), one after another. */
  #finishing: Promise<void> = Promise.resolve();
  #nextKey = 1;
  #batch = $state.raw<QueueBatch>(NO_BATCH);
  #activeSince: number | null = null;
  /** The overall fraction last shown: the bar never goes back within a batch. */
  #shown = 0;
  #stuckCheck: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly hooks: IngestHooks) {}

  /** Files queued in this tab, newest first; each is its own row, whose fields change with its progress. */
  get jobs(): QueuedFile[] {
    return this.#jobs;
  }

  /** Whether a file is being read or stored right now (not reactive). */
  get reading(): boolean {
    return this.#active.length > 0;
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

  /** The overall progress of the queue, or null when nothing is waiting. Its "done" and its fraction only go forward. */
  readonly summary: QueueSummary | null = $derived.by(() => {
    const running = this.#activeSince === null ? 0 : Date.now() - this.#activeSince;
    const summary = queueSummary(
      this.#left,
      { ...this.#batch, activeMs: this.#batch.activeMs + running },
      combined(this.#active.filter((job) => !job.paused)),
    );
    if (summary) this.#shown = Math.max(this.#shown, summary.fraction);
    return summary && { ...summary, fraction: this.#shown };
  });

  /** Takes over the files a closed or reloaded tab left half-read, and reads them again. */
  async start(): Promise<void> {
    const [adopted] = await Promise.all([adoptOrphans(), choicesRead()]);
    if (adopted.length === 0) return;
    const jobs = adopted.map((stored) => {
      const job = new QueuedFile(
        stored.key,
        stored.file,
        stored.paused ? t('stage.paused') : t('stage.interrupted'),
        stored.force,
      );
      job.state = stored.paused ? 'paused' : 'waiting';
      return job;
    });
    this.#jobs = [...this.#jobs, ...jobs.reverse()];
    this.#advance();
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
    const stageLabel = force ? t('stage.waitingToReindex') : t('stage.waiting');
    const jobs = files.map((file) => new QueuedFile(`job-${TAB_ID}-${this.#nextKey++}`, file, stageLabel, force));
    this.#jobs = [...jobs.toReversed(), ...this.#jobs];
    this.#watch();
    void this.#saveQueue(jobs, Date.now());
  }

  /** Queues pasted text as a text file named after `name`. */
  addText(name: string, text: string): void {
    const fileName = /\.(md|markdown|txt|text)$/i.test(name) ? name : `${name || t('drop.pastedText')}.txt`;
    this.add([new File([text], fileName, { type: 'text/plain' })]);
  }

  /**
   * Writes new files to the stored queue, so a reload finds them, and queues each once it is
   * written. Storing a file takes about a millisecond, so thousands are written in slices, oldest
   * first, and the first files are read while the rest are written.
   */
  async #saveQueue(jobs: QueuedFile[], addedAt: number): Promise<void> {
    await choicesRead();
    for (let at = 0; at < jobs.length; at += QUEUE_SLICE) {
      // Made when written, so a file cancelled meanwhile is left out and a pause is kept.
      const slice = jobs.slice(at, at + QUEUE_SLICE).filter((job) => job.state === 'adding' || job.state === 'paused');
      const records = slice.map((job, i): JobRecord => ({
        key: job.key,
        addedAt: addedAt + (at + i) / 1000,
        owner: TAB_ID,
        file: job.file,
        force: job.force || undefined,
        paused: job.paused || undefined,
      }));
      await saveJobs(records);
      for (const job of slice) this.#to(job, { type: 'queued' });
      this.#advance();
    }
  }

  /** Stops a file and takes it out of the queue. */
  cancel(key: string): void {
    const job = this.#find(key);
    if (!job) return;
    this.#to(job, { type: 'cancel' });
    job.controller.abort();
    job.handOver?.close();
    this.#jobs = this.#jobs.filter((j) => j !== job);
    this.#endBatchIfDone();
    void forgetJob(key);
    this.#advance();
  }

  cancelAll(): void {
    for (const job of this.#jobs) this.cancel(job.key);
  }

  /**
   * Holds a file until resumed. A file being read or embedded is stopped (nothing of it is kept);
   * it shows as paused once the worker has actually stopped, or as ready if it finished first.
   */
  pause(key: string): void {
    const job = this.#find(key);
    if (!job || job.paused || !job.inFlight) return;
    void savePaused([key], true);
    if (job.state === 'reading' || job.state === 'embedding') {
      job.stopping = 'pause';
      job.update({ stageLabel: t('stage.pausing') });
      job.controller.abort();
      return;
    }
    // Waiting, or read and waiting for the engine: nothing runs for it, so it is paused at once.
    job.handOver?.close();
    this.#to(job, job.state === 'handed-over' ? { type: 'stopped' } : { type: 'pause' });
    this.#advance();
  }

  /** Puts a paused file back in the queue; it is read again from the start. */
  resume(key: string): void {
    const job = this.#find(key);
    if (!job?.paused) return;
    void savePaused([key], false);
    this.#to(job, { type: 'resume' });
    this.#advance();
  }

  pauseAll(): void {
    for (const job of this.#jobs.filter((j) => j.inFlight)) this.pause(job.key);
  }

  resumeAll(): void {
    const paused = this.#jobs.filter((job) => job.paused);
    void savePaused(
      paused.map((job) => job.key),
      false,
    );
    for (const job of paused) this.#to(job, { type: 'resume' });
    this.#advance();
  }

  /** Reads an encrypted PDF again with the password given for it. */
  submitPassword(key: string, password: string): void {
    const job = this.#find(key);
    if (!job) return;
    job.update({ password, error: undefined });
    this.#to(job, { type: 'retry' });
    this.#advance();
  }

  /**
   * Tries a stuck file again: its step is ended, the worker that ran it replaced (a worker that
   * stopped answering answers nothing, not even an abort), and the file is read again from the start.
   */
  retry(key: string): void {
    const job = this.#find(key);
    if (!job) return;
    if (job.state === 'reading' || job.state === 'embedding') {
      job.stopping = 'retry';
      job.controller.abort();
      (job.state === 'reading' ? fileReader : engine).restart();
      return;
    }
    job.handOver?.close();
    this.#to(job, { type: 'retry' });
    this.#advance();
  }

  #find(key: string): QueuedFile | undefined {
    return this.#jobs.find((job) => job.key === key);
  }

  /** The one place a file changes state; answers false when the event does not apply (it is ignored). */
  #to(job: QueuedFile, event: FileEvent): boolean {
    const next = transition(job.state, event);
    if (next === null) return false;
    const wasActive = ACTIVE.has(job.state);
    job.state = next;
    job.lastChangeAt = Date.now();
    job.stuck = false;
    if (next === 'waiting' || next === 'paused') {
      // A fresh try: a new signal, and no channel or stop left from the last one.
      job.controller = new AbortController();
      job.stopping = null;
      job.handOver = undefined;
      job.update({
        stageLabel: next === 'paused' ? t('stage.paused') : t('stage.waiting'),
        progress: 0,
        fraction: 0,
        startedAt: undefined,
      });
    }
    if (wasActive !== ACTIVE.has(next)) {
      this.#active = this.#jobs.filter((j) => ACTIVE.has(j.state));
      if (this.#active.length > 0) this.#activeSince ??= Date.now();
      else this.#endActivity();
    }
    return true;
  }

  /** Starts whatever the schedule says can start now; called after every change. */
  #advance(): void {
    const { read, embed } = nextSteps(this.#jobs.toReversed());
    if (embed) this.#embed(this.#find(embed)!);
    if (read) this.#read(this.#find(read)!);
    this.#watch();
  }

  /** Has the file reader read the file; its records then wait in a channel for the engine. */
  #read(job: QueuedFile): void {
    this.#to(job, { type: 'start-reading' });
    job.update({ stageLabel: t('stage.reading'), progress: 0, fraction: 0, startedAt: Date.now() });
    const attempt = job.controller;
    const { port1, port2 } = new MessageChannel();
    const { mode, delimiter, sizes } = chunking.current;
    const input = {
      file: job.file,
      password: job.password,
      chunkMode: mode,
      delimiter,
      sizes,
      force: job.force,
      jobKey: job.key,
      ocrLanguage: ocrLanguage.current,
    };
    const options = {
      signal: attempt.signal,
      timeoutMs: INGEST_TIMEOUT_MS,
      stallMs: stallMs(job.file),
      onProgress: (event: IngestProgress) => this.#progress(job, event),
    };
    withIngestLock(() => readFile(input, port2, options), attempt.signal)
      .then(
        (outcome) => {
          if (outcome.kind === 'duplicate') {
            port1.close();
            void forgetJob(job.key);
            return this.#saved(job, outcome.result);
          }
          if (attempt.signal.aborted) {
            port1.close();
            return this.#stopped(job);
          }
          job.handOver = port1;
          this.#to(job, { type: 'handed-over' });
          job.update({ stageLabel: t('stage.readWaiting') });
        },
        (error: unknown) => {
          port1.close();
          this.#ended(job, attempt, error);
        },
      )
      .finally(() => this.#advance());
  }

  /** Has the engine embed, store and index what the reader handed over. */
  #embed(job: QueuedFile): void {
    const port = job.handOver!;
    job.handOver = undefined;
    this.#to(job, { type: 'start-embedding' });
    const attempt = job.controller;
    const options = {
      signal: attempt.signal,
      timeoutMs: INGEST_TIMEOUT_MS,
      stallMs: stallMs(job.file),
      onProgress: (event: IngestProgress) => this.#progress(job, event),
    };
    storeHandedOver(port, options)
      // Stored even if a pause came meanwhile: it finished first.
      .then(
        (result) => this.#saved(job, result),
        (error: unknown) => this.#ended(job, attempt, error),
      )
      .finally(() => this.#advance());
  }

  #progress(job: QueuedFile, event: IngestProgress): void {
    if (event.ocr) job.scanned = true;
    job.lastChangeAt = Date.now();
    job.stuck = false;
    // A stopping file keeps saying so until it has stopped.
    const patch: QueuedFilePatch = stageOf(event, job.scanned);
    job.update(job.stopping ? { ...patch, stageLabel: job.stageLabel } : patch);
  }

  /** The file's step ended because the user asked: it is paused, or tried again. */
  #stopped(job: QueuedFile): void {
    this.#to(job, { type: job.stopping === 'retry' ? 'retry' : 'stopped' });
  }

  /** The file's step failed, or was stopped by the user. */
  #ended(job: QueuedFile, attempt: AbortController, error: unknown): void {
    if (attempt.signal.aborted) return this.#stopped(job);
    const message = isAbort(error) ? unaskedAbort() : handleError(error);
    const needsPassword = message.code === 'PDF_PASSWORD' || message.code === 'PDF_BAD_PASSWORD';
    if (!this.#to(job, { type: 'failed', needsPassword })) return;
    job.update({ error: message, stageLabel: '', progress: 0 });
    // With the disk full every next file would fail too: they wait, paused, until there is room.
    if (message.code === 'QUOTA_EXCEEDED') this.#holdQueue(t('stage.noSpace'));
    // A file waiting for its password is asked for again after a reload; a failed one is done.
    if (!needsPassword) void forgetJob(job.key);
  }

  /** The document is committed (its stored job went in the same transaction): the owner shows it, then its row goes. */
  #saved(job: QueuedFile, result: IngestResult): void {
    // A file cancelled as it was stored is not counted, but its document is shown all the same.
    if (this.#to(job, { type: 'saved' }))
      this.#batch = {
        ...this.#batch,
        finishedBytes: this.#batch.finishedBytes + job.file.size,
        finished: this.#batch.finished + 1,
      };
    if (job.password) this.#passwords.set(result.docId, job.password);
    this.#finishing = this.#finishing
      .then(() => this.hooks.finish(result))
      .then(() => this.#drop(job))
      .catch((error: unknown) => {
        console.error('could not show the stored file', error);
        this.#drop(job);
        this.hooks.finishFailed();
      });
  }

  #drop(job: QueuedFile): void {
    this.#jobs = this.#jobs.filter((j) => j !== job);
    this.#endBatchIfDone();
  }

  /** Pauses every file still waiting its turn, and stops the ones being read behind the failed one. */
  #holdQueue(stageLabel: string): void {
    for (const job of this.#jobs) {
      if (!job.inFlight || job.paused) continue;
      this.pause(job.key);
      job.update({ stageLabel: job.paused ? stageLabel : job.stageLabel });
    }
  }

  /** Once nothing is left to read, the next file starts a new batch (and a new overall bar). */
  #endBatchIfDone(): void {
    if (this.#jobs.some((job) => job.inFlight)) return;
    this.#batch = NO_BATCH;
    this.#shown = 0;
  }

  #endActivity(): void {
    if (this.#activeSince === null) return;
    this.#batch = { ...this.#batch, activeMs: this.#batch.activeMs + Date.now() - this.#activeSince };
    this.#activeSince = null;
  }

  /**
   * While files are in the queue, checks now and then for one that has not moved for STUCK_MS: a
   * file being read or embedded with no progress, or a file waiting while nothing runs. Its row
   * then says "Stuck" and offers Retry.
   */
  #watch(): void {
    const waiting = this.#jobs.some((job) => job.inFlight && !job.paused);
    if (!waiting) {
      clearInterval(this.#stuckCheck);
      this.#stuckCheck = undefined;
      return;
    }
    this.#stuckCheck ??= setInterval(() => this.#flagStuck(), Math.min(5_000, stuckMs() / 4));
  }

  #flagStuck(): void {
    const now = Date.now();
    const idle = this.#active.length === 0;
    for (const job of this.#jobs) {
      const watched = job.state === 'reading' || job.state === 'embedding' || (idle && job.state === 'waiting');
      if (watched && !job.stuck && now - job.lastChangeAt > stuckMs()) job.stuck = true;
    }
    this.#watch();
  }
}

/** The files being worked on as one item of the queue's progress: their bytes, and the share of them done. */
function combined(active: readonly QueuedFile[]): QueueItem | null {
  if (active.length === 0) return null;
  const size = active.reduce((n, job) => n + job.file.size, 0);
  const done = active.reduce((n, job) => n + job.file.size * job.fraction, 0);
  return { size, fraction: size > 0 ? done / size : 0 };
}
