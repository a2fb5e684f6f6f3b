/**
 * Removals the person can undo. Nothing is deleted at once: the engine marks the documents with
 * when they are due (stored on their records, so a reload inside the window still has them and
 * offers the undo again), drops them from search, and this tab deletes them when the time comes —
 * or, when every tab was closed first, the next start does.
 */
import type { DocumentRecord } from '../../common/types';
import { engine } from './workers';
import { libraryEvents } from './library-events';

/** How long a removal can be undone: the interface promises at least 10 s; 2 s more for reading the notice. */
export const UNDO_MS = 12_000;
/** How early a timer may fire and still count as on time. */
const TIMER_SLACK_MS = 250;

export class PendingRemovals {
  /** This tab's removals and undos (null) that the stored list may not show yet: docId → when due. */
  #own = $state.raw<Record<string, number | null>>({});

  constructor(
    private readonly docs: () => readonly DocumentRecord[],
    /** Takes deleted documents off the list before the next full read. */
    private readonly dropped: (docIds: string[]) => void,
  ) {}

  /** Every document waiting to be deleted, with when it is due. */
  readonly due: ReadonlyMap<string, number> = $derived.by(() => {
    // Made anew each time, never changed: a plain Map.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const due = new Map<string, number>();
    for (const doc of this.docs()) {
      const at = doc.id in this.#own ? this.#own[doc.id] : doc.removeAt;
      if (at !== null && at !== undefined) due.set(doc.id, at);
    }
    return due;
  });

  /** Starts deleting what is due, now and whenever the next removal comes due. */
  start(): void {
    $effect.root(() => {
      $effect(() => {
        if (!this.due.size) return;
        const next = Math.min(...this.due.values());
        const timer = setTimeout(() => void this.#deleteDue(), Math.max(0, next - Date.now()));
        return () => clearTimeout(timer);
      });
    });
  }

  /** Hides documents from the list and from search; they are deleted after the undo window. */
  async remove(docIds: string[]): Promise<void> {
    if (!docIds.length) return;
    const removeAt = Date.now() + UNDO_MS;
    this.#own = { ...this.#own, ...Object.fromEntries(docIds.map((docId) => [docId, removeAt])) };
    await engine.api.markRemoval({ docIds, removeAt });
    for (const docId of docIds) libraryEvents.emit({ type: 'removed', docId });
  }

  /** Brings back every document waiting to be deleted. */
  async undo(): Promise<void> {
    const docIds = [...this.due.keys()];
    if (!docIds.length) return;
    this.#own = { ...this.#own, ...Object.fromEntries(docIds.map((docId) => [docId, null])) };
    await engine.api.markRemoval({ docIds, removeAt: null });
    for (const docId of docIds) libraryEvents.emit({ type: 'added', docId });
  }

  async #deleteDue(): Promise<void> {
    // A timer may fire a little early; the window is 2 s longer than promised.
    const now = Date.now() + TIMER_SLACK_MS;
    const docIds = [...this.due].flatMap(([docId, at]) => (at <= now ? [docId] : []));
    if (!docIds.length) return;
    try {
      await engine.api.finishRemoval({ docIds });
    } catch (error) {
      // Still marked: the next start deletes them.
      console.warn('removal not finished', error);
      return;
    }
    const own = { ...this.#own };
    for (const docId of docIds) delete own[docId];
    this.#own = own;
    this.dropped(docIds);
  }
}
