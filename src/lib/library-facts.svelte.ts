/**
 * What the list knows of each stored document besides its record, asked of the engine (which
 * holds the index and writes the tables): the headings the filter matches, and the bytes each
 * document takes. Asked again only for a document stored or re-indexed since. Each document's facts
 * are their own reactive entry, so a new document's facts redraw its row, not every row.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { DocumentRecord } from '../../common/types';
import { engine } from './workers';

/** What a document's facts were read for: a re-index or a new model changes them. */
const factsKey = (doc: DocumentRecord) => `${doc.id}|${doc.indexedAt ?? doc.addedAt}|${doc.modelId ?? ''}`;

export class LibraryFacts {
  readonly #headings = new SvelteMap<string, string[]>();
  readonly #sizes = new SvelteMap<string, number>();
  /** Bumped whenever facts arrive (for views that total them). */
  #version = $state(0);
  /** What each document's facts were asked for (bookkeeping, not shown). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #asked = new Map<string, string>();
  /** Records already looked at: the list keeps its objects, so a new list costs a lookup per document, not a key. */
  #seen = new WeakSet<DocumentRecord>();
  /** Documents whose size the engine answered with on storing them, before the list asked: not read back again. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #noted = new Set<string>();
  #queue: Promise<unknown> = Promise.resolve();

  /** Section headings by document id. */
  get headings(): ReadonlyMap<string, string[]> {
    return this.#headings;
  }

  /** Stored bytes by document id. */
  get sizes(): ReadonlyMap<string, number> {
    return this.#sizes;
  }

  /** Changes whenever facts arrive. */
  get version(): number {
    return this.#version;
  }

  /** The bytes a document just stored takes, as the engine answered with it: its row shows them at once. */
  noteStored(docId: string, bytes: number): void {
    this.#sizes.set(docId, bytes);
    // Once the list has asked (its live query came first), the answer under way counts them again.
    if (!this.#asked.has(docId)) this.#noted.add(docId);
  }

  /** Asks the engine for the facts of the documents not asked for yet (or changed since); one request at a time. */
  update(docs: readonly DocumentRecord[]): Promise<unknown> {
    const fresh: DocumentRecord[] = [];
    for (const doc of docs) {
      if (this.#seen.has(doc) || doc.status !== 'ready' || doc.removeAt !== undefined) continue;
      this.#seen.add(doc);
      const key = factsKey(doc);
      if (this.#asked.get(doc.id) === key) continue;
      this.#asked.set(doc.id, key);
      fresh.push(doc);
    }
    if (!fresh.length) return this.#queue;
    const docIds = fresh.map((doc) => doc.id);
    // A size noted on storing is what storedSizes would count, reading the whole document back.
    const unsized = docIds.filter((docId) => !this.#noted.delete(docId));
    this.#queue = this.#queue
      .then(async () => {
        const [headings, sizes] = await Promise.all([
          engine.api.headings({ docIds }),
          unsized.length ? engine.api.storedSizes({ docIds: unsized }) : ({} as Record<string, number>),
        ]);
        for (const [docId, list] of Object.entries(headings)) this.#headings.set(docId, list);
        for (const [docId, size] of Object.entries(sizes)) this.#sizes.set(docId, size);
        this.#version++;
      })
      .catch((error: unknown) => {
        // Asked again with the next change.
        for (const doc of fresh) {
          this.#asked.delete(doc.id);
          this.#seen.delete(doc);
        }
        console.warn('library facts not read', error);
      });
    return this.#queue;
  }
}
