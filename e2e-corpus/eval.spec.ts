/**
 * `npm run eval` end to end on a SciFact slice: 20 queries, over their judged abstracts and 1,000
 * others (--corpus-limit), so it completes and BM25 is sane. The whole corpus (5,183 abstracts)
 * took 2.4 of the corpus suite's 2.8 minutes; its figures are measured by hand and reported in
 * docs/retrieval.md.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EVAL_DIR, expect, test } from './harness';

const KEYS = [
  'dataset',
  'strategy',
  'model',
  'queries',
  'ndcg@10',
  'recall@10',
  'recall@100',
  'mrr@10',
  'latency_ms',
  'ingest_docs_per_s',
];

test('SciFact --limit 20 --corpus-limit 1000 --strategy bm25 prints the DESIGN §9 line with nDCG@10 > 0.5', async () => {
  const { stdout } = await promisify(execFile)(
    'node',
    [
      'scripts/eval.mjs',
      '--dataset',
      `${EVAL_DIR}benchmark/scifact`,
      '--limit',
      '20',
      '--corpus-limit',
      '1000',
      '--strategy',
      'bm25',
    ],
    {
      maxBuffer: 16 * 2 ** 20,
      timeout: 540_000,
    },
  );
  const line = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(Object.keys(line)).toEqual(KEYS);
  expect(line).toMatchObject({ dataset: 'scifact', strategy: 'bm25', model: 'carrel-glove-50k', queries: 20 });
  expect(Object.keys(line.latency_ms)).toEqual(['p50', 'p95']);
  expect(line['ndcg@10']).toBeGreaterThan(0.5);
  expect(line['recall@100']).toBeGreaterThanOrEqual(line['recall@10']);
  expect(line.ingest_docs_per_s).toBeGreaterThan(0);
});
