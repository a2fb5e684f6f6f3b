/**
 * The queue's overall progress bar: one batch of files, from the first added to an empty queue
 * until none is left to read. It counts the files and bytes finished and the time spent reading,
 * and never goes back within a batch. The queue (ingest-queue.svelte.ts) tells it when files
 * finish and when reading starts and stops; its tally (queue-tally.svelte.ts) what is left.
 */
import { queueSummary, type QueueBatch, type QueueItem, type QueueLeft, type QueueSummary } from './ingest-progress';
import type { QueuedFile } from './queued-file.svelte';

const NO_BATCH: QueueBatch = { finishedBytes: 0, finished: 0, activeMs: 0 };

export class BatchProgress {
  #batch = $state.raw<QueueBatch>(NO_BATCH);
  #activeSince: number | null = null;
  /** The overall fraction last shown: the bar never goes back within a batch. */
  #shown = 0;
  /** The files the batch last closed stored, until files are read again. */
  #lastEnded = $state(0);
  /**
   * Counts the times reading started after everything had stopped: the done panel a person
   * dismissed is that of the run it was shown for, and the next run's shows again.
   */
  #run = $state(0);

  /** `left`: the files still to read (kept by the queue's tally); `active`: those being read or embedded now. */
  constructor(
    private readonly left: () => QueueLeft,
    private readonly active: () => readonly QueuedFile[],
  ) {}

  /** The overall progress of the queue, or null when nothing is waiting. Its "done" and its fraction only go forward. */
  readonly summary: QueueSummary | null = $derived.by(() => {
    const running = this.#activeSince === null ? 0 : Date.now() - this.#activeSince;
    const summary = queueSummary(
      this.left(),
      { ...this.#batch, activeMs: this.#batch.activeMs + running },
      combined(this.active().filter((job) => !job.paused)),
    );
    if (summary) this.#shown = Math.max(this.#shown, summary.fraction);
    return summary && { ...summary, fraction: this.#shown };
  });

  /**
   * Once nothing is left to read: how many files the batch stored (0 for none, or while files are
   * still being read). Known from the moment the last file is saved, before the batch is closed.
   */
  readonly ended: number = $derived(this.summary ? 0 : this.#batch.finished || this.#lastEnded);

  /** Which run of reading `ended` counts for (see #run). */
  get run(): number {
    return this.#run;
  }

  /** A file of the batch was stored. */
  finished(file: File): void {
    this.#batch = {
      ...this.#batch,
      finishedBytes: this.#batch.finishedBytes + file.size,
      finished: this.#batch.finished + 1,
    };
  }

  /** Files started or stopped being read or embedded: the batch's reading time runs only while some are. */
  activeChanged(): void {
    if (this.active().length > 0) {
      if (this.#activeSince === null) this.#run++;
      this.#activeSince ??= Date.now();
      // Files are being read: the next done panel counts this batch, never one closed before.
      this.#lastEnded = 0;
      return;
    }
    if (this.#activeSince === null) return;
    this.#batch = { ...this.#batch, activeMs: this.#batch.activeMs + Date.now() - this.#activeSince };
    this.#activeSince = null;
  }

  /** Once nothing is left to read, the next file starts a new batch (and a new overall bar). */
  endIfDone(): void {
    if (this.left().files > 0) return;
    if (this.#batch.finished > 0) this.#lastEnded = this.#batch.finished;
    this.#batch = NO_BATCH;
    this.#shown = 0;
  }
}

/** The files being worked on as one item of the queue's progress: their bytes, and the share of them done. */
function combined(active: readonly QueuedFile[]): QueueItem | null {
  if (active.length === 0) return null;
  const size = active.reduce((n, job) => n + job.file.size, 0);
  const done = active.reduce((n, job) => n + job.file.size * job.fraction, 0);
  return { size, fraction: size > 0 ? done / size : 0 };
}
