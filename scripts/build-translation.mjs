#!/usr/bin/env node
/**
 * Builds the keyword leg's translation table `public/lexicon/translation-en.json`: for a question's
 * word, the document words it stands for, with the probability t(document word | question word)
 * learned by IBM Model 1 (scripts/model/ibm1.mjs) over question ↔ answer pairs mined from openly
 * licensed Debian documentation and WordNet glosses (scripts/model/mine-pairs.mjs, which refuses the
 * never-train list). Words are the keyword index's terms (the app's own analyzer: stopwords out,
 * Porter stems); each target is written as its commonest spelling, so the user can be told it.
 *
 *   npm run build:translation [-- --iterations 5 --top 6 --min 0.02 --min-pairs 3 --seed 1]
 *
 *   [-- --symmetric false --out FILE]
 *
 * Prints the pairs per source, the log-likelihood per iteration, the table's size and the time.
 * Deterministic: the pairs are mined with a fixed seed and EM starts from the uniform table.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { prune, trainModel1 } from './model/ibm1.mjs';
import { minePairs, SOURCES } from './model/mine-pairs.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith('--') ? [[arg.slice(2), all[i + 1]]] : [])),
);
const SEED = Number(args.seed ?? 1);
const ITERATIONS = Number(args.iterations ?? 5);
/** Targets kept per question word, and the least probability kept (the word itself is always kept). */
const TOP = Number(args.top ?? 6);
const MIN = Number(args.min ?? 0.02);
/** A word must occur in this many questions (as a source) or passages (as a target) to be learned. */
const MIN_PAIRS = Number(args['min-pairs'] ?? 3);
/**
 * Score a link by both directions' probabilities (their geometric mean) instead of t(document |
 * question) alone: the one-way table pairs common words with words of the manuals' own trade
 * ("show" → "specified", "argument"; "remove" → "perl"), the two-way one less ("delete" → "unlink").
 */
const SYMMETRIC = args.symmetric !== 'false';
const OUT = args.out ?? join('public', 'lexicon', 'translation-en.json');
const WORK = join('node_modules', '.cache', 'carrel-train');
const log = (line) => console.error(line);

