/**
 * Spots queued files that have stopped moving, so their rows can say "Stuck" and offer a Retry: a
 * file being read or embedded with no progress for STUCK_MS, or a file waiting while nothing runs.
 * It only marks files; ending their step is the worker's watchdog's part (see stallMs in
 * ingest-calls.ts) or the person's, with Retry.
 */
import type { QueuedFile } from './queued-file.svelte';

/** A file with no progress for this long is shown as stuck, with a Retry. */
export const STUCK_MS = 60_000;
/** Tests shorten the limit through this global. */
const stuckMs = () => (globalThis as { carrelStuckMs?: number }).carrelStuckMs ?? STUCK_MS;

export class StuckWatch {
  #timer: ReturnType<typeof setInterval> | undefined;

  /** `files`: the queue's files; `idle`: whether no file is being read or embedded now. */
  constructor(
    private readonly files: () => readonly QueuedFile[],
    private readonly idle: () => boolean,
  ) {}

  /** Checks now and then while a file waits its turn or is being worked on; stops when none is. */
  watch(): void {
    const waiting = this.files().some((job) => job.inFlight && !job.paused);
    if (!waiting) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    this.#timer ??= setInterval(() => this.#flagStuck(), Math.min(5_000, stuckMs() / 4));
  }

  #flagStuck(): void {
    const now = Date.now();
    const idle = this.idle();
    for (const job of this.files()) {
      const watched = job.state === 'reading' || job.state === 'embedding' || (idle && job.state === 'waiting');
      if (watched && !job.stuck && now - job.lastChangeAt > stuckMs()) job.stuck = true;
    }
    this.watch();
  }
}
