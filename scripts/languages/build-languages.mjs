#!/usr/bin/env node
/**
 * Builds the per-language word tables of the built-in model (public/languages/<lang>.json.gz) from
 * bilingual dictionaries in Debian packages, fetched by name (apt-get download + dpkg-deb -x):
 * each foreign word, folded as the model's tokenizer folds it, → the English words of the model's
 * vocabulary it translates to, likeliest first (scripts/languages/table-rows.mjs). The embedder
 * places a foreign word at the mean of those words' rows (workers/embed/language-tables.ts); the
 * keyword leg searches for them.
 *
 *   npm run build:languages [-- --lang de,fr] [--cache DIR] [--top K] [--directions to-en]
 *     [--catalogues WEIGHT] [--pivot WEIGHT] [--forms] [--out DIR]
 *
 * Sources and their licences are in SOURCES and public/languages/LICENSE.md; docs/languages.md
 * says why these were chosen.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { refuseNeverTrain } from '../model/mine-pairs.mjs';
import { entries, foldWord, isWord, translations } from './dictd.mjs';
import { englishWords, formRows, normalisePerWord, reverseRows, tableRows } from './table-rows.mjs';
import { unpackDebian } from '../lib/debian.mjs';
import { CATALOGUES, LOCALES, catalogueNotice, catalogueScores, cataloguePairs } from './catalogue-table.mjs';
import { analyserForms, pivotPackages, pivotScores } from './apertium.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const MODEL = 'carrel-glove-50k';
/** Foreign words an English word of the table read backwards gives at most (LanguageTable.foreign). */
const FOREIGN_PER_WORD = 4;

/**
 * Per language: dictionaries into English ('to-en') and out of English ('from-en', read backwards).
 * German comes from Ding (GPL-2+) rather than FreeDict's deu-eng, which is built from Ding but
 * licensed GPL-3 and AGPL-3; the other FreeDict dictionaries are GPL-2+.
 */
const freedict = (code) => [
  { pkg: `dict-freedict-${code}-eng`, file: `freedict-${code}-eng`, direction: 'to-en' },
  { pkg: `dict-freedict-eng-${code}`, file: `freedict-eng-${code}`, direction: 'from-en' },
];
export const SOURCES = {
  // Ding gives each sense of a word an entry of its own: its evidence is scaled per word (normalisePerWord).
  de: [
    { pkg: 'dict-de-en', file: 'german-english', direction: 'to-en', sensePerEntry: true },
    { pkg: 'dict-de-en', file: 'english-german', direction: 'from-en', sensePerEntry: true },
  ],
  fr: freedict('fra'),
  es: freedict('spa'),
  it: freedict('ita'),
  pt: freedict('por'),
  nl: freedict('nld'),
};

function unpack(pkg, cache) {
  refuseNeverTrain(pkg);
  return unpackDebian(pkg, cache);
}

/** The model's vocabulary: word → id (its GloVe frequency rank, offset by the five special tokens). */
function modelVocab() {
  const tokenizer = JSON.parse(readFileSync(join(ROOT, 'public/models', MODEL, 'tokenizer.json'), 'utf8'));
  return new Map(Object.entries(tokenizer.model.vocab).filter(([word]) => /^[\p{L}\p{N}]+$/u.test(word)));
}

/**
 * foreign word → English word → evidence, from every source of the language: the dictionaries,
 * then the interface catalogues' learned translations, each counting `catalogueWeight` × t(e | f).
 * `scores` is scaled per word where a dictionary splits a word into senses (for the rows);
 * `summed` is not (for the table read backwards, reverseRows).
 */
