/**
 * The documents stored in this browser, newest first, live from IndexedDB: any change (from any
 * tab or worker) triggers a coalesced re-read of them all. A document this tab has just stored is
 * shown at once, before the next read.
 */
import { liveQuery } from 'dexie';
import type { DocumentRecord } from '../../common/types';
import { db } from './db';

/** The shortest rest between two full reads of the stored documents. */
const READ_REST_MS = 1_000;

export class StoredDocuments {
  #list = $state.raw<DocumentRecord[]>([]);
  #reading = false;
  #readAgain = false;
  /** Documents this tab stored and showed while a full read was running: that read may not have them yet. */
  // A plain Map on purpose: bookkeeping between reads, not state the page shows.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #shownDuringRead = new Map<string, DocumentRecord>();

  /** `busy` says whether this tab is reading files (then other tabs' changes can wait longer). */
  constructor(private readonly busy: () => boolean) {}

  /** Newest first. */
  get list(): DocumentRecord[] {
    return this.#list;
  }

  start(): void {
    liveQuery(() => db.documents.count()).subscribe({
      next: () => void this.read(),
      error: (error) => console.error('library query failed', error),
    });
  }

  /**
   * Reads the stored documents, one read at a time; changes during a read, or during the rest
   * after it, cause one more read. A folder of thousands of files commits thousands of times, and
   * each read deserialises every document on this thread. This tab's own files are shown as they
   * finish (`show`), so after each read it rests at least a second, or four times as long as
   * the read took; while this tab is reading files, twenty times (its own files are what changes
   * then, and other tabs' changes can wait a few seconds).
   */
  async read(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#readAgain = false;
        this.#shownDuringRead.clear();
        const began = performance.now();
        const read = await db.documents.orderBy('addedAt').reverse().toArray();
        this.#list = [...this.#shownDuringRead.values()].reduce(withDocument, read);
        const took = performance.now() - began;
        await new Promise((resolve) => setTimeout(resolve, Math.max(READ_REST_MS, (this.busy() ? 20 : 4) * took)));
      } while (this.#readAgain);
    } catch (error) {
      console.error('library query failed', error);
    } finally {
      this.#reading = false;
    }
  }

  /** Shows a document this tab has just stored at once, rather than after the next full read. */
  show(doc: DocumentRecord): void {
    if (this.#reading) this.#shownDuringRead.set(doc.id, doc);
    this.#list = withDocument(this.#list, doc);
  }

  /** Takes a deleted document off the list at once, not after the next full read. */
  drop(docId: string): void {
    this.#list = this.#list.filter((doc) => doc.id !== docId);
  }
}

/** The list with `doc` in it: in its old place when it was there (re-indexed), else first (newest). */
function withDocument(docs: DocumentRecord[], doc: DocumentRecord): DocumentRecord[] {
  const at = docs.findIndex((d) => d.id === doc.id);
  return at === -1 ? [doc, ...docs] : docs.with(at, doc);
}
