/** Search as you type: debounced, tagged, and every answer but the latest is dropped. */
import type { SearchResponse } from '../../common/types';
import { loadLanguages } from '../../common/text/languages';
import { handleError } from './errors';
import { libraryEvents, type LibraryEvent } from './library-events';
import { ownLanguage } from './own-language.svelte';
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
  /** Stops the search under way (a newer query came). */
  #running: AbortController | null = null;
  /** The documents search is limited to; empty means the whole library. */
  #scope = $state.raw<string[]>([]);
  /** The search about to start (after the typing pause), if any. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The tag of the search under way, 0 when none. */
  #runningTag = 0;
  /** The library changed while the latest search was under way: run it once more when it answers. */
  #again = false;

  constructor() {
    libraryEvents.listen((event) => this.#libraryChanged(event));
  }

  /** A document arrived or went: search again; a removed one leaves the scope (an emptied library clears it). */
  #libraryChanged(event: LibraryEvent): void {
    if (event.type === 'cleared') return this.clearScope();
    if (event.type === 'removed' && this.#scope.includes(event.docId)) return this.toggleScope(event.docId);
    this.refresh();
  }

  get query(): string {
    return this.#query;
  }

  set query(value: string) {
    const old = this.#query;
    // A new question starts when the box is cleared or its text replaced, not while typing on.
    if (!value.trim() || !(value.startsWith(old) || old.startsWith(value)))
      this.#context = this.#lastSearched ?? this.#context;
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

  /** Starts afresh (a new conversation) or resumes one: `previous` is the question follow-ups are read against. */
  resume(previous: string | null, query: string): void {
    this.#query = '';
    this.#context = previous;
    this.#lastSearched = previous;
    this.#query = query;
    this.#schedule();
  }

  /**
   * Runs the current query again (the library changed). A folder of files changes the library many
   * times a second, so a search about to start or under way is not restarted: the one about to
   * start sees the change, and the one under way shows its answer and is then run once more.
   * (Restarting each time would starve the results until the whole folder is read.)
   */
  refresh(): void {
    if (!this.#query.trim() || this.#timer !== undefined) return;
    if (this.#runningTag === this.#latest) this.#again = true;
    else this.#schedule();
  }

  #schedule(): void {
    // A newer query makes the one under way pointless: the engine stops it at its next step.
    this.#running?.abort();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#again = false;
    const tag = ++this.#latest;
    if (!this.#query.trim()) {
      this.#response = null;
      this.#pending = false;
      this.#error = null;
      return;
    }
    this.#pending = true;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#run(tag, this.#query);
    }, DEBOUNCE_MS);
  }

  async #run(tag: number, query: string): Promise<void> {
    this.#runningTag = tag;
    const running = new AbortController();
    this.#running = running;
    try {
      const response = await engine.api.search(
        { query, previous: this.context, options: { docIds: this.#scope, languages: ownLanguage.languages } },
        { timeoutMs: 30_000, signal: running.signal },
      );
      // The results' languages, to mark each passage's words as its language reads them (a chunk the first time; English if it fails).
      await loadLanguages(response.hits.map((hit) => hit.lang)).catch(() => {});
      if (tag !== this.#latest) return;
      this.#response = response;
      this.#lastSearched = response.searchedQuery;
      this.#error = null;
    } catch (error) {
      if (tag !== this.#latest || running.signal.aborted) return;
      this.#error = handleError(error).message;
    } finally {
      if (this.#running === running) this.#running = null;
      if (this.#runningTag === tag) this.#runningTag = 0;
      if (tag === this.#latest && this.#again) this.#schedule();
      else if (tag === this.#latest) this.#pending = false;
    }
  }
}

export const search = new SearchState();
