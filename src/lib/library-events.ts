/**
 * What the library tells the rest of the page, without knowing who listens: search runs its
 * question again when a document arrives or goes, and drops removed documents from its scope.
 */
export type LibraryEvent = { type: 'added'; docId: string } | { type: 'removed'; docId: string } | { type: 'cleared' };

type Listener = (event: LibraryEvent) => void;

const listeners = new Set<Listener>();

export const libraryEvents = {
  /** Calls `listener` on every event from now on; returns the way to stop. */
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: LibraryEvent): void {
    for (const listener of listeners) listener(event);
  },
};
