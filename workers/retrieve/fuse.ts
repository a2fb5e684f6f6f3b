/**
 * Fusion of ranked legs. Weighted: each leg's scores min-max normalised to 0–1, then summed with
 * the leg's weight, so a weak leg (the built-in model's dense scores) can be given little say.
 * RRF: 1 / (60 + rank), summed over the legs that rank the item.
 */
import type { FusionMethod } from '../../common/types';

export interface Leg {
  scores: Map<string, number>;
  weight: number;
}

const RRF_K = 60;

export function fuseScores(legs: Leg[], method: FusionMethod): Map<string, number> {
  const fused = new Map<string, number>();
  let first = true;
  // The first leg read sets its items (at 1M propositions the document stage fuses 25,000 of them).
  const add = (id: string, value: number) => fused.set(id, first ? value : (fused.get(id) ?? 0) + value);
  for (const { scores, weight } of legs) {
    if (scores.size === 0 || weight === 0) continue;
    if (method === 'rrf') {
      [...scores].sort((a, b) => b[1] - a[1]).forEach(([id], rank) => add(id, weight / (RRF_K + rank + 1)));
      first = false;
      continue;
    }
    const share = minMax(scores);
    for (const [id, value] of scores) add(id, weight * share(value));
    first = false;
  }
  // Items only a leg of no weight found still appear (the legs read above have set all of theirs).
  for (const { scores, weight } of legs)
    if (weight === 0) for (const id of scores.keys()) if (!fused.has(id)) fused.set(id, 0);
  return fused;
}

/** Min-max normalisation to 0–1 over `scores` (1 when all are equal), as weighted fusion uses it. */
export function minMax(scores: ReadonlyMap<string, number>): (score: number) => number {
  let min = Infinity;
  let max = -Infinity;
  for (const score of scores.values()) {
    min = Math.min(min, score);
    max = Math.max(max, score);
  }
  const span = max - min;
  return (score) => (span > 0 ? (score - min) / span : 1);
}
