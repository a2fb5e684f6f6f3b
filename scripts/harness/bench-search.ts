/**
 * The bench's query figures: generated queries through embedding, query expansion and the full
 * three-stage search, as the engine runs them; and the proposition vectors alone in each vector
 * index (workers/index), against the exact flat scan.
 */
import { FlatIndex } from '../../workers/index/flat-index';
import { PqIndex } from '../../workers/index/pq-index';
import { Int8FlatIndex } from '../../workers/index/int8-index';
import type { VectorIndex } from '../../workers/index/vector-index';
import { DEFAULT_SEARCH_OPTIONS } from '../../workers/retrieve/defaults';
import { loadLexicon, relatedTerms, type Lexicon } from '../../workers/retrieve/lexicon';
import { search, traceSearch, type LibraryIndex, type SearchTimings } from '../../workers/retrieve/search';
import { QueryStages } from './query-stages';
import { loadTranslation, type TranslationTable } from '../../workers/retrieve/translation';
import type { SizeResult } from './bench-library';
import { benchEmbedder, percentile, prng, round, sentence } from './bench-text';
import { VoyIndex } from './voy-index';

/** voy pads every vector to 768 float32 dimensions: above this many rows it needs gigabytes of WASM memory. */
const VOY_MAX_ROWS = 100_000;

let lexicon: Lexicon | null | undefined;
let translation: TranslationTable | null | undefined;

/** Loads what query expansion needs, as the engine does (workers/engine/engine.ts). */
export async function loadExpansion(): Promise<void> {
  lexicon ??= await loadLexicon();
  translation ??= DEFAULT_SEARCH_OPTIONS.translationWeight ? await loadTranslation() : null;
}

/** Query expansion as the engine does it (workers/engine/engine.ts); call `loadExpansion` first. */
export const related = (text: string) => {
  const { relatedWeight = 0, translationWeight = 0 } = DEFAULT_SEARCH_OPTIONS;
  const found = [
    ...(relatedWeight ? (lexicon?.related(text) ?? []) : []),
    ...(translation?.related(text, translationWeight) ?? []),
  ];
  return found.length ? relatedTerms(found, relatedWeight) : undefined;
};

/** `queries` generated queries through embedding, query expansion and the full three-stage search. */
export async function measureQueries(
  index: LibraryIndex,
  queries: number,
  seed: number,
): Promise<{ query: SizeResult['query']; vectors: Float32Array[] }> {
  const random = prng(seed + 1000);
  const queryTexts = Array.from({ length: queries }, () => sentence(random, 2, 5));
  // Query expansion as the engine does it (workers/engine/engine.ts), inside the timed path.
  await loadExpansion();
  // One warm-up query: the first search compiles the hot paths.
  search(
    index,
    {
      text: queryTexts[0]!,
      vector: (await benchEmbedder().embed([queryTexts[0]!]))[0]!,
      related: related(queryTexts[0]!),
    },
    DEFAULT_SEARCH_OPTIONS,
  );
  const full: number[] = [];
  const searchOnly: number[] = [];
  const vectors: Float32Array[] = [];
  let emptyResults = 0;
  const stages = new QueryStages();
  for (const text of queryTexts) {
    const began = performance.now();
    const vector = (await benchEmbedder().embed([text]))[0] ?? null;
    const searchBegan = performance.now();
    const expanded = related(text);
    const timings: SearchTimings = { embed: searchBegan - began, expand: performance.now() - searchBegan };
    const { hits } = traceSearch(index, { text, vector, related: expanded }, DEFAULT_SEARCH_OPTIONS, timings);
    const ended = performance.now();
    stages.record(timings);
    full.push(ended - began);
    searchOnly.push(ended - searchBegan);
    if (!hits.length) emptyResults++;
    if (vector) vectors.push(vector);
  }
  const query = {
    p50: round(percentile(full, 50)),
    p95: round(percentile(full, 95)),
    searchOnlyP50: round(percentile(searchOnly, 50)),
    emptyResults,
    stages: stages.summary(),
  };
  return { query, vectors };
}

/** The proposition vectors alone in each vector index: search p50 and recall@10 against the exact flat scan. */
export function measureIndexes(ids: string[], data: Float32Array, queryVectors: Float32Array[]): SizeResult['indexes'] {
  const dims = benchEmbedder().dims;
  const indexes: SizeResult['indexes'] = {};
  const impls: Record<string, () => VectorIndex> = {
    flat: () => new FlatIndex(dims),
    voy: () => new VoyIndex(dims),
    int8: () => new Int8FlatIndex(dims),
    // What a restored library above PQ_ABOVE_PROPOSITIONS searches: 4-bit codes, the best 1,000 re-ranked from int8.
    pq: () => new PqIndex(dims),
  };
  let truth: Set<string>[] = [];
  for (const [name, make] of Object.entries(impls)) {
    if (name === 'voy' && ids.length > VOY_MAX_ROWS) {
      // It fails there (its WASM memory runs out in add), and the memory it grew stays with the page.
      indexes[name] = {
        buildMs: NaN,
        p50: NaN,
        recallAt10: NaN,
        error: `not run above ${VOY_MAX_ROWS} rows: 768 float32 dimensions per row exceed its 4 GB WASM memory at 1M`,
      };
      continue;
    }
    const began = performance.now();
    const vi = make();
    try {
      vi.add(ids, data);
    } catch (error) {
      indexes[name] = {
        buildMs: NaN,
        p50: NaN,
        recallAt10: NaN,
        error: error instanceof Error ? error.message : String(error),
      };
      continue;
    }
    const buildMs = performance.now() - began;
    vi.search(queryVectors[0]!, 10);
    const times: number[] = [];
    const tops = queryVectors.map((q) => {
      const t0 = performance.now();
      const top = vi.search(q, 10);
      times.push(performance.now() - t0);
      return top.map((h) => h.id);
    });
    // The flat index comes first and is exact: its top 10 is the truth for the others.
    if (name === 'flat') truth = tops.map((top) => new Set(top));
    const found = tops.reduce((sum, top, i) => sum + top.filter((id) => truth[i]!.has(id)).length, 0);
    indexes[name] = {
      buildMs: round(buildMs, 1),
      p50: round(percentile(times, 50), 3),
      recallAt10: round(found / (truth.length * 10), 4),
    };
  }
  return indexes;
}
