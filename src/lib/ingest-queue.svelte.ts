/**
 * The files this tab is reading, oldest first: added, paused and resumed, cancelled, given a
 * password, retried, or taken over from a tab that closed mid-ingest (stored-queue.ts). Each file
 * moves through one state machine (ingest-schedule.ts): every change is a typed event applied in
 * `#to`, and after every change `#advance` asks `nextSteps` what to start, so a file never waits
 * while the reader or the engine is free. Reading a file is one call to the file reader, which
 * posts the records on a channel and answers; storing it is one call to the engine with that
 * channel, which answers the stored document (ingest-calls.ts). The overall bar is kept by
 * batch-progress.svelte.ts, files that stopped moving are spotted by stuck-watch.ts. What becomes
 * of a stored file (searchable, shown) is its owner's part: `IngestHooks`.
 */
import type { IngestProgress, IngestResult } from '../../common/ingest';
import type { JobRecord } from '../../common/db';
import { handleError, isAbort, type UserMessage } from './errors';
import { engine, fileReader } from './workers';
import { readQueued, storeQueued, warmEngine } from './ingest-calls';
import { stageOf } from './doc-rows';
import { chunking } from './chunking.svelte';
import { ocrLanguage } from './ocr-language.svelte';
import type { QueueSummary } from './ingest-progress';
import { BatchProgress } from './batch-progress.svelte';
import { ACTIVE, nextSteps, scheduledFiles, transition, type FileEvent } from './ingest-schedule';
import { QueuedFile, type QueuedFilePatch } from './queued-file.svelte';
import { StuckWatch } from './stuck-watch';
import { QueueTally } from './queue-tally.svelte';
import { adoptOrphans, forgetJob, saveJobs, savePaused, TAB_ID } from './stored-queue';
import { translate as t } from './i18n/messages';

/** A file whose reading stopped though nobody paused or cancelled it (say, its transaction was aborted). */
const unaskedAbort = (): UserMessage => ({
  code: 'ABORTED',
  message: t('error.unaskedAbort'),
  action: t('error.action.WORKER_CRASHED'),
});
/** Files written to the stored queue per transaction (see #saveQueue). */
const QUEUE_SLICE = 100;
/** The chunking and OCR language chosen are read from the database at start: a file is read with them, never with the defaults. */
const choicesRead = () => Promise.all([chunking.loaded, ocrLanguage.loaded]);

/** What the queue's owner does with a file once its document is stored. */
export interface IngestHooks {
  /** Shows the stored (and already searchable) document of `file`; the file's row stays until this settles. */
  finish(result: IngestResult, file: File): Promise<void>;
  /** `finish` failed: the file's row is gone, so the stored document has to be shown another way. */
  finishFailed(): void;
}

