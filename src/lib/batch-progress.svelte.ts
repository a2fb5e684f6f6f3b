/**
 * The queue's overall progress bar: one batch of files, from the first added to an empty queue
 * until none is left to read. It counts the files and bytes finished and the time spent reading,
 * and never goes back within a batch. The queue (ingest-queue.svelte.ts) tells it when files
 * finish and when reading starts and stops; it reads the files themselves for the rest.
 */
import { queueSummary, type QueueBatch, type QueueItem, type QueueSummary } from './ingest-progress';
import type { QueuedFile } from './queued-file.svelte';

const NO_BATCH: QueueBatch = { finishedBytes: 0, finished: 0, activeMs: 0 };

export class BatchProgress {
  #batch = $state.raw<QueueBatch>(NO_BATCH);
  #activeSince: number | null = null;
  /** The overall fraction last shown: the bar never goes back within a batch. */
  #shown = 0;

  /** `files`: the queue's files; `active`: those being read or embedded now. */
  constructor(
    private readonly files: () => readonly QueuedFile[],
    private readonly active: () => readonly QueuedFile[],
  ) {}

  /** Files still to read and their bytes: changes when files join, leave, pause or resume, not on progress. */
  readonly #left = $derived.by(() => {
    let files = 0;
    let bytes = 0;
    let paused = true;
    for (const job of this.files()) {
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
      combined(this.active().filter((job) => !job.paused)),
    );
    if (summary) this.#shown = Math.max(this.#shown, summary.fraction);
    return summary && { ...summary, fraction: this.#shown };
  });

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
      this.#activeSince ??= Date.now();
      return;
    }
    if (this.#activeSince === null) return;
    this.#batch = { ...this.#batch, activeMs: this.#batch.activeMs + Date.now() - this.#activeSince };
    this.#activeSince = null;
  }

  /** Once nothing is left to read, the next file starts a new batch (and a new overall bar). */
  endIfDone(): void {
    if (this.files().some((job) => job.inFlight)) return;
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
