/**
 * The library as the UI sees it: stored documents (live from Dexie, so other tabs show up) plus the
 * files being read right now. One ingest runs at a time across all tabs (a Web Lock).
 *
 * Crash safety: every queued file is also written to Dexie's `jobs` table with the tab that owns it
 * (each tab holds a Web Lock named after itself for its whole life). When a tab is reloaded or
 * closed mid-ingest, the next tab to start finds jobs whose owner's lock is gone and takes them over,
 * so the file is read again from the start. A document only becomes searchable when its single
 * ingest transaction commits, so nothing half-indexed is ever found.
 */
import { liveQuery } from 'dexie';
import type { DocStatus, DocumentRecord, ErrorCode, SourceKind } from '../shared/types';
import type { IngestProgress, IngestResult } from '../../workers/ingest/pipeline';
import type { JobRecord } from '../shared/db';
import { db } from './db';
import { handleError, isAbort } from './errors';
import { engine, ingester } from './workers';
import { search } from './search.svelte';

export interface DocRow {
  key: string;
  name: string;
  status: DocStatus;
  progress: number;
  stageLabel: string;
  error?: { code: ErrorCode; message: string; action?: string };
  notice?: string;
  kind?: SourceKind;
  size?: number;
  pageCount?: number;
  sectionCount?: number;
  propositionCount?: number;
  addedAt?: number;
  docId?: string;
}

interface Job {
  key: string;
  file: File;
  /** When the file was handed to the ingest worker (to recognise its stored document). */
  startedAt?: number;
  status: DocStatus;
  progress: number;
  stageLabel: string;
  error?: DocRow['error'];
  password?: string;
  controller: AbortController;
}

const INGEST_TIMEOUT_MS = 30 * 60_000;

/** This tab's identity; the lock of that name is held until the tab goes away. */
const TAB_ID = crypto.randomUUID();
const tabLock = (id: string) => `carrel-tab-${id}`;


function stageOf(event: IngestProgress): { status: DocStatus; progress: number; stageLabel: string } {
  const progress = event.total > 0 ? event.done / event.total : 0;
  switch (event.stage) {
    case 'parsing':
      return { status: 'parsing', progress, stageLabel: event.total > 1 ? `Reading page ${event.done} of ${event.total}` : 'Reading' };
    case 'chunking':
      return { status: 'parsing', progress: 1, stageLabel: 'Finding sections and sentences' };
    case 'embedding':
      return { status: 'embedding', progress, stageLabel: `Embedding ${event.done} of ${event.total}` };
    case 'saving':
      return { status: 'embedding', progress: 1, stageLabel: 'Saving' };
  }
}

function storedRow(doc: DocumentRecord, notice?: string): DocRow {
  return {
    key: doc.id,
    docId: doc.id,
    name: doc.name,
    status: doc.status,
    progress: 1,
    stageLabel: '',
    notice,
    kind: doc.kind,
    size: doc.size,
    pageCount: doc.pageCount,
    sectionCount: doc.sectionCount,
    propositionCount: doc.propositionCount,
    addedAt: doc.addedAt,
  };
}

