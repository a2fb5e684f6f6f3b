/**
 * A queued file's life as one state machine, and the one function that decides what starts next.
 * The ingest queue (ingest-queue.svelte.ts) feeds every change of a file through `transition` and
 * asks `nextSteps` after each one, so a file can never wait while its slot is free.
 *
 *   adding ─queued→ waiting ─start-reading→ reading ─handed-over→ handed-over ─start-embedding→ embedding ─saved→ saved
 *   reading ─saved→ saved (already in the library)        any active state ─failed→ failed | needs-password
 *   waiting ─pause→ paused ─resume→ waiting                 an active file asked to pause ─stopped→ paused
 *   failed | needs-password | an active file ─retry→ waiting      anything ─cancel→ cancelled
 */

export type FileState =
  /** Being written to the stored queue (so a reload finds it); read once it is. */
  | 'adding'
  | 'waiting'
  /** The file reader parses and chunks it. */
  | 'reading'
  /** Read: its records wait in the channel to the engine for the engine's turn. */
  | 'handed-over'
  /** The engine embeds and stores it. */
  | 'embedding'
  | 'saved'
  | 'failed'
  | 'needs-password'
  | 'paused'
  | 'cancelled';

export type FileEvent =
  | { type: 'queued' }
  | { type: 'start-reading' }
  | { type: 'handed-over' }
  | { type: 'start-embedding' }
  | { type: 'saved' }
  | { type: 'failed'; needsPassword?: boolean }
  | { type: 'pause' }
  | { type: 'stopped' }
  | { type: 'resume' }
  | { type: 'retry' }
  | { type: 'cancel' };

/** A file with its work under way: it holds a slot. */
export const ACTIVE: ReadonlySet<FileState> = new Set(['reading', 'handed-over', 'embedding']);
/** Not finished: still shown as a queued file. */
export const IN_FLIGHT: ReadonlySet<FileState> = new Set([
  'adding',
  'waiting',
  'reading',
  'handed-over',
  'embedding',
  'paused',
]);

/** The state after `event`, or null when the event does not apply in `state` (it is then ignored). */
export function transition(state: FileState, event: FileEvent): FileState | null {
  switch (event.type) {
    case 'queued':
      return state === 'adding' ? 'waiting' : null;
    case 'start-reading':
      return state === 'waiting' ? 'reading' : null;
    case 'handed-over':
      return state === 'reading' ? 'handed-over' : null;
    case 'start-embedding':
      return state === 'handed-over' ? 'embedding' : null;
    case 'saved':
      return state === 'reading' || state === 'embedding' ? 'saved' : null;
    case 'failed':
      return ACTIVE.has(state) ? (event.needsPassword ? 'needs-password' : 'failed') : null;
    case 'pause':
      return state === 'waiting' || state === 'adding' ? 'paused' : null;
    case 'stopped':
      return ACTIVE.has(state) ? 'paused' : null;
    case 'resume':
      return state === 'paused' ? 'waiting' : null;
    case 'retry':
      return state === 'failed' || state === 'needs-password' || ACTIVE.has(state) ? 'waiting' : null;
    case 'cancel':
      return state === 'saved' || state === 'cancelled' ? null : 'cancelled';
  }
}

export interface Scheduled {
  readonly key: string;
  readonly state: FileState;
}

/**
 * What to start now, given every file oldest first. The reader takes the oldest waiting file when
 * it reads nothing and nothing it read still waits for the engine (so at most one read document is
 * held in memory ahead of the engine); the engine takes the oldest handed-over file when it embeds
 * nothing. Both can start at once.
 */
export function nextSteps(files: readonly Scheduled[]): { read?: string; embed?: string } {
  let reading = false;
  let embedding = false;
  let handedOver: string | undefined;
  let waiting: string | undefined;
  for (const file of files) {
    if (file.state === 'reading') reading = true;
    else if (file.state === 'embedding') embedding = true;
    else if (file.state === 'handed-over') handedOver ??= file.key;
    else if (file.state === 'waiting') waiting ??= file.key;
  }
  const embed = embedding ? undefined : handedOver;
  // A handed-over file the engine takes now frees the reader's turn at once.
  const readerFree = !reading && (handedOver === undefined || embed !== undefined);
  return { ...(readerFree && waiting ? { read: waiting } : {}), ...(embed ? { embed } : {}) };
}

/**
 * What nextSteps needs to see of `files` (newest first), oldest first: the `active` files being
 * read, handed over or embedded, and the oldest waiting file. Files start oldest first, so those
 * are near the old end, and the walk stops there rather than reading every waiting file's state.
 */
export function scheduledFiles<F extends Scheduled>(files: readonly F[], active: number): F[] {
  const seen: F[] = [];
  let waiting = false;
  for (let at = files.length - 1; at >= 0 && (active > 0 || !waiting); at--) {
    const file = files[at]!;
    if (ACTIVE.has(file.state)) active--;
    else if (file.state !== 'waiting' || waiting) continue;
    else waiting = true;
    seen.push(file);
  }
  return seen;
}
