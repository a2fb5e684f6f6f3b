#!/usr/bin/env node
/**
 * Retrieval evaluation on the real engine in headless Chromium (DESIGN §9). Every corpus entry
 * becomes one Markdown file (`<_id>.md`, the title as its heading) that goes through the app's
 * file reader into IndexedDB; queries go through the engine worker's `search`.
 *
 *   npm run eval -- --dataset DIR [--strategy S|all] [--model ID] [--limit N] [--corpus-limit M]
 *                   [--no-hybrid] [--fusion weighted|rrf] [--dense-weight W] [--related-weight R] [--translation-weight F] [--cross-language-weight C] [--own-language-weight O] [--thesaurus-weight T] [--tables-dense-weight T] [--no-escape-hatch] [--no-floor]
 *                   [--sections-per-document N] [--document-cap WINDOW:PER_DOCUMENT|0]
 *   npm run eval -- --qa DIR [--strategy S|all] [--limit N]
 *   npm run eval -- --questions FILE [--strategy S|all] [--model ID] [--variants '[{…search options}, …]']
 *
 * BEIR mode: the last stdout line is one JSON object {dataset, strategy, model, queries, ndcg@10,
 * recall@10, recall@100, mrr@10, latency_ms: {p50, p95}, ingest_docs_per_s} (with --strategy all,
 * one such line per strategy, after a single ingest). --limit keeps the first N queries; the whole
 * corpus is ingested unless --corpus-limit M keeps only the judged documents plus M others.
 * QA mode (SQuAD articles.jsonl/answers.jsonl): the share of questions whose answer text is in the
 * top 1/3/5 propositions, the top 3 sections and the extractive answer, per strategy, as one JSON object.
 * Question mode (a file shaped like ../shared/eval/questions/paraphrase-qa.json: cases of `doc`,
 * `query`, `expect`, optional `password`, paths relative to the file's ../docs): every file under
 * ../docs is ingested as it is (PDFs through pdf.js), and the last line is
 * {questions, top1, top3, top10, page_top1, page_top3, page_top10, weak_top3, answer_in_extractive, misses: [{query, doc, rank, lost, top,
 * weak}]} where top1/3/10 judge a result by its whole section (every part, every folded copy) and page_top1/3/10 by
 * what its card shows before "more passages" (its first three passages), where `weak_top3`
 * counts the answers in the top 3 that were shown only as weak matches (under the relevance floor), `answer_in_extractive`
 * the questions whose extractive answer (from the page's 20 results) holds an expected string cited to its document, and `lost` says at which
 * stage a question not answered in the top 3 lost its answer (scripts/harness/questions.ts).
 * --stage-loss adds `stage_loss` {judged, document, section}: the shares of queries whose answering
 * document stage 1 cut, and whose answering section stage 2 cut (hierarchical strategies).
 * Progress goes to stderr. Exit code 2 for bad arguments.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { asMarkdownFile, loadBeir, loadQa } from './lib/beir.mjs';
import { ingestFiles, runQueries } from './lib/engine-run.mjs';
import { openHarness } from './lib/harness.mjs';
import { answerShares } from './lib/qa.mjs';

const STRATEGIES = ['bm25', 'dense', 'flat-child', 'two-stage', 'three-stage'];
const USAGE =
  'Usage: npm run eval -- --dataset DIR [--strategy S|all] [--model ID] [--limit N]   or   npm run eval -- --qa DIR   or   npm run eval -- --questions FILE';
const log = (line) => console.error(line);

/**
 * Prints `message` and ends the run with exit code 2.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(2);
}

function parseCli() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        dataset: { type: 'string' },
        qa: { type: 'boolean', default: false },
        questions: { type: 'string' },
        strategy: { type: 'string' },
        model: { type: 'string' },
        limit: { type: 'string' },
        'corpus-limit': { type: 'string' },
        'no-hybrid': { type: 'boolean', default: false },
        fusion: { type: 'string' },
        'dense-weight': { type: 'string' },
        'related-weight': { type: 'string' },
        'translation-weight': { type: 'string' },
        'cross-language-weight': { type: 'string' },
        'own-language-weight': { type: 'string' },
        'tables-dense-weight': { type: 'string' },
        'thesaurus-weight': { type: 'string' },
        'no-escape-hatch': { type: 'boolean', default: false },
        'no-floor': { type: 'boolean', default: false },
        'stage-loss': { type: 'boolean', default: false },
        'sections-per-document': { type: 'string' },
        'document-cap': { type: 'string' },
        variants: { type: 'string' },
      },
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const dataset = values.dataset ?? values.questions ?? positionals[0];
  if (!dataset) fail(USAGE);
  if (values.questions && !existsSync(values.questions)) fail(`${values.questions} does not exist`);
  const needs = values.questions
    ? []
    : values.qa
      ? ['articles.jsonl', 'queries.jsonl', 'answers.jsonl']
      : ['corpus.jsonl', 'queries.jsonl', 'qrels.tsv'];
  const missing = needs.filter((file) => !existsSync(join(dataset, file)));
  if (missing.length) fail(`${dataset} lacks ${missing.join(', ')}`);
  const strategy = values.strategy ?? (values.qa ? 'all' : 'three-stage');
  const mode = values.questions ? 'questions' : values.qa ? 'qa' : 'beir';
  if (strategy !== 'all' && !STRATEGIES.includes(strategy))
    fail(`Unknown strategy "${strategy}": one of ${STRATEGIES.join(', ')} or all`);
  const number = (name) => {
    if (values[name] === undefined) return undefined;
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < 0) fail(`--${name} needs a number`);
    return n;
  };
  const documentCap = values['document-cap'];
  if (documentCap !== undefined && !/^(0|\d+:\d+)$/.test(documentCap))
    fail('--document-cap needs WINDOW:PER_DOCUMENT (3:2) or 0');
  let variants = [{}];
  try {
    if (values.variants) variants = JSON.parse(values.variants);
  } catch {
    fail('--variants needs a JSON array of search options');
  }
  return {
    dataset,
    mode,
    variants,
    strategies: strategy === 'all' ? STRATEGIES : [strategy],
    model: values.model,
    limit: number('limit') ?? Infinity,
    corpusLimit: number('corpus-limit') ?? Infinity,
    stageLoss: values['stage-loss'],
    // Only what the command line sets; the engine fills in its own defaults (and its model's floor).
    options: {
      limit: 100,
      ...(values['no-hybrid'] ? { hybrid: false } : {}),
      ...(values.fusion ? { fusion: values.fusion } : {}),
      ...(values['dense-weight'] !== undefined ? { denseWeight: number('dense-weight') } : {}),
      ...(values['related-weight'] !== undefined ? { relatedWeight: number('related-weight') } : {}),
      ...(values['translation-weight'] !== undefined ? { translationWeight: number('translation-weight') } : {}),
      ...(values['cross-language-weight'] !== undefined
        ? { crossLanguageWeight: number('cross-language-weight') }
        : {}),
      ...(values['own-language-weight'] !== undefined ? { ownLanguageWeight: number('own-language-weight') } : {}),
      ...(values['tables-dense-weight'] !== undefined ? { tablesDenseWeight: number('tables-dense-weight') } : {}),
      ...(values['thesaurus-weight'] !== undefined ? { thesaurusWeight: number('thesaurus-weight') } : {}),
      ...(values['no-escape-hatch'] ? { escapeHatch: false } : {}),
      ...(values['no-floor'] ? { minRelevance: undefined } : {}),
      ...(values['sections-per-document'] !== undefined
        ? { sectionsPerDocument: number('sections-per-document') }
        : {}),
      ...(documentCap === '0'
        ? { documentCap: { window: 0, perDocument: 0 } }
        : documentCap
          ? {
              documentCap: {
                window: Number(documentCap.split(':')[0]),
                perDocument: Number(documentCap.split(':')[1]),
              },
            }
          : {}),
    },
  };
}

async function latency(page, results) {
  return (
    await page.evaluate(
      (ms) => window.carrel.score([], [], ms),
      results.map((r) => r.ms),
    )
  ).latency_ms;
}

function reportIngest(report, files) {
  log(
    `${report.indexed} documents searchable after ${report.seconds.toFixed(1)} s (${(files / report.seconds).toFixed(1)} docs/s)`,
  );
  if (report.duplicates.length)
    log(
      `${report.duplicates.length} entries repeat another's content and are stored once: ${report.duplicates.slice(0, 5).join(', ')}…`,
    );
  for (const f of report.failed) log(`failed: ${f.name}: ${f.code} ${f.message}`);
}

/**
 * With --stage-loss: the share of queries whose answering document stage 1 cut, and whose answering
 * section stage 2 cut (its document kept), among those whose answer a stored section holds.
 */
