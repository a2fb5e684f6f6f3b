#!/usr/bin/env node
/**
 * The extractive answer on SQuAD: the share of questions whose answer text is inside the
 * extractive answer the panel shows, run through the real ingest and search in headless Chromium.
 *
 *   node scripts/eval-answers.mjs DIR [--strategy S] [--offset K] [--limit N] [--port P] [--dump FILE]
 *
 * DIR holds articles.jsonl, queries.jsonl and answers.jsonl (as `npm run eval -- --qa`). The last
 * stdout line is {dataset, mode: "answers", model, strategy, questions, answer_in_extractive,
 * answer_in_top3_propositions, mean_answer_words}. --offset K skips the first K answerable questions, so a
 * rule tuned on one slice can be checked on another. --dump FILE also writes each question with its
 * answers and the search's hits, one JSON line each, so the answer can be studied without searching
 * again. Exit code 2 for bad arguments.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { asMarkdownFile, loadQa } from './lib/beir.mjs';
import { ingestFiles, runQueries } from './lib/engine-run.mjs';
import { openHarness } from './lib/harness.mjs';
import { containsAnswer } from './lib/qa.mjs';

const USAGE =
  'Usage: node scripts/eval-answers.mjs DIR [--strategy S] [--offset K] [--limit N] [--port P] [--dump FILE]';
const log = (line) => console.error(line);
/** @type {(message: string) => never} */
const fail = (message) => {
  console.error(message);
  process.exit(2);
};

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      strategy: { type: 'string', default: 'three-stage' },
      offset: { type: 'string', default: '0' },
      limit: { type: 'string' },
      port: { type: 'string', default: '0' },
      dump: { type: 'string' },
    },
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}
const dir = parsed.positionals[0];
if (!dir) fail(USAGE);
const missing = ['articles.jsonl', 'queries.jsonl', 'answers.jsonl'].filter((f) => !existsSync(join(dir, f)));
if (missing.length) fail(`${dir} lacks ${missing.join(', ')}`);
const limit = parsed.values.limit === undefined ? Infinity : Number(parsed.values.limit);
if (!(limit > 0)) fail('--limit needs a positive number');
const offset = Number(parsed.values.offset);
if (!(Number.isInteger(offset) && offset >= 0)) fail('--offset needs a whole number');

const { articles, questions } = loadQa(dir, { limit, offset });
log(`${basename(dir)}: ${questions.length} answerable questions over ${articles.length} articles`);
const harness = await openHarness({ log, port: Number(parsed.values.port) });
try {
  const files = articles.map(asMarkdownFile);
  await ingestFiles(harness.page, files, { log });
  /** @type {import('../common/types').Strategy[]} */
  const strategies = ['bm25', 'dense', 'flat-child', 'two-stage', 'three-stage'];
  const strategy =
    strategies.find((s) => s === parsed.values.strategy) ??
    fail(`Unknown strategy "${parsed.values.strategy}": one of ${strategies.join(', ')}`);
  const results = await runQueries(
    harness.page,
    questions.map((q) => q.text),
    { limit: 10, strategy },
    { log, label: `${strategy}: `, keepHits: Boolean(parsed.values.dump) },
  );
  if (parsed.values.dump)
    writeFileSync(
      parsed.values.dump,
      results
        .map((r, i) => JSON.stringify({ question: questions[i].text, answers: questions[i].answers, hits: r.hits }))
        .join('\n') + '\n',
    );
  const share = (pick) =>
    +(
      results.filter((r, i) => containsAnswer(pick(r), questions[i].answers)).length / Math.max(1, results.length)
    ).toFixed(4);
  const words =
    results.reduce((sum, r) => sum + r.answer.split(/\s+/).filter(Boolean).length, 0) / Math.max(1, results.length);
  console.log(
    JSON.stringify({
      dataset: basename(dir),
      mode: 'answers',
      model: harness.engine.modelId,
      strategy,
      offset,
      questions: results.length,
      answer_in_extractive: share((r) => [r.answer]),
      answer_in_top3_propositions: share((r) => r.propositions.slice(0, 3)),
      mean_answer_words: +words.toFixed(1),
    }),
  );
} finally {
  await harness.close();
}
