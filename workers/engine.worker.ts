/// <reference lib="webworker" />
import { liveQuery } from 'dexie';
import { deleteDocument, openDb } from '../src/shared/db';
import { BUILTIN_MODEL } from '../src/shared/models';
import { expose } from '../src/shared/rpc';
import type { ResultHit, SearchOptions, SearchResponse } from '../src/shared/types';
import { loadEmbedder, modelError, tryEmbedder } from './model-loader';
import { restoreSnapshot, saveSnapshot } from './engine/snapshot';
import { syncIndex } from './engine/sync';
import { assembleContext } from './retrieve/context';
import { DEFAULT_SEARCH_OPTIONS } from './retrieve/defaults';
import { enrichFollowUp } from './retrieve/follow-up';
import { LibraryIndex, search as searchIndex } from './retrieve/search';
import { approximateTokens } from './ingest/approximate-tokens';

const db = openDb();
const model = BUILTIN_MODEL;
let index = new LibraryIndex();
/** docId → stamp of every document in `index` (see documentStamp). */
let indexed = new Map<string, string>();

// Serialise syncs: overlapping ones would add the same document twice.
let syncing: Promise<unknown> = Promise.resolve();
function sync() {
  syncing = syncing
    .then(async () => {
      const { added, removed } = await syncIndex(db, index, indexed, model.id);
      if (added + removed > 0) saver.schedule();
    })
    .catch((error) => console.error('sync failed', error));
  return syncing;
}

/**
 * Stores the index as a start-up snapshot once the library has been quiet for a few seconds (or at
 * least every minute during a long ingest), so a reload reads one record instead of re-indexing.
 */
const saver = (() => {
  const QUIET_MS = 3_000;
  const MAX_WAIT_MS = 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPending = 0;
  const save = () => {
    timer = undefined;
    firstPending = 0;
    syncing = syncing.then(() => saveSnapshot(db, model.id, index, indexed)).catch((error) => console.warn('snapshot not saved', error));
  };
  return {
    schedule() {
      clearTimeout(timer);
      firstPending ||= Date.now();
      timer = setTimeout(save, Math.max(0, Math.min(QUIET_MS, firstPending + MAX_WAIT_MS - Date.now())));
    },
  };
})();

let started: Promise<void> | null = null;
function start(): Promise<void> {
  started ??= (async () => {
    const restored = await restoreSnapshot(db, model.id).catch((error: unknown) => {
      console.warn('snapshot not restored; indexing from the library', error);
      return null;
    });
    if (restored) ({ index, indexed } = restored);
    await sync();
    // Documents written by any tab or worker show up here by themselves.
    liveQuery(() => db.documents.where('status').equals('ready').primaryKeys()).subscribe({ next: () => void sync() });
  })();
  return started;
}

const api = {
  /** Loads the library into memory and starts the model; resolves when search can answer. */
  async init(_: Record<string, never>) {
    await start();
    const embedder = await tryEmbedder();
    return {
      documents: indexed.size,
      modelId: model.id,
      modelLabel: model.label,
      device: embedder?.device ?? null,
      modelError: embedder ? null : modelError(),
    };
  },

  /**
   * Runs one query through the selected strategy; the model's absence degrades to keywords.
   * With `previous` (the last question searched), a follow-up is enriched with its key words.
   */
  async search({ query, previous, options }: { query: string; previous?: string | null; options?: Partial<SearchOptions> }): Promise<SearchResponse> {
    const began = performance.now();
    await start();
    // Dexie is the truth: pick up any document committed since the last query (one key lookup).
    await sync();
    const searchedQuery = enrichFollowUp(query, previous ?? null);
    const embedder = await tryEmbedder();
    const vector = embedder ? ((await embedder.embed([searchedQuery]))[0] ?? null) : null;
    // Without the model only the keyword leg can vouch for a hit.
    const minRelevance = vector ? model.minRelevance : { dense: Infinity, coverage: model.minRelevance.coverage };
    const opts: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, denseWeight: model.denseWeight, minRelevance, ...options };
    const hits = searchIndex(index, { text: searchedQuery, vector }, opts);
    return { query, searchedQuery, strategy: opts.strategy, tookMs: performance.now() - began, hits };
  },

  /** Picks up documents written since the last sync (the ingest worker calls in after each file). */
  async refresh(_: Record<string, never>) {
    await start();
    await sync();
    return { documents: indexed.size };
  },

  /** Deletes a document and every record of it. */
  async remove({ docId }: { docId: string }) {
    await deleteDocument(db, docId);
    await sync();
  },

  /** Makes the token-budgeted, cited context for the given results. */
  async context({ hits, budget }: { hits: ResultHit[]; budget: number }) {
    const embedder = await tryEmbedder();
    const countTokens = embedder ? (text: string) => embedder.countTokens(text) : approximateTokens;
    return assembleContext(hits, { budget, countTokens });
  },

  /** Starts loading the model without waiting (so the first query does not pay for it). */
  async warmUp(_: Record<string, never>) {
    await loadEmbedder();
  },
};

export type EngineApi = typeof api;

expose(api, self);
