/**
 * `npm run bench -- --synthetic N` (scripts/lib/synthetic-bench.mjs): the product-quantised
 * proposition index (workers/index/pq-index.ts) on N clustered synthetic vectors, in the harness
 * page's main thread. The rows are made as int8, as the vectors table stores them, so no float32
 * copy of the library ever exists; recall@10 is measured against an exact scan of the same int8 rows.
 */
import { Int8FlatIndex } from '../../workers/index/int8-index';
import { dot, quantizeQuery } from '../../workers/index/int8-scan';
import { PqIndex } from '../../workers/index/pq-index';
import { TopK } from '../../workers/index/top-k';
import { member, mixture, type Mixture } from './clustered-vectors';

export interface SyntheticOptions {
  dims: number;
  /** Centres of the Gaussian mixture. */
  centres: number;
  rerank: number;
}

/** Sizes up to which the int8 flat index is timed beside (its WebAssembly copy adds 100 bytes a row). */
const FLAT_COMPARED_UP_TO = 2_000_000;

let held: { index: PqIndex; mix: Mixture; codes: Int8Array; scales: Float32Array; ids: string[] } | null = null;

/** Makes `size` int8 rows and builds the index over them (held until `release`). */
function build(size: number, { dims, centres, rerank }: SyntheticOptions) {
  held = null;
  let began = performance.now();
  const mix = mixture(dims, centres);
  const codes = new Int8Array(size * dims);
  const scales = new Float32Array(size);
  const ids: string[] = new Array<string>(size);
  const vector = new Float32Array(dims);
  for (let row = 0; row < size; row++) {
    member(mix, vector);
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]!));
    const scale = max / 127;
    for (let d = 0; d < dims; d++) codes[row * dims + d] = Math.round(vector[d]! / scale);
    scales[row] = scale;
    // Ids as long as the app's (16 hex digits).
    ids[row] = row.toString(16).padStart(16, '0');
  }
  const generateMs = performance.now() - began;
  began = performance.now();
  const index = PqIndex.fromRows(dims, ids, { codes, scales }, rerank);
  const buildMs = performance.now() - began;
  held = { index, mix, codes, scales, ids };
  return {
    size,
    dims,
    centres,
    rerank,
    generateMs: Math.round(generateMs),
    buildMs: Math.round(buildMs),
    wasmMb: Number((index.wasmBytes / 2 ** 20).toFixed(1)),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Query latency over `queries` fresh members of the mixture, and recall@10 against the exact int8
 * scan over the first `truthQueries` of them at each re-rank depth in `reranks`.
 */
function measure({ queries, truthQueries, reranks }: { queries: number; truthQueries: number; reranks: number[] }) {
  if (!held) throw new Error('Nothing built: call build first.');
  const { index, mix, codes, scales, ids } = held;
  const dims = index.dims;
  const batch = Array.from({ length: queries }, () => {
    const query = new Float32Array(dims);
    member(mix, query);
    return query;
  });
  const times: number[] = [];
  for (const query of batch) {
    const began = performance.now();
    index.search(query, 10);
    times.push(performance.now() - began);
  }
  // The first query runs the scan before the engine has optimised it.
  const first = times[0]!;
  times.sort((a, b) => a - b);
  const exactTimes: number[] = [];
  const truths = batch.slice(0, truthQueries).map((query) => {
    const began = performance.now();
    const best = new TopK(10);
    const quantized = quantizeQuery(query);
    for (let row = 0; row < ids.length; row++) {
      const score = dot(codes, row * dims, dims, quantized.values) * scales[row]!;
      if (score > best.floor) best.push(row, score);
    }
    exactTimes.push(performance.now() - began);
    return new Set(best.sorted().map(({ row }) => ids[row]!));
  });
  // The int8 flat index (WebAssembly SIMD scan) on the same rows, for comparison, where its copy of them fits.
  let flatTimes: number[] = [];
  if (ids.length <= FLAT_COMPARED_UP_TO) {
    const flat = Int8FlatIndex.fromRows(dims, ids, { codes, scales });
    flatTimes = batch.map((query) => {
      const began = performance.now();
      flat.search(query, 10);
      return performance.now() - began;
    });
    flatTimes.sort((a, b) => a - b);
  }
  const configured = index.rerank;
  const recall: Record<string, number> = {};
  for (const rerank of reranks) {
    index.rerank = rerank;
    let found = 0;
    truths.forEach((truth, q) => (found += index.search(batch[q]!, 10).filter((hit) => truth.has(hit.id)).length));
    recall[rerank] = Number((found / (10 * truths.length)).toFixed(4));
  }
  index.rerank = configured;
  exactTimes.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    query_ms: {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      queries,
      first: round(first),
      max: round(times[times.length - 1]!),
    },
    exact_js_scan_ms_p50: round(percentile(exactTimes, 50)),
    int8_flat_ms: flatTimes.length
      ? { p50: round(percentile(flatTimes, 50)), p95: round(percentile(flatTimes, 95)) }
      : null,
    recall_at_10: recall[configured] ?? null,
    recall_at_10_by_rerank: recall,
    truth_queries: truthQueries,
  };
}

function release(): void {
  held = null;
}

export const synthetic = { build, measure, release };
