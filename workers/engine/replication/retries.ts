/**
 * How sync tries again while the server cannot be reached. PouchDB waits out a backoff (here up to
 * half a minute) before each try; besides, sync asks the server for its database's info, one small
 * request, every few seconds, and starts both directions again as soon as it answers.
 */
import type { Replica, ReplicateOptions } from './pouch';

/** Records per replication batch: a document carries its whole file (each request is capped by bytes too). */
const BATCH_SIZE = 10;
/**
 * The longest wait between two tries while the server cannot be reached. PouchDB's own backoff grows
 * to 10 minutes, so a server back after an hour's outage would be seen that late.
 */
const RETRY_MAX_MS = 30_000;
/**
 * While the server cannot be reached, how often one small request asks whether it answers again;
 * once it does, both directions start again at once instead of waiting out their backoff (up to
 * RETRY_MAX_MS), so a server back from an outage is seen within this long.
 */
export const SERVER_CHECK_MS = 3_000;
/**
 * A live replication's options, fresh for each (PouchDB keeps its backoff in them). One replication
 * each way: PouchDB's two-way `sync` drops the error of a direction that paused on one.
 */
export const live = (): ReplicateOptions => ({
  live: true,
  retry: true,
  batch_size: BATCH_SIZE,
  back_off_function: (previous: number) => Math.min(RETRY_MAX_MS, previous ? previous * 2 : 1_000),
});

/** Calls `answered` once `remote` answers, asking every `everyMs`; returns the cancel. */
export function whenServerAnswers(remote: Pick<Replica, 'info'>, everyMs: number, answered: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const ask = () => {
    timer = setTimeout(() => {
      remote.info().then(
        () => !cancelled && answered(),
        () => !cancelled && ask(),
      );
    }, everyMs);
  };
  ask();
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
