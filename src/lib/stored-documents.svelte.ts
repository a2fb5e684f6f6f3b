/**
 * The documents stored in this browser, newest first, kept up to date from Dexie's change events,
 * so other tabs and workers show up: a change that names its documents reads those alone, any
 * other change (a clear, a bulk delete) a coalesced re-read of them all. A document this tab has
 * just stored is shown at once, before its change event arrives. Each change says what it was
 * (`StoredDocsChange`, doc-rows.ts), so the list's rows and facts follow one document rather than walking them all.
 */
import Dexie from 'dexie';
import type { DocumentRecord } from '../../common/types';
import { changedParts } from '../../common/db-changes';
import { db } from './db';
import { placeInLibrary, type StoredDocsChange } from './doc-rows';

/** The shortest rest between two full reads of the stored documents. */
const READ_REST_MS = 1_000;

/** Whether two reads of a document record hold the same values (the engine's answer and Dexie's copy of it). */
const sameRecord = (a: DocumentRecord, b: DocumentRecord) => a === b || JSON.stringify(a) === JSON.stringify(b);

export class StoredDocuments {
  #current = $state.raw<{ list: DocumentRecord[]; change: StoredDocsChange }>({ list: [], change: { kind: 'all' } });
  /** The documents of the list by id (bookkeeping, not shown state). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #byId = new Map<string, DocumentRecord>();
  #reading = false;
  #readAgain = false;
  /** Documents this tab stored and showed while a full read was running: that read may not have them yet. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #shownDuringRead = new Map<string, DocumentRecord>();
  /** Reads of named documents, one after another, so they apply in the order the changes came. */
  #refreshing: Promise<void> = Promise.resolve();

  /** `busy` says whether this tab is reading files (then other tabs' changes can wait longer). */
  constructor(private readonly busy: () => boolean) {}

  /** Newest first. */
  get list(): DocumentRecord[] {
    return this.#current.list;
  }

  /** The list with its last change (read together, so a reader never pairs a list with another's change). */
  get current(): { list: DocumentRecord[]; change: StoredDocsChange } {
    return this.#current;
  }

  start(): void {
    void this.read();
    Dexie.on('storagemutated', (parts) => {
      const changed = changedParts(db.name, parts);
      if (!changed.documents) return;
      if (changed.documentIds) this.#refresh(changed.documentIds);
      else void this.read();
    });
  }

  /** Reads the documents a change named: each is shown as it now is, or dropped when it is gone. */
  #refresh(docIds: string[]): void {
    this.#refreshing = this.#refreshing
      .then(async () => {
        const docs = await db.documents.bulkGet(docIds);
        docIds.forEach((docId, i) => {
          const doc = docs[i];
          if (doc) this.show(doc);
          else if (this.#byId.has(docId)) this.drop(docId);
        });
      })
      .catch((error: unknown) => {
        console.error('library query failed', error);
        void this.read();
      });
  }

  /**
   * Reads every stored document, one read at a time; changes during a read, or during the rest
   * after it, cause one more read. Only changes that do not name their documents come here, and
   * each read deserialises every document on this thread, so after each read it rests at least a
   * second, or four times as long as the read took; while this tab is reading files, twenty times.
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
        this.#byId.clear();
        for (const doc of read) this.#byId.set(doc.id, doc);
        this.#current = { list: read, change: { kind: 'all' } };
        for (const doc of this.#shownDuringRead.values()) this.show(doc);
        const took = performance.now() - began;
        await new Promise((resolve) => setTimeout(resolve, Math.max(READ_REST_MS, (this.busy() ? 20 : 4) * took)));
      } while (this.#readAgain);
    } catch (error) {
      console.error('library query failed', error);
    } finally {
      this.#reading = false;
    }
  }

  /**
   * Shows a stored document at once: in its old place when it was there (re-indexed, changed), else
   * where the next full read puts it (newest first; files read side by side can commit out of turn).
   */
  show(doc: DocumentRecord): void {
    if (this.#reading) this.#shownDuringRead.set(doc.id, doc);
    const old = this.#byId.get(doc.id);
    if (old && sameRecord(old, doc)) return;
    this.#byId.set(doc.id, doc);
    const before = this.#current.list;
    const was = old ? before.indexOf(old) : -1;
    if (was !== -1) {
      this.#current = { list: before.with(was, doc), change: { kind: 'replaced', doc, before } };
      return;
    }
    const at = placeInLibrary(before, doc);
    this.#current = { list: before.toSpliced(at, 0, doc), change: { kind: 'added', doc, before, at } };
  }

  /** Takes a deleted document off the list at once, not after the next read. */
  drop(docId: string): void {
    if (!this.#byId.delete(docId)) return;
    this.#current = { list: this.#current.list.filter((doc) => doc.id !== docId), change: { kind: 'all' } };
  }
}
