/**
 * The library as the UI sees it: the stored documents (stored-documents.svelte.ts, live from Dexie,
 * so other tabs show up), the files this tab is reading (ingest-queue.svelte.ts), and both as the
 * list's rows (doc-rows.ts). A document only becomes searchable when its single ingest transaction
 * commits, so nothing half-indexed is ever found. Finished, removed and cleared documents are
 * announced on library-events.ts.
 */
import { readOutdated } from '../../common/read-recipe';
import type { DocumentRecord } from '../../common/types';
import type { IngestResult } from '../../common/ingest';
import { db } from './db';
import { engine } from './workers';
import { libraryEvents } from './library-events';
import { StoredDocuments } from './stored-documents.svelte';
import { IngestQueue } from './ingest-queue.svelte';
import { LibraryFacts } from './library-facts.svelte';
import { PendingRemovals } from './removals.svelte';
import {
  jobRows,
  nextStoredRows,
  reindexedNames,
  type DocRow,
  type StoredRowCache,
  type StoredRowsState,
} from './doc-rows';
import { docType, heldChoices, type HeldChoices, type RowParts } from './doc-order';
import { chunking, sameSizes } from './chunking.svelte';
import { DEFAULT_SIZES } from '../../common/chunk-sizes';
import { translate as t } from './i18n/messages';

