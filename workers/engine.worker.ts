/// <reference lib="webworker" />
import Dexie, { type ObservabilitySet } from 'dexie';
import { deleteDocument, openDb } from '../src/shared/db';
import { BUILTIN_MODEL, type ModelInfo } from '../src/shared/models';
import { expose } from '../src/shared/rpc';
import type { ResultHit, SearchOptions, SearchResponse } from '../src/shared/types';
import { activeModel, chosenModels, loadEmbedder, modelError, needsFreshWorker, planRuntime, tryEmbedder, unloadEmbedder } from './model-loader';
import { restoreSnapshot, saveSnapshot } from './engine/snapshot';
import { loadDocument, syncIndex } from './engine/sync';
import { assembleContext } from './retrieve/context';
import { DEFAULT_SEARCH_OPTIONS } from './retrieve/defaults';
import { enrichFollowUp } from './retrieve/follow-up';
import { LibraryIndex, search as searchIndex } from './retrieve/search';
import { approximateTokens } from './ingest/approximate-tokens';

const db = openDb();
planRuntime(chosenModels(db));
let model: ModelInfo = BUILTIN_MODEL;
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

/** Loads the given documents unless the index has them (one read each, not one of every key). */
function loadDocuments(docIds: string[]) {
  syncing = syncing
    .then(async () => {
      for (const docId of docIds) {
        if (indexed.has(docId)) continue;
        const stamp = await loadDocument(db, index, docId, model.id);
        if (stamp !== null) indexed.set(docId, stamp);
      }
      saver.schedule();
    })
    .catch((error) => console.error('sync failed', error));
  return syncing;
}

/**
 * Follows the active model: when a switch has completed (every document has the new model's
 * vectors), the index is rebuilt from those vectors. One settings read per call.
 */
async function followActiveModel(): Promise<void> {
  const active = await activeModel(db);
  if (active.id === model.id) return;
  const previous = model.id;
  await useModel(active);
  await sync();
  await unloadEmbedder(previous);
}

/**
 * Switches to `active` with its stored snapshot when there is one, else with an empty index that
 * sync fills. Model and index change together, with no await between, so no sync or save mixes them.
 */
async function useModel(active: ModelInfo): Promise<void> {
  const restored = await restoreSnapshot(db, active.id).catch((error: unknown) => {
    console.warn('snapshot not restored; indexing from the library', error);
    return null;
  });
  model = active;
  index = restored?.index ?? new LibraryIndex();
  indexed = restored?.indexed ?? new Map();
}

/**
 * A sync soon after the documents change in any tab or worker, at most one a second: a folder of
 * thousands of files commits thousands of times, and each sync reads every document key.
 */
const laterSync = (() => {
  const THROTTLE_MS = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (parts: ObservabilitySet) => {
    if (timer !== undefined || !Object.keys(parts).some((part) => part.startsWith(`idb://${db.name}/documents/`))) return;
    timer = setTimeout(() => {
      timer = undefined;
      void sync();
    }, THROTTLE_MS);
  };
})();

let started: Promise<void> | null = null;
function start(): Promise<void> {
  started ??= (async () => {
    await useModel(await activeModel(db));
    await sync();
    // Documents written by any tab or worker show up here by themselves.
    Dexie.on('storagemutated', laterSync);
  })();
  return started;
}

const api = {
  /**
   * Loads the library into memory and starts the model; resolves when search can answer.
   * `freshWorker`: the model would run on WebGPU, which only a fresh worker can start.
   */
  async init(_: Record<string, never>) {
    await start();
    await followActiveModel();
    const embedder = await tryEmbedder(model);
    return {
      freshWorker: await needsFreshWorker(model),
      documents: indexed.size,
      modelId: model.id,
      modelLabel: model.label,
      device: embedder?.device ?? null,
      modelError: embedder ? null : modelError(model),
    };
  },

  /**
   * Runs one query through the selected strategy; the model's absence degrades to keywords.
   * With `previous` (the last question searched), a follow-up is enriched with its key words.
   */
  async search({ query, previous, options }: { query: string; previous?: string | null; options?: Partial<SearchOptions> }): Promise<SearchResponse> {
    const began = performance.now();
    await start();
    await followActiveModel();
    // Dexie is the truth: pick up any document committed since the last query (one key lookup).
    await sync();
    const searchedQuery = enrichFollowUp(query, previous ?? null);
    const embedder = await tryEmbedder(model);
    const vector = embedder ? ((await embedder.embed([searchedQuery], { as: 'query' }))[0] ?? null) : null;
    // Without the model only the keyword leg can vouch for a hit.
    const minRelevance = vector ? model.minRelevance : { dense: Infinity, coverage: model.minRelevance.coverage };
    const opts: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, denseWeight: model.denseWeight, minRelevance, ...options };
    const hits = searchIndex(index, { text: searchedQuery, vector }, opts);
    return { query, searchedQuery, strategy: opts.strategy, tookMs: performance.now() - began, hits, modelId: model.id, device: embedder?.device ?? null };
  },

  /**
   * Loads documents the page has just stored (it calls in after each file), or without `docIds`
   * picks up everything written since the last sync.
   */
  async refresh({ docIds, reindexed = [] }: { docIds?: string[]; reindexed?: string[] }) {
    await start();
    // A document indexed again keeps its id, so sync would not notice: drop it to be read afresh.
    for (const docId of reindexed) {
      index.removeDocument(docId);
      indexed.delete(docId);
    }
    await (docIds ? loadDocuments(docIds) : sync());
    return { documents: indexed.size };
  },

  /** Deletes a document and every record of it. */
  async remove({ docId }: { docId: string }) {
    await deleteDocument(db, docId);
    await sync();
  },

  /** Makes the token-budgeted, cited context for the given results. */
  async context({ hits, budget }: { hits: ResultHit[]; budget: number }) {
    const embedder = await tryEmbedder(model);
    const countTokens = embedder ? (text: string) => embedder.countTokens(text) : approximateTokens;
    return assembleContext(hits, { budget, countTokens });
  },

  /** Starts loading the model without waiting (so the first query does not pay for it). */
  async warmUp(_: Record<string, never>) {
    await loadEmbedder(model);
  },
};

export type EngineApi = typeof api;

expose(api, self);