/** Park–Miller: the same WordNet sample on every machine (as scripts/train-model.mjs). */
function seeded(seed) {
  let state = seed % 2147483647 || 1;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

/** The app's analyzer (common/text/analyzer.ts), transpiled as it is, so terms are the index's. */
async function loadAnalyzer() {
  const source = readFileSync(join('common', 'text', 'analyzer.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  mkdirSync(WORK, { recursive: true });
  const file = join(WORK, 'analyzer.mjs');
  writeFileSync(file, outputText);
  return import(pathToFileURL(file).href);
}

const began = Date.now();
const { analyze, words } = await loadAnalyzer();
const { pairs, counts, refused } = minePairs({ cache: join(WORK, 'debs'), random: seeded(SEED), log });
const mined = Date.now();
log(
  `pairs per source: ${JSON.stringify(counts)} (${pairs.length} in all; ${refused} files or texts refused by the never-train list)`,
);

// Terms, and how each is most often spelled.
const isWord = (term) => /^[a-z][a-z]+$/.test(term);
const spellings = new Map();
const termsOf = (text) => {
  const out = [];
  for (const word of words(text)) {
    const lower = word.toLowerCase();
    const terms = analyze(word);
    for (const term of terms) out.push(term);
    if (terms.length === 1 && isWord(terms[0]) && /^[a-z]+$/.test(lower)) {
      const byWord = spellings.get(terms[0]) ?? new Map();
      byWord.set(lower, (byWord.get(lower) ?? 0) + 1);
      spellings.set(terms[0], byWord);
    }
  }
  return out.filter(isWord);
};
const tokenized = pairs.map(({ query, passage }) => ({ query: termsOf(query), passage: termsOf(passage) }));
const questionPairs = new Map();
const passagePairs = new Map();
for (const { query, passage } of tokenized) {
  for (const term of new Set(query)) questionPairs.set(term, (questionPairs.get(term) ?? 0) + 1);
  for (const term of new Set(passage)) passagePairs.set(term, (passagePairs.get(term) ?? 0) + 1);
}
const numbering = (frequent) => {
  const list = [...frequent].filter(([, n]) => n >= MIN_PAIRS).map(([term]) => term);
  list.sort();
  return { list, number: new Map(list.map((term, i) => [term, i])) };
};
// Source 0 is NULL; target numbers start at 0.
const sources = numbering(questionPairs);
sources.list.unshift('');
sources.number = new Map(sources.list.map((term, i) => [term, i]));
const targets = numbering(passagePairs);

const corpus = [];
for (const { query, passage } of tokenized) {
  const source = [...new Set(query)].flatMap((term) => sources.number.get(term) ?? []);
  const times = new Map();
  for (const term of passage) if (targets.number.has(term)) times.set(term, (times.get(term) ?? 0) + 1);
  if (!source.length || !times.size) continue;
  corpus.push({
    source,
    target: [...times.keys()].flatMap((t) => targets.number.get(t) ?? []),
    counts: [...times.values()],
  });
}
log(
  `${corpus.length} pairs with known words; ${sources.list.length - 1} question words, ${targets.list.length} document words (each in ≥ ${MIN_PAIRS} pairs)`,
);

log('question → document words:');
const model = trainModel1(corpus, { targets: targets.list.length, iterations: ITERATIONS, log });
if (SYMMETRIC) {
  // The other direction, t(question word | document word), over the same pairs: a document word that
  // many different question words claim ("option", "argument") is likely in either, not a translation.
  log('document → question words:');
  const reverseSources = new Map(targets.list.map((term, i) => [term, i + 1]));
  const reverse = trainModel1(
    corpus.map(({ source, target }) => ({
      source: target.flatMap((d) => reverseSources.get(targets.list[d] ?? '') ?? []),
      target: source,
    })),
    { targets: sources.list.length, iterations: ITERATIONS, log },
  );
  const lookup = (from, to) => {
    const key = from * reverse.targets + to;
    let lo = 0;
    let hi = reverse.keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (reverse.keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return reverse.keys[lo] === key ? reverse.t[lo] : 0;
  };
  for (let i = 0; i < model.keys.length; i++) {
    const source = Math.floor(model.keys[i] / model.targets);
    const target = model.keys[i] - source * model.targets;
    model.t[i] = Math.sqrt(model.t[i] * lookup(reverseSources.get(targets.list[target]), source));
  }
}
const trained = Date.now();
const table = prune(model, {
  top: TOP,
  min: MIN,
  same: (source) => targets.number.get(sources.list[source]) ?? -1,
});

const spelling = (term) => {
  const byWord = spellings.get(term);
  if (!byWord) return term;
  return [...byWord].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
};
const entries = {};
let links = 0;
for (const [source, list] of [...table].sort((a, b) => (sources.list[a[0]] < sources.list[b[0]] ? -1 : 1))) {
  // Only a word that stands for something other than itself is worth a line.
  if (list.every(({ target }) => targets.list[target] === sources.list[source])) continue;
  entries[sources.list[source]] = list
    .map(({ target, p }) => `${spelling(targets.list[target])} ${Number(p.toPrecision(2))}`)
    .join(' ');
  links += list.length;
}
const out = {
  source:
    'IBM Model 1 over question ↔ answer pairs mined from Debian documentation and WordNet 3.1 glosses (npm run build:translation)',
  pairs: corpus.length,
  iterations: ITERATIONS,
  symmetric: SYMMETRIC,
  top: TOP,
  min: MIN,
  words: entries,
};
const json = JSON.stringify(out);
mkdirSync(join('public', 'lexicon'), { recursive: true });
writeFileSync(OUT, json);
log(
  `${OUT}: ${Object.keys(entries).length} question words, ${links} links, ${(json.length / 1e6).toFixed(2)} MB, sha256 ${createHash('sha256').update(json).digest('hex').slice(0, 12)}`,
);
log(
  `time: mining ${((mined - began) / 1000).toFixed(1)} s, EM ${((trained - mined) / 1000).toFixed(1)} s, in all ${((Date.now() - began) / 1000).toFixed(1)} s; sources: ${SOURCES.length} Debian packages and WordNet`,
);
