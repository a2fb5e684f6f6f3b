#!/usr/bin/env node
/**
 * A cross-language retrieval check from a manual Debian ships translated: its sections are
 * aligned across languages by their anchors, a section's title in one language is the query, and
 * the same section in another language (its text without the title) is the one right answer.
 * Writes a BEIR layout (corpus.jsonl, queries.jsonl, qrels.tsv) for `npm run eval -- --dataset`.
 *
 *   node scripts/languages/aligned-beir.mjs --manual debian-reference --query de --docs en [--out DIR]
 *
 * Manuals: debian-reference (evaluation only: on the never-train list), developers-reference and
 * debian-faq (development). The output goes under .cache/ (never committed) unless --out says.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { foldWord } from './dictd.mjs';
import { unpackDebian } from '../lib/debian.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Per manual: the package and the folder of its HTML pages in a language. */
const MANUALS = {
  'debian-reference': (lang) => ({
    pkg: `debian-reference-${lang}`,
    dir: 'usr/share/debian-reference',
    suffix: `.${lang}.html`,
  }),
  'developers-reference': (lang) => ({
    pkg: lang === 'en' ? 'developers-reference' : `developers-reference-${lang}`,
    dir: lang === 'en' ? 'usr/share/developers-reference' : `usr/share/developers-reference/${lang}`,
    suffix: '.html',
  }),
  'debian-faq': (lang) => ({
    pkg: lang === 'en' ? 'debian-faq' : `debian-faq-${lang}`,
    dir: lang === 'en' ? 'usr/share/doc/debian/FAQ' : `usr/share/doc/debian/FAQ/${lang}`,
    suffix: `.${lang}.html`,
  }),
};

/** Pages that repeat the others (a one-page edition, the contents, the search page). */
const REPEATS = /^(index|search|genindex|developers-reference|debian-faq)\b/;

const unpack = unpackDebian;

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&(\w+);/g, (all, name) => ENTITIES[name] ?? all);

const plain = (html) =>
  decode(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<div class="toc">[\s\S]*?<\/dl>\s*<\/div>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/¶/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A page's sections below chapter level: anchor → {title, text}. */
function sections(html) {
  const out = new Map();
  const parts = html.split(/(?=<h[2-4][\s>])/i).slice(1);
  for (const part of parts) {
    const end = part.search(/<\/h[2-4]>/i);
    if (end < 0) continue;
    const heading = part.slice(0, end);
    const id = heading.match(/\bid="([^"]+)"/)?.[1] ?? heading.match(/href="#([^"]+)"/)?.[1];
    // Numbering ("2.1.1.", "A.3.") is the same in every language: it would align by itself.
    const title = plain(heading)
      .replace(/^[A-Z]?[\d.]+\s+/, '')
      .trim();
    const text = plain(part.slice(end).split(/<h1[\s>]/i)[0]);
    if (id && title && text.split(' ').length >= 20 && !out.has(id)) out.set(id, { title, text });
  }
  return out;
}

function manual(name, lang, cache) {
  const { pkg, dir, suffix } = MANUALS[name](lang);
  const root = join(unpack(pkg, cache), dir);
  const all = new Map();
  for (const file of readdirSync(root).filter((f) => f.endsWith(suffix) && !REPEATS.test(basename(f)))) {
    // DocBook pages carry the language in their name (ch02.de.html), Sphinx's folders do.
    if (name === 'debian-faq' && lang === 'en' && !file.endsWith('.en.html')) continue;
    for (const [id, section] of sections(readFileSync(join(root, file), 'utf8')))
      all.set(`${file.split('.')[0]}--${id}`, section);
  }
  return all;
}

function main() {
  const { values } = parseArgs({
    options: {
      manual: { type: 'string', default: 'debian-reference' },
      query: { type: 'string' },
      docs: { type: 'string' },
      out: { type: 'string' },
      cache: { type: 'string', default: join(ROOT, '.cache/languages') },
    },
  });
  const { manual: name, query, docs } = values;
  if (!MANUALS[name] || !query || !docs) {
    console.error('Usage: node scripts/languages/aligned-beir.mjs --manual NAME --query LANG --docs LANG [--out DIR]');
    process.exit(2);
  }
  const out = values.out ?? join(values.cache, 'beir', `${name}-${query}-${docs}`);
  const asked = manual(name, query, values.cache);
  const answering = manual(name, docs, values.cache);
  const english = docs === 'en' ? answering : query === 'en' ? asked : manual(name, 'en', values.cache);
  // Opaque ids: the eval names each document after its id, and an anchor is English words.
  const docId = new Map([...answering.keys()].map((id, i) => [id, `d${i}`]));
  const corpus = [...answering].map(([id, { text }]) => ({ _id: docId.get(id), title: '', text }));
  const queries = [];
  const qrels = [];
  for (const [id, { title }] of asked) {
    const answer = answering.get(id);
    if (!answer || title.split(' ').length < 2) continue;
    // A section left untranslated would be found by its own words: not a test of the languages.
    const original = english.get(id);
    const translated = (lang, section) =>
      lang === 'en' || (original && foldWord(section.text) !== foldWord(original.text));
    if (!translated(query, asked.get(id)) || !translated(docs, answer)) continue;
    const queryId = `q${queries.length}`;
    queries.push({ _id: queryId, text: title });
    qrels.push(`${queryId}\t${docId.get(id)}\t1`);
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'corpus.jsonl'), corpus.map((d) => JSON.stringify(d)).join('\n') + '\n');
  writeFileSync(join(out, 'queries.jsonl'), queries.map((q) => JSON.stringify(q)).join('\n') + '\n');
  writeFileSync(join(out, 'qrels.tsv'), ['query-id\tcorpus-id\tscore', ...qrels].join('\n') + '\n');
  console.error(`${out}: ${queries.length} queries, ${corpus.length} sections`);
}

main();
