/** The evaluation harness end to end on a slice of SciFact: it completes and BM25 is sane. */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('npm run eval prints the DESIGN §9 JSON line for a SciFact slice', () => {
  const out = execFileSync('node', ['scripts/eval.mjs', '--dataset', '../shared/eval/benchmark/scifact', '--limit', '20', '--corpus-limit', '200', '--strategy', 'all'], { encoding: 'utf8' });
  const lines = out.trim().split('\n').map((line) => JSON.parse(line));
  expect(lines.map((l) => l.strategy)).toEqual(['bm25', 'dense', 'flat-child', 'two-stage', 'three-stage']);
  for (const line of lines) {
    expect(Object.keys(line)).toEqual(['dataset', 'strategy', 'model', 'queries', 'ndcg@10', 'recall@10', 'recall@100', 'mrr@10', 'latency_ms', 'ingest_docs_per_s']);
    expect(line.queries).toBe(20);
  }
  expect(lines[0]['ndcg@10']).toBeGreaterThan(0.5);
  expect(lines.at(-1)['ndcg@10']).toBeGreaterThan(0.5);
});
