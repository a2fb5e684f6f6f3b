/** Which original is open in the viewer. Closing it returns focus to the passage that opened it. */
import type { PropositionHit, ResultHit, DocumentRecord } from '../../common/types';
import { engine } from './workers';

export interface ViewerTarget {
  docId: string;
  docName: string;
  docTitle: string;
  headingPath: string[];
  passage: PropositionHit;
}

class ViewerState {
  #target = $state.raw<ViewerTarget | null>(null);
  #opener: HTMLElement | null = null;

  get target(): ViewerTarget | null {
    return this.#target;
  }

  /** Opens the original of `hit` at `passage`; `opener` gets focus back on close. */
  open(hit: ResultHit, passage: PropositionHit, opener?: HTMLElement): void {
    this.#opener = opener ?? null;
    this.#target = {
      docId: hit.docId,
      docName: hit.docName,
      docTitle: hit.docTitle,
      headingPath: hit.headingPath,
      passage,
    };
    this.#noteOpened(hit.docId);
  }

  /** Opens a document at its start (from the library); `opener` gets focus back on close. */
  openDocument(doc: Pick<DocumentRecord, 'id' | 'name' | 'title' | 'kind'>, opener?: HTMLElement): void {
    this.#opener = opener ?? null;
    // No passage: an empty mark at the start of the first page.
    const paged = doc.kind === 'pdf' || doc.kind === 'image';
    const start: PropositionHit = {
      id: '',
      text: '',
      pages: paged ? [1] : [],
      start: 0,
      end: 0,
      type: 'other',
      score: 0,
      scores: { fused: 0 },
    };
    this.#target = {
      docId: doc.id,
      docName: doc.name,
      docTitle: doc.title || doc.name,
      headingPath: [],
      passage: start,
    };
    this.#noteOpened(doc.id);
  }

  /** The library sorts by when a document was last opened; the engine stores it. */
  #noteOpened(docId: string): void {
    engine.api.noteOpened({ docId, at: Date.now() }).catch((error: unknown) => {
      console.warn('last opened not noted', error);
    });
  }

  close(): void {
    if (!this.#target) return;
    this.#target = null;
    this.#opener?.focus();
    this.#opener = null;
  }
}

export const viewer = new ViewerState();
