/**
 * How a language table's rows are made from dictionary evidence (scripts/languages/build-languages.mjs):
 * the English words a translation phrase gives, and each foreign word's row. Pure functions, so the
 * build and its tests share them.
 */
import { phraseWords } from './dictd.mjs';

/** English words that carry no meaning of their own inside a translation phrase ("to go", "a house"). */
export const PHRASE_FILLER = new Set(
  "to a an the of be oneself one's someone something sb sth sb's sth's s o with for by in on at from".split(' '),
);

/**
 * The English words of a translation phrase the model knows, each with its share of the phrase.
 * Filler is dropped before the model's vocabulary is looked at: "to indent", whose verb the model
 * lacks, gives nothing rather than "to"; a phrase of filler alone ("by") is its own translation.
 * @param {string} phrase
 * @param {{ has(word: string): boolean }} vocab the model's words
 * @returns {{ word: string, share: number }[]}
 */
export function englishWords(phrase, vocab) {
  const all = phraseWords(phrase);
  const meaningful = all.filter((w) => !PHRASE_FILLER.has(w));
  const kept = (meaningful.length > 0 ? meaningful : all).filter((w) => vocab.has(w));
  return kept.map((word) => ({ word, share: 1 / kept.length }));
}

/**
 * Scales each foreign word's evidence so that its best English word has 1. A dictionary that gives
 * each sense of a word an entry of its own (Ding has twelve for "löschen": fire, thirst, cargo,
 * blackboard…) otherwise piles up its everyday senses far above what the interface catalogues add
 * ("löschen" → delete).
 * @param {Map<string, Map<string, number>>} scores foreign word → English word → evidence
 */
export function normalisePerWord(scores) {
  for (const row of scores.values()) {
    const best = Math.max(...row.values());
    for (const [english, score] of row) row.set(english, score / best);
  }
}

/**
 * A table's rows, "word<TAB>english words" lines in word order: each word's `top` best-attested
 * English words (within a third of the best).
 * @param {Map<string, Map<string, number>>} scores foreign word → English word → evidence
 * @param {number} top
 * @returns {string[]}
 */
export function tableRows(scores, top) {
  const lines = [];
  for (const [foreign, row] of [...scores].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const ranked = [...row].sort((a, b) => b[1] - a[1]);
    const best = ranked[0][1];
    const kept = ranked.filter(([, score]) => score >= best / 3).slice(0, top);
    lines.push(`${foreign}\t${kept.map(([word]) => word).join(' ')}`);
  }
  return lines;
}

/**
 * The table read backwards, as the build can read it and the app cannot: for each English word, the
 * foreign words its evidence gives most, "english<TAB>foreign words" lines in word order. The
 * evidence is the sum over every source that pairs the two (a dictionary's entry for either word,
 * the catalogues), before any scaling per foreign word: "soldier" → "soldat", which the dictionary
 * gives first for it, before "brustholz", a carpenter's word whose own row says "soldier" too; "lost"
 * → "verloren" before "fundamt". Ties go to the shorter word (a compound is longer), then the first in
 * alphabetical order. Each word's `top` best, within a third of the best.
 * @param {Map<string, Map<string, number>>} scores foreign word → English word → evidence
 * @param {number} top
 * @returns {string[]}
 */
export function reverseRows(scores, top) {
  /** @type {Map<string, [string, number][]>} */
  const byEnglish = new Map();
  for (const [foreign, row] of scores)
    for (const [english, score] of row) {
      let list = byEnglish.get(english);
      if (!list) byEnglish.set(english, (list = []));
      list.push([foreign, score]);
    }
  const lines = [];
  for (const [english, list] of [...byEnglish].sort(([a], [b]) => (a < b ? -1 : 1))) {
    list.sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1));
    const best = list[0][1];
    const kept = list.filter(([, score]) => score >= best / 3).slice(0, top);
    lines.push(`${english}\t${kept.map(([word]) => word).join(' ')}`);
  }
  return lines;
}

/**
 * Rows for a language's inflected forms (an analyser's form → lemmas): a form the table lacks gets
 * its lemma's row, when its lemmas that have a row agree on one ("navigueront" → the row of
 * "naviguer"). A form that is a word of its own keeps its own row; a form whose lemmas disagree
 * ("suis": être or suivre) gets none.
 * @param {string[]} lines the table's rows ("word<TAB>english words")
 * @param {Map<string, Set<string>>} forms form → its lemmas
 * @returns {string[]} the rows to add, in form order
 */
export function formRows(lines, forms) {
  const rows = new Map(lines.map((line) => [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)]));
  const added = [];
  for (const [form, lemmas] of [...forms].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (rows.has(form)) continue;
    const found = new Set([...lemmas].map((lemma) => rows.get(lemma)).filter((row) => row !== undefined));
    if (found.size === 1) added.push(`${form}\t${[...found][0]}`);
  }
  return added;
}
