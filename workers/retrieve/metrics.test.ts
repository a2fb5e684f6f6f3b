import { describe, expect, it } from 'vitest';
import { mrrAt, ndcgAt, percentile, recallAt } from './metrics';

describe('ranking metrics on a worked example', () => {
  // Relevant: d1 (grade 2), d3 (grade 1), d9 (grade 1, never retrieved).
  const qrels = new Map([
    ['d1', 2],
    ['d3', 1],
    ['d9', 1],
  ]);
  const ranked = ['d2', 'd1', 'd3', 'd4'];

  it('nDCG@3 by hand', () => {
    // DCG = 0/log2(2) + 2/log2(3) + 1/log2(4) = 1.26186 + 0.5 = 1.76186
    // IDCG = 2/log2(2) + 1/log2(3) + 1/log2(4) = 2 + 0.63093 + 0.5 = 3.13093
    expect(ndcgAt(ranked, qrels, 3)).toBeCloseTo(1.76186 / 3.13093, 4);
  });

  it('recall@k and MRR@k', () => {
    expect(recallAt(ranked, qrels, 1)).toBe(0);
    expect(recallAt(ranked, qrels, 3)).toBeCloseTo(2 / 3);
    expect(mrrAt(ranked, qrels, 10)).toBe(0.5);
    expect(mrrAt(ranked, qrels, 1)).toBe(0);
  });

  it('a perfect ranking scores 1', () => {
    expect(ndcgAt(['d1', 'd3', 'd9'], qrels, 10)).toBeCloseTo(1);
  });

  it('nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
  });
});
