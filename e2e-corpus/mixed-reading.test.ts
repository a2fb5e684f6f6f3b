import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Bm25Index } from '../workers/index/bm25';
import { analyzeQuery } from '../common/text/analyzer';
import { loadLanguages } from '../common/text/languages';

// In a library that holds other languages too, a short English question is read in them as well
// (workers/retrieve/query-languages.ts). On SciFact's keyword leg alone, that must cost English
// little: printed nDCG@10 per set of readings, and a guard of 0.01.
it('reading English questions in more languages costs the keyword leg little', async () => {
  await loadLanguages(['de', 'fr']);
  const dir = '../shared/eval/benchmark/scifact';
  const index = new Bm25Index();
  for (const line of readFileSync(`${dir}/corpus.jsonl`, 'utf8').trim().split('\n')) {
    const { _id, title, text } = JSON.parse(line) as { _id: string; title: string; text: string };
    index.add(_id, text, title);
  }
  const qrels = new Map<string, Set<string>>();
  for (const line of readFileSync(`${dir}/qrels.tsv`, 'utf8').trim().split('\n').slice(1)) {
    const [q, d] = line.split('\t');
    qrels.set(q!, (qrels.get(q!) ?? new Set()).add(d!));
  }
  const queries = readFileSync(`${dir}/queries.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { _id: string; text: string })
    .filter((q) => qrels.has(q._id));
  const ndcg = (ranked: string[], rel: Set<string>) => {
    let dcg = 0;
    ranked.slice(0, 10).forEach((id, i) => (dcg += rel.has(id) ? 1 / Math.log2(i + 2) : 0));
    let ideal = 0;
    for (let i = 0; i < Math.min(10, rel.size); i++) ideal += 1 / Math.log2(i + 2);
    return dcg / ideal;
  };
  const scores: number[] = [];
  for (const langs of [null, ['en', 'de'], ['en', 'fr'], ['en', 'de', 'fr']]) {
    let total = 0;
    for (const q of queries) {
      const input = langs ? analyzeQuery(q.text, langs) : q.text;
      total += ndcg(
        index.search(input, 10).map((h) => h.id),
        qrels.get(q._id)!,
      );
    }
    console.log(
      `read in ${langs ? langs.join('+') : 'English (as before)'}: nDCG@10 ${(total / queries.length).toFixed(4)}`,
    );
    scores.push(total / queries.length);
  }
  for (const score of scores.slice(1)) expect(score).toBeGreaterThan(scores[0]! - 0.01);
}, 600_000);