async function stageLoss(page, queries, options) {
  const loss = await page.evaluate(([q, o]) => window.carrel.stageLosses(q, o), [queries, options]);
  const share = (n) => +(n / Math.max(1, loss.judged)).toFixed(4);
  log(`stage loss: document ${loss.document}, section ${loss.section} of ${loss.judged} judged`);
  return { judged: loss.judged, document: share(loss.document), section: share(loss.section) };
}

/** BEIR: one DESIGN §9 line per strategy. */
async function evaluateBeir(page, cli, model) {
  const { queries, qrels, corpus } = loadBeir(cli.dataset, cli);
  log(`${basename(cli.dataset)}: ${queries.length} queries, ${corpus.length} documents`);
  const files = corpus.map(asMarkdownFile);
  const idOf = new Map(files.map((f, i) => [f.name, corpus[i]._id]));
  const ingest = await ingestFiles(page, files, { log });
  reportIngest(ingest, files.length);
  for (const strategy of cli.strategies) {
    const began = Date.now();
    const results = await runQueries(
      page,
      queries.map((q) => q.text),
      { ...cli.options, strategy },
      { log, label: `${strategy}: ` },
    );
    const ranked = results.map((r) => r.docs.map((name) => idOf.get(name) ?? name));
    const grades = queries.map((q) => [...qrels.get(q._id)]);
    const metrics = await page.evaluate(
      ([r, g, ms]) => window.carrel.score(r, g, ms),
      [ranked, grades, results.map((r) => r.ms)],
    );
    const empty = results.filter((r) => r.docs.length === 0).length;
    log(
      `${strategy}: nDCG@10 ${metrics['ndcg@10']} in ${((Date.now() - began) / 1000).toFixed(1)} s${empty ? ` (${empty} queries got no results)` : ''}`,
    );
    const { latency_ms, ...scores } = metrics;
    const staged = queries.map((q) => ({ text: q.text, docs: [...qrels.get(q._id).keys()].map((id) => `${id}.md`) }));
    const stage_loss = cli.stageLoss ? await stageLoss(page, staged, { ...cli.options, strategy }) : undefined;
    console.log(
      JSON.stringify({
        dataset: basename(cli.dataset),
        strategy,
        model,
        queries: queries.length,
        ...scores,
        latency_ms,
        ingest_docs_per_s: +(files.length / ingest.seconds).toFixed(2),
        ...(stage_loss ? { stage_loss } : {}),
      }),
    );
  }
}

