#!/usr/bin/env node
/**
 * Builds the thesauri the keyword leg widens a German or French question with, as the English one
 * is widened by WordNet (workers/retrieve/lexicon.ts): public/languages/thesaurus-<lang>.json.gz,
 * each word (lower case) → its synonyms, from Debian packages fetched by name (apt-get download +
 * dpkg-deb -x):
 * - German: OpenThesaurus (openthesaurus-de-text, LGPL-2.1+), one set of synonyms a line;
 * - French: the LibreOffice thesaurus (mythes-fr, thes_fr.dat, LGPL-2.1+), a word's senses a line each.
 * Only single words are kept (no "(etwas) aufgeben"), without their labels ("(ugs.)").
 *
 *   npm run build:thesaurus [-- --lang de,fr] [--cache DIR] [--per-word N] [--one-way] [--out DIR]
 *
 * A word keeps its `--per-word` likeliest synonyms (6), and of those only the ones that list it
 * among their own (`--one-way` keeps them all): a word of many senses ("Bank") brings in only what
 * its synonyms agree on. Six, both ways, keeps the German table and its thesaurus within 4 MB.
 *
 * Licences: public/languages/LICENSE.md; docs/languages.md, "Thesauri".
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { refuseNeverTrain } from '../model/mine-pairs.mjs';
import { unpackDebian } from '../lib/debian.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

export const THESAURI = {
  de: { pkg: 'openthesaurus-de-text', file: 'usr/share/openthesaurus-de/openthesaurus.txt', read: openThesaurus },
  fr: { pkg: 'mythes-fr', file: 'usr/share/mythes/thes_fr.dat', read: myThes },
};

/** A thesaurus entry as one word: labels and bracketed parts off; null for a phrase or an abbreviation. */
export function singleWord(entry) {
  const word = entry
    .replace(/\([^)]*\)/g, ' ')
    .trim()
    .toLowerCase();
  return /^\p{L}[\p{L}'’-]*\p{L}$/u.test(word) ? word : null;
}

/** OpenThesaurus's text form: comment lines, then one set of synonyms a line, `;` between them. */
export function openThesaurus(text) {
  const sets = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const words = [...new Set(line.split(';').map(singleWord).filter(Boolean))];
    if (words.length > 1) sets.push(words);
  }
  return sets;
}

/**
 * MyThes' data file: an encoding line, then per word "word|n" and n lines "(part of speech)|synonym|…",
 * each sense a set with the word itself, in the file's order.
 */
export function myThes(text) {
  const sets = [];
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const [head, count] = lines[i].split('|');
    const n = Number(count);
    if (!head || !Number.isInteger(n)) continue;
    const word = singleWord(head);
    for (let k = 1; k <= n && i + k < lines.length; k++) {
      if (!word) continue;
      const synonyms = lines[i + k].split('|').slice(1).map(singleWord).filter(Boolean);
      const set = [...new Set([word, ...synonyms])];
      if (set.length > 1) sets.push(set);
    }
    i += n;
  }
  return sets;
}

/**
 * Each word's synonyms, at most `perWord`: first those that share most of its sets (the senses
 * agree on them), then in the sets' order; with `mutual`, only those that list the word among
 * their own `perWord`. Lines of "word<TAB>synonyms", space-separated, in code-unit order.
 */
export function thesaurusRows(sets, perWord, mutual = false) {
  const together = new Map();
  sets.forEach((set, order) => {
    for (const word of set) {
      let others = together.get(word);
      if (!others) together.set(word, (others = new Map()));
      for (const other of set) {
        if (other === word) continue;
        const seen = others.get(other);
        others.set(other, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? order });
      }
    }
  });
  const best = new Map();
  for (const [word, others] of together)
    best.set(
      word,
      [...others]
        .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
        .slice(0, perWord)
        .map(([other]) => other),
    );
  const rows = [];
  for (const [word, list] of [...best].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const kept = mutual ? list.filter((other) => best.get(other)?.includes(word)) : list;
    if (kept.length) rows.push(`${word}\t${kept.join(' ')}`);
  }
  return rows.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      lang: { type: 'string', default: Object.keys(THESAURI).join(',') },
      cache: { type: 'string', default: join(ROOT, '.cache/languages/debs') },
      'per-word': { type: 'string', default: '6' },
      'one-way': { type: 'boolean', default: false },
      out: { type: 'string', default: join(ROOT, 'public/languages') },
    },
  });
  mkdirSync(values.out, { recursive: true });
  for (const lang of values.lang.split(',')) {
    const source = THESAURI[lang];
    if (!source) throw new Error(`no thesaurus for ${lang}: one of ${Object.keys(THESAURI).join(', ')}`);
    refuseNeverTrain(source.pkg);
    const root = unpackDebian(source.pkg, values.cache);
    const sets = source.read(readFileSync(join(root, source.file), 'utf8'));
    const words = thesaurusRows(sets, Number(values['per-word']), !values['one-way']);
    const gz = gzipSync(JSON.stringify({ lang, source: source.pkg, words }), { level: 9 });
    const path = join(values.out, `thesaurus-${lang}.json.gz`);
    writeFileSync(path, gz);
    console.log(`${lang}: ${sets.length} sets, ${words.split('\n').length} words → ${path} (${gz.length} bytes)`);
  }
}
