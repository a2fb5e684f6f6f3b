/**
 * Where the ingest queue's files are, kept up to date as each file changes state rather than
 * counted by walking the queue: with thousands of files queued, a list and a bar that read every
 * file's state on each change made the page's work per file grow with the queue. The queue tells
 * it when files join, move and leave (ingest-queue.svelte.ts); the list (doc-order.ts
 * `arrangePage`) and the overall bar (batch-progress.svelte.ts) read it.
 */
import type { QueueLeft } from './ingest-progress';
import { ACTIVE, IN_FLIGHT, type FileState } from './ingest-schedule';

/** What the tally needs of a queued file. */
export interface TalliedFile {
  readonly file: { readonly size: number };
}

/**
 * A new set: `from` with `add` and without `remove`. The tally's sets are never changed in place but
 * replaced, as `$state.raw`, so a change is one signal and a reader's copy stays as it was.
 */
function changedSet<F>(from: Iterable<F>, add: readonly F[] = [], remove?: F): ReadonlySet<F> {
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never mutated once made
  const next = new Set([...from, ...add]);
  if (remove !== undefined) next.delete(remove);
  return next;
}

export class QueueTally<F extends TalliedFile = TalliedFile> {
  /** Files being read or embedded now, in the order they started. */
  #active = $state.raw<readonly F[]>([]);
  /** Files still in the queue but no longer in flight: saved (until their row goes), failed, needing a password. */
  #settled = $state.raw<ReadonlySet<F>>(changedSet<F>([]));
  /** Files in flight (waiting, paused or being read), their bytes, and how many of them are paused. */
  #left = $state.raw({ files: 0, bytes: 0, paused: 0 });

  /** Files being read or embedded now. */
  get active(): readonly F[] {
    return this.#active;
  }

  /** Files in the queue that are no longer in flight. */
  get settled(): ReadonlySet<F> {
    return this.#settled;
  }

  /** The files still to read and their bytes; `paused` when every one of them is paused. */
  get left(): QueueLeft {
    const { files, bytes, paused } = this.#left;
    return { files, bytes, paused: paused === files };
  }

  /** Files joined the queue in `state` (a new file is 'adding'; one taken over may be paused). */
  joined(files: readonly F[], state: (file: F) => FileState): void {
    let { files: count, bytes, paused } = this.#left;
    const settled: F[] = [];
    for (const file of files) {
      const at = state(file);
      if (!IN_FLIGHT.has(at)) {
        settled.push(file);
        continue;
      }
      count++;
      bytes += file.file.size;
      if (at === 'paused') paused++;
    }
    this.#left = { files: count, bytes, paused };
    if (settled.length) this.#settled = changedSet(this.#settled, settled);
  }

  /** A file moved from one state to another. */
  moved(file: F, from: FileState, to: FileState): void {
    if (ACTIVE.has(from) !== ACTIVE.has(to))
      this.#active = ACTIVE.has(from) ? this.#active.filter((f) => f !== file) : [...this.#active, file];
    const wasLeft = IN_FLIGHT.has(from);
    const isLeft = IN_FLIGHT.has(to);
    const pausedBy = Number(to === 'paused') - Number(from === 'paused');
    if (wasLeft !== isLeft || pausedBy) {
      const { files, bytes, paused } = this.#left;
      const sign = isLeft === wasLeft ? 0 : isLeft ? 1 : -1;
      this.#left = { files: files + sign, bytes: bytes + sign * file.file.size, paused: paused + pausedBy };
    }
    if (wasLeft === isLeft) return;
    this.#settled = isLeft ? changedSet(this.#settled, [], file) : changedSet(this.#settled, [file]);
  }

  /** A file left the queue, in state `state` (a cancelled or saved file has moved out of flight first). */
  gone(file: F, state: FileState): void {
    if (IN_FLIGHT.has(state)) this.moved(file, state, 'cancelled');
    if (this.#settled.has(file)) this.#settled = changedSet(this.#settled, [], file);
  }
}
