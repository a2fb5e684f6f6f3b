/** Search as you type: debounced, tagged, and every answer but the latest is dropped. */
import type { SearchResponse } from '../shared/types';
import { handleError } from './errors';
import { engine } from './workers';

const DEBOUNCE_MS = 120;

class SearchState {
  /** Enrich short follow-up questions with the previous question's key words (switchable). */
  followUps = $state(true);
  #query = $state('');
  /** The last question searched before the current one was started: the follow-up context. */
  #context: string | null = null;
  #lastSearched: string | null = null;
  #response = $state.raw<SearchResponse | null>(null);
  #pending = $state(false);
  #error = $state<string | null>(null);
  #latest = 0;
  /** The documents search is limited to; empty means the whole library. */
  #scope = $state.raw<string[]>([]);
  #timer: ReturnType<typeof setTimeout> | undefined;

  get query(): string {
    return this.#query;
  }

  set query(value: string) {
    const old = this.#query;
    // A new question starts when the box is cleared or its text replaced, not while typing on.
    if (!value.trim() || !(value.startsWith(old) || old.startsWith(value))) this.#context = this.#lastSearched ?? this.#context;
    this.#query = value;
    this.#schedule();
  }

  /** The question follow-ups are read against, if any. */
  get context(): string | null {
    return this.followUps ? this.#context : null;
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

  get scope(): string[] {
    return this.#scope;
  }

  /** Adds a document to the chosen ones, or takes it out, and searches again. */
  toggleScope(docId: string): void {
    this.#scope = this.#scope.includes(docId) ? this.#scope.filter((id) => id !== docId) : [...this.#scope, docId];
    this.refresh();
  }

  /** Searches the whole library again (also when chosen documents are deleted). */
  clearScope(): void {
    this.#scope = [];
    this.refresh();
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
      const response = await engine.api.search({ query, previous: this.context, options: { docIds: this.#scope } }, { timeoutMs: 30_000 });
      if (tag !== this.#latest) return;
      this.#response = response;
      this.#lastSearched = response.searchedQuery;
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