function collect(lang, vocab, cache, directions, catalogueWeight, pivotWeight) {
  const scores = new Map();
  const add = (foreign, english, score) => {
    let row = scores.get(foreign);
    if (!row) scores.set(foreign, (row = new Map()));
    row.set(english, (row.get(english) ?? 0) + score);
  };
  for (const source of SOURCES[lang].filter((s) => directions.includes(s.direction))) {
    const dir = join(unpack(source.pkg, cache), 'usr/share/dictd');
    const index = readFileSync(join(dir, `${source.file}.index`), 'utf8');
    const dict = gunzipSync(readFileSync(join(dir, `${source.file}.dict.dz`)));
    for (const { headword, body } of entries(index, dict)) {
      const head = foldWord(headword.trim());
      const phrases = translations(body);
      if (source.direction === 'to-en') {
        if (!isWord(head)) continue;
        phrases.forEach((phrase, i) => {
          for (const { word, share } of englishWords(phrase, vocab)) add(head, word, share / Math.sqrt(i + 1));
        });
      } else {
        if (!vocab.has(head)) continue;
        phrases.forEach((phrase, i) => {
          const foreign = foldWord(phrase);
          if (isWord(foreign)) add(foreign, head, 1 / Math.sqrt(i + 1));
        });
      }
    }
  }
  if (pivotWeight > 0) {
    const pivot = pivotScores(lang, cache, vocab, unpack);
    if (pivot.size > 0) console.error(`${lang}: ${pivot.size} words through a third language`);
    for (const [foreign, row] of pivot) for (const [english, share] of row) add(foreign, english, pivotWeight * share);
  }
  const summed = new Map([...scores].map(([foreign, row]) => [foreign, new Map(row)]));
  if (SOURCES[lang].some((s) => s.sensePerEntry)) normalisePerWord(scores);
  if (catalogueWeight > 0) {
    const pairs = cataloguePairs(cache, LOCALES[lang]);
    const learned = catalogueScores(pairs, vocab);
    console.error(`${lang}: ${pairs.length} catalogue entries, ${learned.size} words learned`);
    for (const [foreign, row] of learned)
      for (const [english, p] of row) {
        add(foreign, english, catalogueWeight * p);
        let own = summed.get(foreign);
        if (!own) summed.set(foreign, (own = new Map()));
        own.set(english, (own.get(english) ?? 0) + catalogueWeight * p);
      }
  }
  return { scores, summed };
}

function main() {
  const { values } = parseArgs({
    options: {
      lang: { type: 'string', default: Object.keys(SOURCES).join(',') },
      cache: { type: 'string', default: join(ROOT, '.cache/languages') },
      top: { type: 'string', default: '3' },
      // Which dictionaries to read: both directions, or only those into English (to compare them).
      directions: { type: 'string', default: 'to-en,from-en' },
      // How much a translation learned from the interface catalogues counts against a dictionary's.
      catalogues: { type: 'string', default: '2' },
      // How much a translation through a third language counts (scripts/languages/apertium.mjs;
      // French through Catalan). Measured and not taken into the shipped tables: docs/languages.md.
      pivot: { type: 'string', default: '0' },
      // Give inflected forms from the language's analyser their lemma's row (apertium.mjs; French).
      forms: { type: 'boolean', default: false },
      // Where the tables go (another folder to compare variants without touching the app's).
      out: { type: 'string', default: join(ROOT, 'public/languages') },
    },
  });
  const vocab = modelVocab();
  const OUT = values.out;
  mkdirSync(OUT, { recursive: true });
  for (const lang of values.lang.split(',')) {
    if (!SOURCES[lang]) throw new Error(`no sources for ${lang}`);
    const weight = Number(values.catalogues);
    const pivotWeight = Number(values.pivot);
    const { scores, summed } = collect(lang, vocab, values.cache, values.directions.split(','), weight, pivotWeight);
    const rows = tableRows(scores, Number(values.top));
    const forms = values.forms ? formRows(rows, analyserForms(lang, values.cache, unpack)) : [];
    if (forms.length > 0) console.error(`${lang}: ${forms.length} inflected forms given their lemma's row`);
    const lines = [...rows, ...forms].sort((a, b) => (a < b ? -1 : 1));
    const english = reverseRows(summed, FOREIGN_PER_WORD);
    const sources = SOURCES[lang].map((s) => s.pkg);
    if (pivotWeight > 0) sources.push(...pivotPackages(lang));
    if (weight > 0) sources.push(...CATALOGUES.map((c) => c.pkg));
    const table = { lang, model: MODEL, sources, words: lines.join('\n'), english: english.join('\n') };
    const gz = gzipSync(JSON.stringify(table), { level: 9 });
    writeFileSync(join(OUT, `${lang}.json.gz`), gz);
    console.error(
      `${lang}: ${lines.length} words, ${english.length} English words, ${(gz.length / 1024).toFixed(0)} KB gzipped`,
    );
  }
  copyFileSync('/usr/share/common-licenses/GPL-2', join(OUT, 'GPL-2.txt'));
  if (Number(values.catalogues) > 0) {
    copyFileSync('/usr/share/common-licenses/GPL-3', join(OUT, 'GPL-3.txt'));
    writeFileSync(join(OUT, 'CATALOGUES.md'), catalogueNotice(values.cache));
  }
}

main();
