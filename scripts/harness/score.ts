/** Mean ranking metrics with the app's own metric functions (graded gains). */
import { mrrAt, ndcgAt, percentile, recallAt } from '../../workers/retrieve/metrics';

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** Means over queries of `ranked[i]` (ids, best first) against `qrels[i]` ([id, grade] pairs), and latency percentiles. */
export function score(ranked: string[][], qrels: [string, number][][], latencies: number[]) {
  const mean = (metric: (r: string[], q: Map<string, number>) => number) =>
    round(ranked.reduce((sum, r, i) => sum + metric(r, new Map(qrels[i])), 0) / Math.max(1, ranked.length), 4);
  return {
    'ndcg@10': mean((r, q) => ndcgAt(r, q, 10)),
    'recall@10': mean((r, q) => recallAt(r, q, 10)),
    'recall@100': mean((r, q) => recallAt(r, q, 100)),
    'mrr@10': mean((r, q) => mrrAt(r, q, 10)),
    latency_ms: { p50: round(percentile(latencies, 50), 2), p95: round(percentile(latencies, 95), 2) },
  };
}
