/** Search as you type: debounced, tagged, and every answer but the latest is dropped. */
import type { SearchResponse } from '../shared/types';
import { handleError } from './errors';
import { engine } from './workers';

const DEBOUNCE_MS = 120;

class SearchState {
  #query = $state('');
  #response = $state.raw<SearchResponse | null>(null);
  #pending = $state(false);
  #error = $state<string | null>(null);
  #latest = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  get query(): string {
    return this.#query;
  }

  set query(value: string) {
    this.#query = value;
    this.#schedule();
  }

  get response(): SearchResponse | null {
    return this.#response;
  }

  get pending(): boolean {
    return this.#pending;
  }

  get error(): string | null {
    return this.#error;
  }

  clear(): void {
    this.query = '';
  }

  /** Runs the current query again (the library changed). */
  refresh(): void {
    if (this.#query.trim()) this.#schedule();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    const tag = ++this.#latest;
    if (!this.#query.trim()) {
      this.#response = null;
      this.#pending = false;
      this.#error = null;
      return;
    }
    this.#pending = true;
    this.#timer = setTimeout(() => void this.#run(tag, this.#query), DEBOUNCE_MS);
  }

  async #run(tag: number, query: string): Promise<void> {
    try {
      const response = await engine.api.search({ query }, { timeoutMs: 30_000 });
      if (tag !== this.#latest) return;
      this.#response = response;
      this.#error = null;
    } catch (error) {
      if (tag !== this.#latest) return;
      this.#error = handleError(error).message;
    } finally {
      if (tag === this.#latest) this.#pending = false;
    }
  }
}

export const search = new SearchState();
