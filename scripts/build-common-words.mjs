#!/usr/bin/env node
/**
 * Writes `workers/retrieve/common-words.json`: the most frequent English words, taken from the
 * built-in model's vocabulary (GloVe lists its words by frequency in its training text). A related
 * word that is this common, brought in by a typed word this common ("get" → "go", "let"), says
 * nothing about why a result was found, so the page does not name it (workers/retrieve/lexicon.ts).
 *
 *   node scripts/build-common-words.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many: "get" (rank 166), "go" (235), "become" (389), "let" (834) are in; "length" (2516) and "stop" brought in by "quit" (3681) are not. */
const COMMON = 1000;
const VOCABULARY = join('public', 'models', 'carrel-glove-50k', 'tokenizer.json');
const OUT = join('workers', 'retrieve', 'common-words.json');

const vocab = JSON.parse(readFileSync(VOCABULARY, 'utf8')).model.vocab;
const words = Object.entries(vocab)
  .sort((a, b) => a[1] - b[1])
  .map(([word]) => word)
  .filter((word) => /^[a-z]{2,}$/.test(word))
  .slice(0, COMMON);
writeFileSync(OUT, `${JSON.stringify(words)}\n`);
console.log(`${OUT}: ${words.length} words`);
