/**
 * Word translations through a third language, from Apertium's bilingual dictionaries as Debian
 * packages them: French → Catalan (`apertium-fra-cat`) and Catalan → English (`apertium-eng-cat`),
 * both GPL-3+-compatible (docs/languages.md, "French through Catalan"). FreeDict's French knows
 * about 8,000 words; Apertium's French–Catalan dictionary about 40,000 lemmas, and its English–
 * Catalan one is its largest English pair.
 *
 * The packages hold the dictionaries compiled as finite-state transducers; `lt-print` (Debian's
 * `lttoolbox-dev`, with its library from `liblttoolbox3`, unpacked beside them, not installed)
 * writes each as text, and every path through it is one entry: "ordinateur<n><m>" →
 * "ordinador<n><m>".
 *
 * A word reached through a pivot picks up the pivot word's other senses ("quitter" → "deixar" →
 * leave, let, lend). Each English word is scored by inverse consultation (Tanaka and Umemura 1994):
 * how many of the foreign word's pivot words the English word itself translates to, read in both
 * directions of both dictionaries.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unpackDebian } from '../lib/debian.mjs';
import { foldWord, isWord } from './dictd.mjs';
import { englishWords } from './table-rows.mjs';

/** Per language: the dictionary between it and the pivot, and the pivot's dictionary with English. */
export const PIVOTS = {
  fr: {
    pivot: 'ca',
    foreign: {
      pkg: 'apertium-fra-cat',
      dir: 'apertium-fra-cat',
      to: 'fra-cat.autobil.bin',
      from: 'cat-fra.autobil.bin',
      analyser: 'fra-cat.automorf.bin',
    },
    english: {
      pkg: 'apertium-eng-cat',
      dir: 'apertium-eng-cat',
      to: 'cat-eng.autobil.bin',
      from: 'eng-cat.autobil.bin',
    },
  },
};

/** Packages a language's pivot needs, for the table's list of sources. */
export const pivotPackages = (lang) => (PIVOTS[lang] ? [PIVOTS[lang].foreign.pkg, PIVOTS[lang].english.pkg] : []);

/**
 * Input symbols whose paths are patterns rather than words (web addresses, e-mail, numbers): the
 * dictionaries loop over every character there, and following those loops never ends.
 */
const PATTERN_SYMBOLS = new Set([...'@./:_0123456789']);

/**
 * Every path of a transducer printed by `lt-print` (AT&T text; several transducers are separated by
 * "--" lines, each numbering its states from 0): [input, output] strings.
 * @param {string} att
 * @returns {[string, string][]}
 */
export function attPaths(att) {
  /** @type {[string, string][]} */
  const paths = [];
  for (const section of att.split(/^--$/m)) {
    /** @type {Map<number, [number, string, string][]>} */
    const arcs = new Map();
    const finals = new Set();
    for (const line of section.split('\n')) {
      const f = line.split('\t');
      if (f[0] === '') continue;
      if (f.length < 4) {
        finals.add(Number(f[0]));
        continue;
      }
      const from = Number(f[0]);
      let list = arcs.get(from);
      if (!list) arcs.set(from, (list = []));
      list.push([Number(f[1]), f[2] === 'ε' ? '' : f[2], f[3] === 'ε' ? '' : f[3]]);
    }
    const onPath = new Set([0]);
    /** @param {number} state @param {string} input @param {string} output */
    const walk = (state, input, output) => {
      if (finals.has(state)) paths.push([input, output]);
      for (const [to, a, b] of arcs.get(state) ?? []) {
        if (onPath.has(to) || PATTERN_SYMBOLS.has(a)) continue;
        onPath.add(to);
        walk(to, input + a, output + b);
        onPath.delete(to);
      }
    };
    walk(0, '', '');
  }
  return paths;
}

/**
 * "ordinateur<n><m>" → { lemma: "ordinateur", pos: "n" }; proper nouns and untagged paths → null.
 * @param {string} entry
 */
export function lemmaOf(entry) {
  const m = /^([^<]+)<([^>]+)>/.exec(entry);
  if (!m || m[2] === 'np') return null;
  return { lemma: m[1], pos: m[2] };
}

/**
 * Every path of a compiled transducer (a `.bin` of an Apertium package), written out by `lt-print`.
 * @param {string} file
 * @param {{ bin: string, lib: string }} lt
 */
