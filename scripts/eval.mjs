#!/usr/bin/env node
/**
 * Retrieval evaluation with the real engine in headless Chromium (DESIGN §9):
 *   npm run eval -- --dataset DIR [--strategy S|all] [--model ID] [--limit N] [--corpus-limit M]
 *                   [--no-hybrid] [--fusion weighted|rrf] [--dense-weight W]
 *   npm run eval -- --qa DIR [--limit N]
 * BEIR layout: corpus.jsonl, queries.jsonl, qrels.tsv. Every corpus entry becomes one document,
 * ingested through the real pipeline into IndexedDB. Prints progress on stderr and, as the last
 * stdout line, one JSON object per DESIGN §9 (one line per strategy with --strategy all).
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openHarness } from './lib/harness.mjs';

const STRATEGIES = ['bm25', 'dense', 'flat-child', 'two-stage', 'three-stage'];
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const qaDir = option('--qa');
const dataset = qaDir ?? option('--dataset');
if (!dataset) {
  console.error('Usage: npm run eval -- --dataset DIR [--strategy S|all] [--limit N]   or   npm run eval -- --qa DIR');
  process.exit(2);
}
const limit = Number(option('--limit', Infinity));
const corpusLimit = Number(option('--corpus-limit', Infinity));
const model = option('--model', 'carrel-glove-50k');
const strategyArg = option('--strategy', qaDir ? 'all' : 'three-stage');
const strategies = strategyArg === 'all' ? STRATEGIES : [strategyArg];
const searchOptions = {
  hybrid: !args.includes('--no-hybrid'),
  ...(option('--fusion') ? { fusion: option('--fusion') } : {}),
  ...(option('--dense-weight') ? { denseWeight: Number(option('--dense-weight')) } : {}),
};

const jsonl = (file) => readFileSync(join(dataset, file), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
const log = (line) => console.error(line);

function loadBeir() {
  const qrels = new Map();
  for (const line of readFileSync(join(dataset, 'qrels.tsv'), 'utf8').split('\n').slice(1)) {
    const [q, doc, score] = line.split('\t');
    if (!q || !doc) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q).set(doc, Number(score));
  }
  const queries = jsonl('queries.jsonl').filter((q) => qrels.has(q._id)).slice(0, limit);
  let corpus = jsonl('corpus.jsonl');
  if (Number.isFinite(corpusLimit)) {
    // Keep every document a kept query needs, then fill up with the others in file order.
    const needed = new Set(queries.flatMap((q) => [...qrels.get(q._id).keys()]));
    corpus = [...corpus.filter((d) => needed.has(d._id)), ...corpus.filter((d) => !needed.has(d._id)).slice(0, corpusLimit)];
  }
  return { qrels, queries, corpus };
}

async function ingest(page, docs) {
  const began = Date.now();
  for (let i = 0; i < docs.length; i += 250) {
    const batch = docs.slice(i, i + 250).map((d) => ({ name: `${d._id}.md`, text: d.title ? `# ${d.title}\n\n${d.text}` : d.text }));
    await page.evaluate((b) => window.carrel.ingest(b), batch);
    log(`ingested ${Math.min(i + 250, docs.length)} / ${docs.length}`);
  }
  return docs.length / ((Date.now() - began) / 1000);
}

async function run(page, texts, strategy) {
  const results = [];
  for (let i = 0; i < texts.length; i += 100) {
    results.push(...(await page.evaluate(([t, o]) => window.carrel.query(t, o), [texts.slice(i, i + 100), { ...searchOptions, strategy, limit: 100 }])));
  }
  return results;
}

const harness = await openHarness({ log });
try {
  await harness.page.evaluate(() => window.carrel.reset());
  if (qaDir) {
    const articles = jsonl('articles.jsonl');
    const answers = new Map(jsonl('answers.jsonl').map((a) => [a._id, a.answers]));
    const queries = jsonl('queries.jsonl').filter((q) => answers.get(q._id)?.length).slice(0, limit);
    const docsPerSecond = await ingest(harness.page, articles);
    for (const strategy of strategies) {
      const results = await run(harness.page, queries.map((q) => q.text), strategy);
      const share = (test) => Number((results.filter((r, i) => test(r, answers.get(queries[i]._id).map((a) => a.toLowerCase()))).length / results.length).toFixed(4));
      const within = (texts, found) => texts.some((t) => found.some((a) => t.toLowerCase().includes(a)));
      const report = {
        dataset: basename(dataset),
        mode: 'qa',
        strategy,
        model,
        queries: results.length,
        'answer_in_top1_proposition': share((r, a) => within(r.propositions.slice(0, 1), a)),
        'answer_in_top3_propositions': share((r, a) => within(r.propositions.slice(0, 3), a)),
        'answer_in_top5_propositions': share((r, a) => within(r.propositions.slice(0, 5), a)),
        'answer_in_top3_sections': share((r, a) => within(r.sectionTexts, a)),
        latency_ms: (await harness.page.evaluate((l) => window.carrel.score([], [], l), results.map((r) => r.ms))).latency_ms,
        ingest_docs_per_s: +docsPerSecond.toFixed(2),
      };
      console.log(JSON.stringify(report));
    }
  } else {
    const { qrels, queries, corpus } = loadBeir();
    log(`${queries.length} queries, ${corpus.length} documents`);
    const docsPerSecond = await ingest(harness.page, corpus);
    for (const strategy of strategies) {
      const results = await run(harness.page, queries.map((q) => q.text), strategy);
      const ranked = results.map((r) => r.docs.map((name) => name.replace(/\.md$/, '')));
      const grades = queries.map((q) => [...qrels.get(q._id)]);
      const metrics = await harness.page.evaluate(([r, g, l]) => window.carrel.score(r, g, l), [ranked, grades, results.map((r) => r.ms)]);
      console.log(JSON.stringify({ dataset: basename(dataset), strategy, model, queries: queries.length, ...metrics, ingest_docs_per_s: +docsPerSecond.toFixed(2) }));
    }
  }
} finally {
  await harness.close();
}
