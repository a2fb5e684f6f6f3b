#!/usr/bin/env node
/**
 * Calibrates the "nothing relevant found" floor for the built-in model on questions of one style:
 * the library holds the SQuAD passages of half the articles; questions about those articles are
 * answerable, questions about the other half are not. Picks the (dense, coverage) floor that keeps
 * at least --keep (default 99%) of answerable questions and turns away the most unanswerable ones.
 *   node scripts/calibrate-relevance.mjs [--limit 400] [--keep 0.99]
 */
import { readFileSync } from 'node:fs';
import { openHarness } from './lib/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const DIR = '../shared/eval/benchmark/squad2-dev-half/';
const jsonl = (file) =>
  readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

const passages = jsonl('corpus.jsonl');
const titles = [...new Set(passages.map((p) => p.title))].sort();
const inLibrary = new Set(titles.filter((_, i) => i % 2 === 0));
const articleOf = new Map(passages.map((p) => [p._id, p.title]));
const qrel = new Map(
  readFileSync(DIR + 'qrels.tsv', 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => {
      const [query = '', passage = ''] = l.split('\t');
      return /** @type {const} */ ([query, passage]);
    }),
);
const queries = jsonl('queries.jsonl').filter((q) => qrel.has(q._id));
const limit = option('--limit', 400);
const answerable = queries
  .filter((q) => inLibrary.has(articleOf.get(qrel.get(q._id))))
  .filter((_, i) => i % 3 === 0)
  .slice(0, limit);
const unanswerable = queries
  .filter((q) => !inLibrary.has(articleOf.get(qrel.get(q._id))))
  .filter((_, i) => i % 3 === 0)
  .slice(0, limit);

const harness = await openHarness();
let signals;
try {
  await harness.page.evaluate(() => window.carrel.reset());
  const library = passages
    .filter((p) => inLibrary.has(p.title))
    .map((p) => ({ name: `${p._id}.md`, text: `# ${p.title}\n\n${p.text}` }));
  await harness.page.evaluate((b) => window.carrel.ingest(b), library);
  const best = async (list) =>
    (
      await harness.page.evaluate(
        ([t]) => window.carrel.query(t, { minRelevance: undefined }),
        [list.map((q) => q.text)],
      )
    ).map((r) => ({
      dense: Math.max(-1, ...r.signals.map((s) => s.dense ?? -1)),
      coverage: Math.max(0, ...r.signals.map((s) => s.coverage ?? 0)),
    }));
  signals = { answerable: await best(answerable), unanswerable: await best(unanswerable) };
} finally {
  await harness.close();
}

const passes = (s, floor) => s.dense >= floor.dense || s.coverage >= floor.coverage;
const rate = (list, floor) => list.filter((s) => passes(s, floor)).length / list.length;
/** @type {{floor: {dense: number, coverage: number}, kept: number, rejected: number} | null} */
let chosen = null;
for (let dense = 0.3; dense <= 0.95; dense += 0.025) {
  for (let coverage = 0.1; coverage <= 0.95; coverage += 0.025) {
    const floor = { dense: +dense.toFixed(3), coverage: +coverage.toFixed(3) };
    const kept = rate(signals.answerable, floor);
    const rejected = 1 - rate(signals.unanswerable, floor);
    if (kept >= option('--keep', 0.99) && (!chosen || rejected > chosen.rejected)) chosen = { floor, kept, rejected };
  }
}
if (!chosen) throw new Error(`no floor keeps ${option('--keep', 0.99)} of the answerable questions`);
const quantiles = (list, key) =>
  [0.05, 0.25, 0.5, 0.75, 0.95]
    .map((q) =>
      list
        .map((s) => s[key])
        .sort((a, b) => a - b)
        [Math.floor(q * (list.length - 1))].toFixed(3),
    )
    .join(' / ');
console.error(
  `answerable (n=${signals.answerable.length}) dense p5/25/50/75/95: ${quantiles(signals.answerable, 'dense')}; coverage: ${quantiles(signals.answerable, 'coverage')}`,
);
console.error(
  `unanswerable (n=${signals.unanswerable.length}) dense: ${quantiles(signals.unanswerable, 'dense')}; coverage: ${quantiles(signals.unanswerable, 'coverage')}`,
);
console.log(
  JSON.stringify({
    model: 'carrel-glove-50k',
    floor: chosen.floor,
    answerable_kept: +chosen.kept.toFixed(3),
    unanswerable_rejected: +chosen.rejected.toFixed(3),
    answerable: signals.answerable.length,
    unanswerable: signals.unanswerable.length,
  }),
);
