/**
 * What the list knows of each stored document besides its record, asked of the engine (which
 * holds the index and writes the tables): the headings the filter matches, and the bytes each
 * document takes. Asked again only for a document stored or re-indexed since.
 */
import type { DocumentRecord } from '../../common/types';
import { engine } from './workers';

/** What a document's facts were read for: a re-index or a new model changes them. */
const factsKey = (doc: DocumentRecord) => `${doc.id}|${doc.indexedAt ?? doc.addedAt}|${doc.modelId ?? ''}`;

export class LibraryFacts {
  #headings = $state.raw<Record<string, string[]>>({});
  #sizes = $state.raw<Record<string, number>>({});
  /** What each document's facts were asked for (bookkeeping, not shown). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #asked = new Map<string, string>();
  #queue: Promise<unknown> = Promise.resolve();

  /** Section headings by document id. */
  get headings(): Record<string, string[]> {
    return this.#headings;
  }

  /** Stored bytes by document id. */
  get sizes(): Record<string, number> {
    return this.#sizes;
  }

  /** Asks the engine for the facts of the documents not asked for yet (or changed since); one request at a time. */
  update(docs: readonly DocumentRecord[]): Promise<unknown> {
    const fresh = docs.filter(
      (doc) => doc.status === 'ready' && doc.removeAt === undefined && this.#asked.get(doc.id) !== factsKey(doc),
    );
    for (const doc of fresh) this.#asked.set(doc.id, factsKey(doc));
    if (!fresh.length) return this.#queue;
    const docIds = fresh.map((doc) => doc.id);
    this.#queue = this.#queue
      .then(async () => {
        const [headings, sizes] = await Promise.all([
          engine.api.headings({ docIds }),
          engine.api.storedSizes({ docIds }),
        ]);
        this.#headings = { ...this.#headings, ...headings };
        this.#sizes = { ...this.#sizes, ...sizes };
      })
      .catch((error: unknown) => {
        // Asked again with the next change.
        for (const docId of docIds) this.#asked.delete(docId);
        console.warn('library facts not read', error);
      });
    return this.#queue;
  }
}
