#!/usr/bin/env node
/**
 * Writes the mined pairs that training held back (valid.tsv, written by scripts/model/train.py
 * through `npm run train:model`) as a BEIR data set: each distinct answer a corpus document, each
 * question a query, qrels linking them. Training-side data: a setting chosen on it (the dense
 * weight, the relevance floor) is chosen without looking at any question set.
 *
 *   node scripts/model/pairs-to-beir.mjs --out DIR [--pairs node_modules/.cache/carrel-train/valid.tsv]
 *   npm run eval -- --dataset DIR [--dense-weight W]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    pairs: { type: 'string', default: join('node_modules', '.cache', 'carrel-train', 'valid.tsv') },
  },
});
if (!values.out) {
  console.error('Usage: node scripts/model/pairs-to-beir.mjs --out DIR [--pairs FILE]');
  process.exit(2);
}

/** (source, query, passage) lines → {corpus, queries, qrels}; a passage several questions share is one document. */
function pairsToBeir(lines) {
  const docOf = new Map();
  const corpus = [];
  const queries = [];
  const qrels = [];
  for (const line of lines) {
    const [source, query, passage] = line.split('\t');
    if (!query?.trim() || !passage?.trim()) continue;
    if (!docOf.has(passage)) {
      docOf.set(passage, `d${corpus.length}`);
      corpus.push({ _id: `d${corpus.length}`, title: '', text: passage });
    }
    const id = `q${queries.length}`;
    queries.push({ _id: id, text: query, source });
    qrels.push([id, docOf.get(passage), 1]);
  }
  return { corpus, queries, qrels };
}

const lines = readFileSync(values.pairs, 'utf8').split('\n').filter(Boolean);
const { corpus, queries, qrels } = pairsToBeir(lines);
const jsonl = (rows) => rows.map((row) => JSON.stringify(row) + '\n').join('');
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'corpus.jsonl'), jsonl(corpus));
writeFileSync(join(values.out, 'queries.jsonl'), jsonl(queries));
writeFileSync(
  join(values.out, 'qrels.tsv'),
  ['query-id\tcorpus-id\tscore', ...qrels.map((r) => r.join('\t'))].join('\n') + '\n',
);
const perSource = new Map();
for (const q of queries) perSource.set(q.source, (perSource.get(q.source) ?? 0) + 1);
const sources = [...perSource].map(([source, n]) => `${source} ${n}`).join(', ');
console.error(`${values.out}: ${queries.length} queries (${sources}), ${corpus.length} documents`);
