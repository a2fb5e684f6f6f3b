/**
 * The ingest queue's copy in Dexie's `jobs` table, for crash safety, and the Web Locks around it.
 * Every queued file is written there with the tab that owns it (each tab holds a lock named after
 * itself for its whole life). When a tab is reloaded or closed mid-ingest, the next tab to start
 * finds jobs whose owner's lock is gone and takes them over, so the file is read again from the
 * start. One ingest runs at a time across all tabs (the `carrel-ingest` lock).
 */
import type { JobRecord } from '../shared/db';
import { db } from './db';

/** This tab's identity; the lock of that name is held until the tab goes away. */
export const TAB_ID = crypto.randomUUID();
const tabLock = (id: string) => `carrel-tab-${id}`;

/**
 * Holds this tab's own lock, then takes over the stored jobs of tabs that are gone, oldest first.
 * Answers nothing where the browser has no Web Locks.
 */
export async function adoptOrphans(): Promise<JobRecord[]> {
  if (!navigator.locks) return [];
  // Hold this tab's own lock for its whole life (the promise never settles).
  void navigator.locks.request(tabLock(TAB_ID), () => new Promise(() => {}));
  return navigator.locks.request('carrel-adopt-jobs', async () => {
    const held = new Set(((await navigator.locks.query()).held ?? []).map((lock) => lock.name));
    const stored = await db.jobs.orderBy('addedAt').toArray();
    const orphans = stored.filter((job) => job.owner !== TAB_ID && !held.has(tabLock(job.owner)));
    await db.jobs.bulkPut(orphans.map((job) => ({ ...job, owner: TAB_ID })));
    return orphans;
  });
}

/** Writes queued files (owned by this tab); a failure is logged, and the files are read anyway. */
export async function saveJobs(records: JobRecord[]): Promise<void> {
  await db.jobs.bulkPut(records).catch((error) => console.error('could not save the ingest queue', error));
}

/** Keeps a pause, so a paused file stays paused after a reload. */
export async function savePaused(keys: string[], paused: boolean): Promise<void> {
  await db.jobs.bulkUpdate(keys.map((key) => ({ key, changes: { paused } }))).catch((error) => console.error('could not update the ingest queue', error));
}

/** Drops a finished or cancelled file. */
export async function forgetJob(key: string): Promise<void> {
  await db.jobs.delete(key).catch((error) => console.error('could not update the ingest queue', error));
}

/** Runs `task` while holding the cross-tab ingest lock (where the browser has Web Locks). */
export function withIngestLock<T>(task: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return task();
  return navigator.locks.request('carrel-ingest', task) as Promise<T>;
}