class Library {
  #docs = new StoredDocuments(() => this.queue.reading);
  /** The files this tab is reading: add, pause, resume, cancel, passwords, overall progress. */
  readonly queue = new IngestQueue({
    finish: (result) => this.#finish(result),
    // The next full read shows the stored document (the engine has already indexed it).
    finishFailed: () => void this.#docs.read(),
  });
  /** Removals that can still be undone. */
  readonly removals = new PendingRemovals(
    () => this.#docs.list,
    (docIds) => docIds.forEach((docId) => this.#docs.drop(docId)),
  );
  /** Each document's headings and stored size, from the engine. */
  readonly facts = new LibraryFacts();
  #notices = $state.raw<Record<string, string>>({});
  /** Rows kept between rebuilds, and what the last rows were made from (bookkeeping, not shown state). */
  readonly #rowCache: StoredRowCache = new Map();
  #lastStored: StoredRowsState | null = null;

  /** The names of the documents being re-indexed: a string, so a file joining or leaving the queue changes nothing here. */
  readonly #reindexed: string = $derived(reindexedNames(this.queue.jobs));
  /** The stored documents' rows: a document added or changed costs its own row (doc-rows.ts `nextStoredRows`). */
  readonly #storedRows: DocRow[] = $derived.by(() => {
    const { list, change } = this.#docs.current;
    this.#lastStored = nextStoredRows(this.#lastStored, list, change, this.#notices, this.#reindexed, this.#rowCache);
    return this.#lastStored.rows;
  });

  /**
   * The rows of the files being read: queued files are rows themselves (their fields are reactive),
   * so this list is rebuilt only when files join, start or leave the queue or the stored documents
   * change, never on a progress event; only the files handed to the reader are looked at.
   */
  readonly #jobRows: DocRow[] = $derived(
    jobRows(this.queue.jobs, [...this.queue.active, ...this.queue.settled], this.#docs.list),
  );

  /** Whether the library has no document and reads no file. */
  get isEmpty(): boolean {
    return this.queue.jobs.length + this.#docs.list.length === 0;
  }

  /** The stored documents' rows but those waiting out their undo window. */
  readonly #shownStored: DocRow[] = $derived.by(() => {
    const due = this.removals.due;
    return due.size ? this.#storedRows.filter((row) => !row.docId || !due.has(row.docId)) : this.#storedRows;
  });

  /**
   * The rows the list shows (every row but those of documents waiting out their undo window), in
   * parts, with the queue's own lists of the files being read and done with: the list places
   * queued files from those, never by reading each one's state (doc-order.ts `arrangePage`).
   */
  get shownParts(): RowParts {
    return {
      jobs: this.#jobRows,
      active: this.queue.active,
      settled: this.queue.settled,
      stored: this.#shownStored,
    };
  }

  #lastHeld: { rows: readonly DocRow[]; held: HeldChoices } | null = null;
  /**
   * The types and languages of the shown stored documents (what the list's filter offers): a
   * document added adds its own, and the object stays the same when it brings nothing new.
   */
  readonly held: HeldChoices = $derived.by(() => {
    const rows = this.#shownStored;
    const last = this.#lastHeld;
    const inserted = rows === this.#lastStored?.rows ? this.#lastStored.inserted : undefined;
    const held = last && inserted?.to === last.rows ? withRow(last.held, inserted.row) : heldChoices(rows);
    this.#lastHeld = { rows, held };
    return held;
  });

  /** Stored documents, newest first. */
  get documents(): DocumentRecord[] {
    return this.#docs.list;
  }

  #started = false;

  /** Reads the stored documents, takes over files a closed tab left half-read, then reads outdated documents again. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#docs.start();
    this.removals.start();
    $effect.root(() => {
      // Asked for the document changed, or for all after a full read.
      $effect(() => {
        const { list, change } = this.#docs.current;
        void this.facts.update(change.kind === 'all' ? list : [change.doc]);
      });
    });
    void this.queue.start().then(() => this.#readOutdatedAgain());
  }

  /** Documents stored before their kind's reader changed are read again from their originals. */
  async #readOutdatedAgain(): Promise<void> {
    const ready = await db.documents.where('status').equals('ready').toArray();
    // A document being removed is not read again: its new record would lose the removal.
    const outdated = ready.filter((doc) => doc.removeAt === undefined && readOutdated(doc)).map((doc) => doc.id);
    if (outdated.length) await this.reindex(outdated);
  }

  /** Removes stored documents (undoably, see removals.svelte.ts), and cancels files being read. */
  async remove(keys: string[]): Promise<void> {
    // A file just stored still shows as its own row, ready, for a moment: removing it removes its document.
    const keysNow = keys.map((key) => this.queue.find(key)?.storedAs ?? key);
    const reading = keysNow.filter((key) => this.queue.find(key));
    for (const key of reading) this.queue.cancel(key);
    await this.removals.remove(keysNow.filter((key) => !reading.includes(key)));
  }

  /**
   * The person's correction of a document's language: its keywords are indexed again in it, and a
   * scan is read again, by OCR in that language when its model is on this device.
   */
  async setLanguage(docId: string, lang: string): Promise<void> {
    await engine.api.setLanguage({ docId, lang });
    if ((await db.documents.get(docId))?.ocr) await this.reindex([docId]);
  }

  /** Reads stored documents again from their originals (after a chunking change, or on request). */
  async reindex(docIds: string[]): Promise<void> {
    const files = await db.files.bulkGet(docIds);
    const docs = await db.documents.bulkGet(docIds);
    const originals = docs.flatMap((doc, i) =>
      doc && files[i] ? [new File([files[i]!.blob], doc.name, { type: doc.mime })] : [],
    );
    if (originals.length) this.queue.add(originals, true);
  }

  /** Re-indexes every stored document whose chunking differs from the current settings. */
  async reindexForChunking(): Promise<number> {
    const { mode, sizes } = chunking.current;
    const stale = this.#docs.list
      .filter(
        (doc) => doc.chunkMode !== mode || mode === 'paragraph' || !sameSizes(doc.chunkSizes ?? DEFAULT_SIZES, sizes),
      )
      .map((doc) => doc.id);
    await this.reindex(stale);
    return stale.length;
  }

  /** Deletes every document and stops every file being read. */
  async clear(): Promise<void> {
    this.queue.cancelAll();
    for (const doc of this.#docs.list) await engine.api.remove({ docId: doc.id });
    this.#notices = {};
    libraryEvents.emit({ type: 'cleared' });
  }

  /** A file's document is stored and indexed (the engine did both, and answered the stored record): show it. */
  async #finish(result: IngestResult): Promise<void> {
    const stored = result.duplicate ? undefined : result.record;
    const notice = result.duplicate
      ? t('library.alreadyAdded')
      : result.embedded
        ? undefined
        : t('library.keywordsOnly');
    if (notice) this.#notices = { ...this.#notices, [result.docId]: notice };
    // Its size first: a row that grew a line when its size came later moved the rows under it.
    if (stored && result.storedBytes !== undefined) this.facts.noteStored(result.docId, result.storedBytes);
    if (stored) this.#docs.show(stored);
    libraryEvents.emit({ type: 'added', docId: result.docId });
  }
}

/** `held` with the type and language of `row` (the same object when it has both already). */
function withRow(held: HeldChoices, row: DocRow): HeldChoices {
  const type = row.kind && docType(row.kind);
  if ((!type || held.types.has(type)) && (!row.lang || held.langs.has(row.lang))) return held;
  return heldChoices([row], held);
}

export const library = new Library();
