/**
 * The ingest queue's stored copy, for crash safety, kept by the engine (workers/engine/jobs.ts), and
 * the Web Locks around it: this tab's own lock, held for its whole life so that its files are not
 * taken over while it lives, and the lock that lets one file be read at a time across all tabs.
 */
import type { JobRecord } from '../../common/db';
import { engine } from './workers';

/** This tab's identity; the lock of that name is held until the tab goes away. */
export const TAB_ID = crypto.randomUUID();

/**
 * Holds this tab's own lock, then takes over the stored jobs of tabs that are gone, oldest first.
 * Answers nothing where the browser has no Web Locks.
 */
export async function adoptOrphans(): Promise<JobRecord[]> {
  if (!navigator.locks) return [];
  // Held for the tab's whole life (the promise never settles); granted before the engine looks.
  await new Promise<void>(
    (granted) => void navigator.locks.request(`carrel-tab-${TAB_ID}`, () => (granted(), new Promise(() => {}))),
  );
  return engine.api.adoptJobs({ tabId: TAB_ID });
}

/** Writes queued files (owned by this tab); a failure is logged, and the files are read anyway. */
export async function saveJobs(records: JobRecord[]): Promise<void> {
  await engine.api
    .queueJobs({ records })
    .catch((error: unknown) => console.error('could not save the ingest queue', error));
}

/** Keeps a pause, so a paused file stays paused after a reload. */
export async function savePaused(keys: string[], paused: boolean): Promise<void> {
  await engine.api
    .pauseJobs({ keys, paused })
    .catch((error: unknown) => console.error('could not update the ingest queue', error));
}

/** Drops a file that failed, was cancelled or was already in the library (a stored one's job goes with its document). */
export async function forgetJob(key: string): Promise<void> {
  await engine.api
    .forgetJobs({ keys: [key] })
    .catch((error: unknown) => console.error('could not update the ingest queue', error));
}

/** Runs `task` while holding the cross-tab ingest lock (where the browser has Web Locks); an abort stops the wait. */
export function withIngestLock<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!navigator.locks) return task();
  return navigator.locks.request('carrel-ingest', signal ? { signal } : {}, task) as Promise<T>;
}