/** QA: answer-text hit rates per strategy, as one JSON object. */
async function evaluateQa(page, cli, model) {
  const { articles, questions } = loadQa(cli.dataset, cli);
  log(`${basename(cli.dataset)}: ${questions.length} questions over ${articles.length} articles`);
  const files = articles.map(asMarkdownFile);
  const ingest = await ingestFiles(page, files, { log });
  reportIngest(ingest, files.length);
  const strategies = {};
  for (const strategy of cli.strategies) {
    const results = await runQueries(
      page,
      questions.map((q) => q.text),
      { ...cli.options, strategy },
      { log, label: `${strategy}: ` },
    );
    strategies[strategy] = {
      ...answerShares(
        results,
        questions.map((q) => q.answers),
      ),
      latency_ms: await latency(page, results),
    };
    if (cli.stageLoss)
      strategies[strategy].stage_loss = await stageLoss(
        page,
        questions.map((q) => ({ text: q.text, answers: q.answers, docs: q.article ? [`${q.article}.md`] : undefined })),
        { ...cli.options, strategy },
      );
    log(`${strategy}: ${JSON.stringify(strategies[strategy])}`);
  }
  console.log(
    JSON.stringify({
      dataset: basename(cli.dataset),
      mode: 'qa',
      model,
      questions: questions.length,
      strategies,
      ingest_docs_per_s: +(files.length / ingest.seconds).toFixed(2),
    }),
  );
}

/** Every file under `dir`, as {name, base64, password?} (the name is the file's own, as a user drops it). */
function libraryFiles(dir, passwords) {
  const files = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        files.push({
          name: entry.name,
          base64: readFileSync(path).toString('base64'),
          password: passwords.get(relative(dir, path)),
        });
    }
  };
  walk(dir);
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Hits per language pair, for sets whose cases say the question's language (`lang`) and the
 * answering document's (`docLang`): "de→de", "en→fr"… Empty for sets that do not.
 */
function hitsByLanguage(cases, results) {
  const groups = {};
  cases.forEach((c, i) => {
    if (!c.lang) return;
    const pair = `${c.lang}→${c.docLang ?? c.lang}`;
    const hits = (groups[pair] ??= { questions: 0, top1: 0, top3: 0, top10: 0 });
    const rank = results[i].rank;
    hits.questions += 1;
    for (const k of [1, 3, 10]) if (rank !== null && rank <= k) hits[`top${k}`] += 1;
  });
  return groups;
}

