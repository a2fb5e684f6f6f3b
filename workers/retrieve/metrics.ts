/**
 * Standard ranking metrics with graded relevance. `qrels` maps a relevant id to its grade (> 0);
 * `ranked` is the system's ranking, best first.
 */

/** nDCG@k: gain = grade, discount log2(rank + 1), normalised by the ideal ordering of the qrels. */
export function ndcgAt(ranked: string[], qrels: Map<string, number>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (qrels.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...qrels.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** Share of the relevant ids found in the top k. */
export function recallAt(ranked: string[], qrels: Map<string, number>, k: number): number {
  const relevant = [...qrels].filter(([, g]) => g > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

/** Reciprocal rank of the first relevant id within the top k (0 if none). */
export function mrrAt(ranked: string[], qrels: Map<string, number>, k: number): number {
  const i = ranked.slice(0, k).findIndex((id) => (qrels.get(id) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** The p-th percentile (0–100) of `values`, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