/** Whether two rows show the same thing (every field the same value). */
function sameRow(a: DocRow, b: DocRow): boolean {
  const keys = Object.keys(a) as (keyof DocRow)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

class Library {
  #stored = $state.raw<DocumentRecord[]>([]);
  #jobs = $state.raw<Job[]>([]);
  #notices = $state.raw<Record<string, string>>({});
  /** Passwords of encrypted PDFs added in this session, so the viewer can open them; never stored. */
  #passwords = new Map<string, string>();
  #running = false;
  #reading = false;
  #readAgain = false;
  #nextKey = 1;

  /** The last rows built, by key: an unchanged row keeps its object, so the list redraws only what changed. */
  #rowCache = new Map<string, DocRow>();

  readonly rows: DocRow[] = $derived.by(() => {
    const jobRows = this.#jobs.filter((job) => !this.#isStored(job)).map(
      (job): DocRow => ({ key: job.key, name: job.file.name, status: job.status, progress: job.progress, stageLabel: job.stageLabel, error: job.error, size: job.file.size }),
    );
    const rows = [...jobRows, ...this.#stored.map((doc) => storedRow(doc, this.#notices[doc.id]))];
    // A plain Map on purpose: the cache is bookkeeping of this derivation, not state to react to.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const cache = new Map<string, DocRow>();
    const kept = rows.map((row) => {
      const old = this.#rowCache.get(row.key);
      const same = old !== undefined && sameRow(old, row);
      cache.set(row.key, same ? old : row);
      return same ? old : row;
    });
    this.#rowCache = cache;
    return kept;
  });

  /** Whether the stored list already shows the job's document (it stands for the job from then on). */
  #isStored(job: Job): boolean {
    return job.startedAt !== undefined && this.#stored.some((doc) => doc.name === job.file.name && doc.addedAt >= job.startedAt!);
  }

  readonly busy = $derived(this.#jobs.some((job) => job.status === 'queued' || job.status === 'parsing' || job.status === 'embedding'));

  /** Stored documents, newest first. */
  get documents(): DocumentRecord[] {
    return this.#stored;
  }

  constructor() {
    // Any change to the documents (from any tab or worker) triggers a coalesced re-read of them all.
    liveQuery(() => db.documents.count()).subscribe({
      next: () => void this.#readDocuments(),
      error: (error) => console.error('library query failed', error),
    });
    void this.#resumeOrphans();
  }

  /**
   * Reads the stored documents, one read at a time; changes during a read cause one more read.
   * A folder of thousands of files commits thousands of times, and each read deserialises every
   * document on this thread: resting four times as long as a read took keeps the tab responsive.
   */
  async #readDocuments(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#readAgain = false;
        const began = performance.now();
        this.#stored = await db.documents.orderBy('addedAt').reverse().toArray();
        const took = performance.now() - began;
        if (this.#readAgain) await new Promise((resolve) => setTimeout(resolve, 4 * took));
      } while (this.#readAgain);
    } catch (error) {
      console.error('library query failed', error);
    } finally {
      this.#reading = false;
    }
  }

  /** Takes over the files a closed or reloaded tab left half-read, and reads them again. */
  async #resumeOrphans(): Promise<void> {
    if (!navigator.locks) return;
    // Hold this tab's own lock for its whole life (the promise never settles).
    void navigator.locks.request(tabLock(TAB_ID), () => new Promise(() => {}));
    const adopted = await navigator.locks.request('carrel-adopt-jobs', async () => {
      const held = new Set(((await navigator.locks.query()).held ?? []).map((lock) => lock.name));
      const stored = await db.jobs.orderBy('addedAt').toArray();
      const orphans = stored.filter((job) => job.owner !== TAB_ID && !held.has(tabLock(job.owner)));
      await db.jobs.bulkPut(orphans.map((job) => ({ ...job, owner: TAB_ID })));
      return orphans;
    });
    if (adopted.length === 0) return;
    const jobs = adopted.map((stored): Job => ({ key: stored.key, file: stored.file, status: 'queued', progress: 0, stageLabel: 'Interrupted — reading it again', controller: new AbortController() }));
    this.#jobs = [...this.#jobs, ...jobs.reverse()];
    void this.#pump();
  }

  /** The password an encrypted PDF was opened with in this session, if any. */
  passwordFor(docId: string): string | undefined {
    return this.#passwords.get(docId);
  }

  addFiles(files: File[]): void {
    const jobs = files.map((file): Job => ({ key: `job-${TAB_ID}-${this.#nextKey++}`, file, status: 'queued', progress: 0, stageLabel: 'Waiting', controller: new AbortController() }));
    const addedAt = Date.now();
    const stored = jobs.map((job, i): JobRecord => ({ key: job.key, addedAt: addedAt + i / 1000, owner: TAB_ID, file: job.file }));
    this.#jobs = [...jobs.reverse(), ...this.#jobs];
    // Written before the queue runs, so a reload even during the first file finds every one.
    const saved = db.jobs.bulkPut(stored).catch((error) => console.error('could not save the ingest queue', error));
    void saved.then(() => this.#pump());
  }

  addText(name: string, text: string): void {
    const fileName = /\.(md|markdown|txt|text)$/i.test(name) ? name : `${name || 'Pasted text'}.txt`;
    this.addFiles([new File([text], fileName, { type: 'text/plain' })]);
  }

  async remove(key: string): Promise<void> {
    const job = this.#jobs.find((j) => j.key === key);
    if (job) return this.cancel(key);
    await engine.api.remove({ docId: key });
    search.refresh();
  }

  cancel(key: string): void {
    const job = this.#jobs.find((j) => j.key === key);
    job?.controller.abort();
    this.#jobs = this.#jobs.filter((j) => j.key !== key);
    void this.#forget(key);
  }

  /** Drops a finished or cancelled file from the stored queue. */
  async #forget(key: string): Promise<void> {
    await db.jobs.delete(key).catch((error) => console.error('could not update the ingest queue', error));
  }

  submitPassword(key: string, password: string): void {
    this.#update(key, { password, status: 'queued', stageLabel: 'Waiting', error: undefined });
    void this.#pump();
  }

  #update(key: string, patch: Partial<Job>): void {
    this.#jobs = this.#jobs.map((job) => (job.key === key ? { ...job, ...patch } : job));
  }

  async #pump(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      // Oldest first: the list shows newest on top, so take from the end.
      for (let job = this.#nextQueued(); job; job = this.#nextQueued()) await this.#run(job);
    } finally {
      this.#running = false;
    }
  }

  #nextQueued(): Job | undefined {
    return this.#jobs.findLast((job) => job.status === 'queued');
  }

  async #run(job: Job): Promise<void> {
    this.#update(job.key, { status: 'parsing', stageLabel: 'Reading', progress: 0, startedAt: Date.now() });
    try {
      const result = await withIngestLock(() =>
        ingester.api.ingest(
          { file: job.file, password: job.password, chunkMode: 'three-level' },
          { signal: job.controller.signal, timeoutMs: INGEST_TIMEOUT_MS, onProgress: (event) => this.#update(job.key, stageOf(event as IngestProgress)) },
        ),
      );
      await this.#finish(job, result);
    } catch (error) {
      if (isAbort(error) || job.controller.signal.aborted) return;
      const message = handleError(error);
      const status: DocStatus = message.code === 'PDF_PASSWORD' || message.code === 'PDF_BAD_PASSWORD' ? 'needs-password' : 'failed';
      this.#update(job.key, { status, error: message, stageLabel: '', progress: 0 });
      // A file waiting for its password is asked for again after a reload; a failed one is done.
      if (status === 'failed') await this.#forget(job.key);
    }
  }

  async #finish(job: Job, result: IngestResult): Promise<void> {
    await engine.api.refresh({});
    if (job.password) this.#passwords.set(result.docId, job.password);
    const notice = result.duplicate ? 'Already in your library — added once.' : result.embedded ? undefined : 'Indexed for keyword search only (the model could not load).';
    if (notice) this.#notices = { ...this.#notices, [result.docId]: notice };
    this.#jobs = this.#jobs.filter((j) => j.key !== job.key);
    await this.#forget(job.key);
    search.refresh();
  }
}

/** Runs `task` while holding the cross-tab ingest lock (where the browser has Web Locks). */
function withIngestLock<T>(task: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return task();
  return navigator.locks.request('carrel-ingest', task) as Promise<T>;
}

export const library = new Library();
