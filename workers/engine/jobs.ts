/**
 * The ingest queue's copy in Dexie's `jobs` table, for crash safety: every queued file with the tab
 * that owns it. Each tab holds a Web Lock named after itself for its whole life (src/lib/stored-queue.ts);
 * when a tab is reloaded or closed mid-ingest, the next tab to start takes over the jobs whose
 * owner's lock is gone, so their files are read again from the start. A stored document's job is
 * deleted in the document's own transaction (store.ts), never here.
 */
import type { CarrelDb, JobRecord } from '../../common/db';

/** The lock a tab holds for its whole life. */
export const tabLock = (tabId: string) => `carrel-tab-${tabId}`;

/** Takes over the stored jobs of tabs that are gone, for `tabId`, oldest first. Answers nothing without Web Locks. */
export async function adoptJobs(db: CarrelDb, tabId: string): Promise<JobRecord[]> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return [];
  return locks.request('carrel-adopt-jobs', async () => {
    const held = new Set(((await locks.query()).held ?? []).map((lock) => lock.name));
    const stored = await db.jobs.orderBy('addedAt').toArray();
    const orphans = stored.filter((job) => job.owner !== tabId && !held.has(tabLock(job.owner)));
    await db.jobs.bulkPut(orphans.map((job) => ({ ...job, owner: tabId })));
    return orphans;
  });
}

/** Writes queued files. */
export async function queueJobs(db: CarrelDb, records: JobRecord[]): Promise<void> {
  await db.jobs.bulkPut(records);
}

/** Keeps a pause, so a paused file stays paused after a reload. */
export async function pauseJobs(db: CarrelDb, keys: string[], paused: boolean): Promise<void> {
  await db.jobs.bulkUpdate(keys.map((key) => ({ key, changes: { paused } })));
}

/** Drops files that failed, were cancelled or were already in the library. */
export async function forgetJobs(db: CarrelDb, keys: string[]): Promise<void> {
  await db.jobs.bulkDelete(keys);
}