/** Questions: the whole ../docs library, then each case judged by rank; one line per strategy. */
async function evaluateQuestions(page, cli, model) {
  const { cases } = JSON.parse(readFileSync(cli.dataset, 'utf8'));
  if (!Array.isArray(cases) || cases.some((c) => !c.doc || !c.query || !Array.isArray(c.expect)))
    fail(`${cli.dataset}: expected {"cases": [{"doc", "query", "expect": [...]}]}`);
  const docsDir = join(dirname(cli.dataset), '..', 'docs');
  const passwords = new Map(cases.filter((c) => c.password).map((c) => [c.doc, c.password]));
  const files = libraryFiles(docsDir, passwords);
  const asked = cases.slice(0, cli.limit).map((c) => ({ doc: basename(c.doc), query: c.query, expect: c.expect }));
  log(`${basename(cli.dataset)}: ${asked.length} questions over ${files.length} files in ${docsDir}`);
  reportIngest(await ingestFiles(page, files, { log }), files.length);
  for (const [strategy, variant] of cli.strategies.flatMap((s) => cli.variants.map((v) => [s, v]))) {
    // --variants: several option sets over one ingest (a large library takes minutes to read).
    if (cli.variants.length > 1) log(`variant ${JSON.stringify(variant)}`);
    const results = await page.evaluate(
      ([c, o]) => window.carrel.askQuestions(c, o),
      [asked, { ...cli.options, ...variant, strategy }],
    );
    const within = (k) => results.filter((r) => r.rank !== null && r.rank <= k).length;
    const onPage = (k) => results.filter((r) => r.pageRank !== null && r.pageRank <= k).length;
    const misses = results.filter((r) => r.lost !== null);
    // Answered in the top 3 but not first: where top-1 work would go.
    for (const r of results.filter((r) => r.lost === null && r.rank > 1))
      log(`rank ${r.rank}: "${r.query}" [${r.doc}] → ${r.top.join(' | ')}`);
    for (const m of misses)
      log(
        `miss (${m.lost}${m.rank ? `, rank ${m.rank}` : ''}): "${m.query}" [${m.doc}] → ${m.top.join(' | ') || 'nothing'}`,
      );
    const lost = Object.fromEntries(
      [...new Set(misses.map((m) => m.lost))].map((stage) => [stage, misses.filter((m) => m.lost === stage).length]),
    );
    // Answers found only among weak matches (shown as "none close", never used to write an answer).
    const weakTop3 = results.filter((r) => r.weak && r.rank !== null && r.rank <= 3).length;
    log(
      `${strategy}: top1 ${within(1)}, top3 ${within(3)} (${weakTop3} as weak matches), top10 ${within(10)} of ${results.length}; lost at ${JSON.stringify(lost)}`,
    );
    log(
      `${strategy}, as the page shows it (the first three passages of a card): top1 ${onPage(1)}, top3 ${onPage(3)}, top10 ${onPage(10)} of ${results.length}`,
    );
    const byLanguage = hitsByLanguage(cases.slice(0, cli.limit), results);
    for (const [pair, hits] of Object.entries(byLanguage))
      log(`${strategy}, ${pair}: top1 ${hits.top1}, top3 ${hits.top3}, top10 ${hits.top10} of ${hits.questions}`);
    console.log(
      JSON.stringify({
        set: basename(cli.dataset),
        strategy,
        ...(cli.variants.length > 1 ? { variant } : {}),
        model,
        questions: results.length,
        top1: within(1),
        top3: within(3),
        top10: within(10),
        page_top1: onPage(1),
        page_top3: onPage(3),
        page_top10: onPage(10),
        answer_in_extractive: results.filter((r) => r.extractive).length,
        // How the extractive answers read: given at all, mixing documents, opening on a sentence
        // that shares no word with the question.
        answers_given: results.filter((r) => r.answered).length,
        answers_mixing_documents: results.filter((r) => r.mixed).length,
        answers_opening_off_question: results.filter((r) => r.opensOff).length,
        weak_top3: weakTop3,
        ...(Object.keys(byLanguage).length ? { by_language: byLanguage } : {}),
        lost,
        misses,
        // Every question's rank, by its section and as the page shows it: what moved between two runs.
        ranks: results.map((r) => ({ query: r.query, rank: r.rank, page: r.pageRank, weak: r.weak })),
      }),
    );
  }
}

const cli = parseCli();
const harness = await openHarness({ log });
try {
  // --model: any installed model (the built-in one, or one under public/models/ from models:fetch).
  const engine =
    cli.model && cli.model !== harness.engine.modelId
      ? await harness.page.evaluate((id) => window.carrel.useModel(id), cli.model)
      : harness.engine;
  const { modelId, device, modelError } = engine;
  if (modelError) log(`the model did not load (${modelError}): dense legs are off, keyword search only`);
  log(`engine: ${modelId} on ${device ?? 'no device'}`);
  await { beir: evaluateBeir, qa: evaluateQa, questions: evaluateQuestions }[cli.mode](harness.page, cli, modelId);
} finally {
  await harness.close();
}