function transducerPaths(file, lt) {
  const att = execFileSync(lt.bin, [file], {
    env: { ...process.env, LD_LIBRARY_PATH: lt.lib },
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  return attPaths(att);
}

/**
 * The entries of one compiled dictionary as "lemma<pos>" keys, source → targets.
 * @param {string} file
 * @param {{ bin: string, lib: string }} lt
 * @param {boolean} backwards read target → source
 */
function dictionary(file, lt, backwards) {
  /** @type {Map<string, Set<string>>} */
  const map = new Map();
  for (const [input, output] of transducerPaths(file, lt)) {
    const a = lemmaOf(backwards ? output : input);
    const b = lemmaOf(backwards ? input : output);
    if (!a || !b) continue;
    const key = `${a.lemma}<${a.pos}>`;
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(`${b.lemma}<${b.pos}>`);
  }
  return map;
}

/** @param {Map<string, Set<string>>} into @param {Map<string, Set<string>>} more */
function merge(into, more) {
  for (const [key, values] of more) {
    let set = into.get(key);
    if (!set) into.set(key, (set = new Set()));
    for (const v of values) set.add(v);
  }
  return into;
}

/** `lt-print` and its library, unpacked from Debian packages under the cache. */
function lttoolbox(cache) {
  const bin = join(unpackDebian('lttoolbox-dev', cache), 'usr/bin/lt-print');
  const libRoot = join(unpackDebian('liblttoolbox3', cache), 'usr/lib');
  const arch = readdirSync(libRoot).find((d) =>
    readdirSync(join(libRoot, d)).some((f) => f.startsWith('liblttoolbox')),
  );
  if (!arch) throw new Error(`liblttoolbox3 unpacked under ${libRoot} holds no liblttoolbox`);
  return { bin, lib: join(libRoot, arch) };
}

/**
 * Foreign word (folded) → English word of the model → evidence, through the language's pivot. Each
 * foreign word's evidence sums to 1 over its English words, in proportion to their inverse
 * consultation (pivot words shared), so that one pivot word with five senses weighs no more than a
 * dictionary entry with one.
 * @param {string} lang
 * @param {string} cache
 * @param {{ has(word: string): boolean }} vocab
 * @param {(pkg: string, cache: string) => string} unpack fetches a package (refusing the never-train list)
 * @returns {Map<string, Map<string, number>>}
 */
export function pivotScores(lang, cache, vocab, unpack) {
  const spec = PIVOTS[lang];
  if (!spec) return new Map();
  const lt = lttoolbox(cache);
  const at = (side) => join(unpack(side.pkg, cache), 'usr/share/apertium', side.dir);
  const foreignDir = at(spec.foreign);
  const englishDir = at(spec.english);
  const toPivot = merge(
    dictionary(join(foreignDir, spec.foreign.to), lt, false),
    dictionary(join(foreignDir, spec.foreign.from), lt, true),
  );
  const toEnglish = merge(
    dictionary(join(englishDir, spec.english.to), lt, false),
    dictionary(join(englishDir, spec.english.from), lt, true),
  );
  /** English "lemma<pos>" → its pivot words */
  const englishPivots = new Map();
  for (const [p, englishes] of toEnglish)
    for (const e of englishes) {
      let set = englishPivots.get(e);
      if (!set) englishPivots.set(e, (set = new Set()));
      set.add(p);
    }

  /** @type {Map<string, Map<string, number>>} */
  const scores = new Map();
  for (const [entry, pivots] of toPivot) {
    const word = foldWord(entry.slice(0, entry.indexOf('<')));
    if (!isWord(word)) continue;
    /** @type {Map<string, number>} English entry → pivot words shared */
    const shared = new Map();
    for (const p of pivots)
      for (const e of toEnglish.get(p) ?? []) {
        if (shared.has(e)) continue;
        let n = 0;
        for (const q of englishPivots.get(e) ?? []) if (pivots.has(q)) n++;
        shared.set(e, n);
      }
    let row = scores.get(word);
    for (const [e, n] of shared) {
      for (const { word: english, share } of englishWords(e.slice(0, e.indexOf('<')), vocab)) {
        if (!row) scores.set(word, (row = new Map()));
        row.set(english, (row.get(english) ?? 0) + n * share);
      }
    }
  }
  for (const row of scores.values()) {
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    for (const [english, n] of row) row.set(english, n / total);
  }
  return scores;
}

/**
 * The language's inflected forms, from its morphological analyser in the same package: form (folded)
 * → the lemmas (folded) it can be a form of ("prenez" → prendre, "navigueront" → naviguer), for
 * forms of one word (no clitics, no multiword tails). The table gives a form its lemma's row
 * (formRows, table-rows.mjs), so that a text's conjugated verbs and plurals find the words a
 * dictionary lists only as infinitive and singular.
 * @param {string} lang
 * @param {string} cache
 * @param {(pkg: string, cache: string) => string} unpack
 * @returns {Map<string, Set<string>>}
 */
export function analyserForms(lang, cache, unpack) {
  const spec = PIVOTS[lang]?.foreign;
  if (!spec?.analyser) return new Map();
  const lt = lttoolbox(cache);
  const file = join(unpack(spec.pkg, cache), 'usr/share/apertium', spec.dir, spec.analyser);
  /** @type {Map<string, Set<string>>} */
  const lemmas = new Map();
  for (const [surface, analysis] of transducerPaths(file, lt)) {
    // One word, analysed as one word: no clitics ("+"), no multiword tails ("#").
    if (/[+#]/.test(analysis)) continue;
    const form = foldWord(surface);
    const entry = lemmaOf(analysis);
    if (!entry || !isWord(form)) continue;
    let set = lemmas.get(form);
    if (!set) lemmas.set(form, (set = new Set()));
    set.add(foldWord(entry.lemma));
  }
  return lemmas;
}