export class IngestQueue {
  /** Files queued in this tab, newest first. Only membership changes replace the array; progress changes a file's own state. */
  #jobs = $state.raw<QueuedFile[]>([]);
  /** The same files by key, so a call about one file finds it without a walk. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping the page does not show
  readonly #byKey = new Map<string, QueuedFile>();
  /** Which files are being read, which are done with, and what is left: kept per change, never counted. */
  readonly #tally = new QueueTally<QueuedFile>();
  /** Passwords of encrypted PDFs added in this session, so the viewer can open them; never stored. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping the page does not show
  #passwords = new Map<string, string>();
  /** Stored files still being finished (see IngestHooks), one after another. */
  #finishing: Promise<void> = Promise.resolve();
  #nextKey = 1;
  /** The overall progress bar's batch. */
  readonly #overall = new BatchProgress(
    () => this.#tally.left,
    () => this.#tally.active,
  );
  readonly #stuck = new StuckWatch(
    () => this.#jobs,
    () => this.#tally.active.length === 0,
  );

  constructor(private readonly hooks: IngestHooks) {}

  /** Files queued in this tab, newest first; each is its own row, whose fields change with its progress. */
  get jobs(): QueuedFile[] {
    return this.#jobs;
  }

  /** Whether a file is being read or stored right now (not reactive). */
  get reading(): boolean {
    return this.#tally.active.length > 0;
  }

  /** The files being read or embedded now (their rows show first in the list). */
  get active(): readonly QueuedFile[] {
    return this.#tally.active;
  }

  /** The files still in the queue that are no longer in flight (saved, failed, waiting for a password). */
  get settled(): ReadonlySet<QueuedFile> {
    return this.#tally.settled;
  }

  /** The overall progress of the queue, or null when nothing is waiting. Its "done" and its fraction only go forward. */
  get summary(): QueueSummary | null {
    return this.#overall.summary;
  }

  /** How many files the batch just done stored, until more are added (0 while files are being read). */
  get ended(): number {
    return this.#overall.ended;
  }

  /** Which run of reading `ended` is for: a new number each time reading starts after a full stop. */
  get run(): number {
    return this.#overall.run;
  }

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
    this.#tally.joined(jobs, (job) => job.state);
    for (const job of jobs) this.#byKey.set(job.key, job);
    this.#jobs = [...this.#jobs, ...jobs.reverse()];
    this.#advance();
  }

  /** The file `key` while it is in the queue. */
  find(key: string): QueuedFile | undefined {
    return this.#byKey.get(key);
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
    for (const job of jobs) this.#byKey.set(job.key, job);
    this.#tally.joined(jobs, () => 'adding');
    this.#stuck.watch();
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
    const job = this.find(key);
    if (!job) return;
    this.#to(job, { type: 'cancel' });
    job.controller.abort();
    job.handOver?.close();
    this.#jobs = this.#jobs.filter((j) => j !== job);
    this.#byKey.delete(key);
    this.#tally.gone(job, job.state);
    this.#overall.endIfDone();
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
    const job = this.find(key);
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
    const job = this.find(key);
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
    const job = this.find(key);
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
    const job = this.find(key);
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

  /** The one place a file changes state; answers false when the event does not apply (it is ignored). */
  #to(job: QueuedFile, event: FileEvent): boolean {
    const next = transition(job.state, event);
    if (next === null) return false;
    const was = job.state;
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
    this.#tally.moved(job, was, next);
    if (ACTIVE.has(was) !== ACTIVE.has(next)) this.#overall.activeChanged();
    return true;
  }

  /** Starts whatever the schedule says can start now; called after every change. */
  #advance(): void {
    const { read, embed } = nextSteps(scheduledFiles(this.#jobs, this.#tally.active.length));
    if (embed) this.#embed(this.find(embed)!);
    if (read) this.#read(this.find(read)!);
    this.#stuck.watch();
  }

  /** Has the file reader read the file; its records then wait in a channel for the engine. */
  #read(job: QueuedFile): void {
    this.#to(job, { type: 'start-reading' });
    job.update({ stageLabel: t('stage.reading'), progress: 0, fraction: 0, startedAt: Date.now() });
    const attempt = job.controller;
    const { port1, port2 } = new MessageChannel();
    warmEngine();
    readQueued(job, port2, attempt.signal, (event) => this.#progress(job, event))
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
    storeQueued(job, port, attempt.signal, (event) => this.#progress(job, event))
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
    if (this.#to(job, { type: 'saved' })) this.#overall.finished(job.file);
    job.storedAs = result.docId;
    if (job.password) this.#passwords.set(result.docId, job.password);
    this.#finishing = this.#finishing
      .then(() => this.hooks.finish(result, job.file))
      .then(() => this.#drop(job))
      .catch((error: unknown) => {
        console.error('could not show the stored file', error);
        this.#drop(job);
        this.hooks.finishFailed();
      });
  }

  #drop(job: QueuedFile): void {
    this.#jobs = this.#jobs.filter((j) => j !== job);
    this.#byKey.delete(job.key);
    this.#tally.gone(job, job.state);
    this.#overall.endIfDone();
  }

  /** Pauses every file still waiting its turn, and stops the ones being read behind the failed one. */
  #holdQueue(stageLabel: string): void {
    for (const job of this.#jobs) {
      if (!job.inFlight || job.paused) continue;
      this.pause(job.key);
      job.update({ stageLabel: job.paused ? stageLabel : job.stageLabel });
    }
  }
}
