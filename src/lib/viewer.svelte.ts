/** Which original is open in the viewer. Closing it returns focus to the passage that opened it. */
import type { PropositionHit, ResultHit } from '../../common/types';

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
  }

  close(): void {
    if (!this.#target) return;
    this.#target = null;
    this.#opener?.focus();
    this.#opener = null;
  }
}

export const viewer = new ViewerState();
