#!/usr/bin/env node
/**
 * Fetches the documents of the development set for a crowded library (eval/dev/questions/
 * crowded-library.json) from Debian packages, into eval/dev/docs/ (not committed), and checks that
 * every expected string occurs in its document (read with pdftotext, as pdf.js reads most of it).
 * One very large manual (the R reference manual, 2,415 pages) beside four small ones (PARI/GP's
 * installation guide, tutorial and parallel booklet; LilyPond's usage manual), so that a big
 * document's sections can be seen crowding out the small documents that answer. A development set:
 * work is checked on it, not proven; the held-out sets stay the judges.
 *
 *   node scripts/fetch-dev.mjs
 *   npm run eval -- --questions eval/dev/questions/crowded-library.json
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unpackDebian } from './lib/debian.mjs';

const ROOT = 'eval/dev';
const CACHE = join('node_modules', '.cache', 'carrel-dev');

/** Where each document comes from; every one is under a free licence (GPL, GFDL), as its package says. */
export const DEV_DOCS = [
  { pkg: 'r-doc-pdf', from: 'usr/share/R/doc/manual/fullrefman.pdf', to: 'r/fullrefman.pdf' },
  { pkg: 'pari-doc', from: 'usr/share/pari/doc/INSTALL.pdf', to: 'pari/INSTALL.pdf' },
  { pkg: 'pari-doc', from: 'usr/share/pari/doc/tutorial.pdf', to: 'pari/tutorial.pdf' },
  { pkg: 'pari-doc', from: 'usr/share/pari/doc/parallel.pdf', to: 'pari/parallel.pdf' },
  { pkg: 'lilypond-doc-pdf', from: 'usr/share/doc/lilypond/html/Documentation/usage.pdf', to: 'lilypond/usage.pdf' },
];

const unpack = (pkg) => unpackDebian(pkg, CACHE, console.error);

const plain = (text) => text.replace(/\s+/g, ' ').toLowerCase();

for (const doc of DEV_DOCS) {
  const target = join(ROOT, 'docs', doc.to);
  mkdirSync(dirname(target), { recursive: true });
  if (!existsSync(target)) copyFileSync(join(unpack(doc.pkg), doc.from), target);
}

const { cases } = JSON.parse(readFileSync(join(ROOT, 'questions', 'crowded-library.json'), 'utf8'));
const texts = new Map(
  DEV_DOCS.map((d) => [
    d.to,
    plain(execFileSync('pdftotext', [join(ROOT, 'docs', d.to), '-'], { maxBuffer: 256 << 20 }).toString()),
  ]),
);
const absent = cases.filter((c) => !c.expect.some((e) => texts.get(c.doc)?.includes(plain(e))));
for (const c of absent) console.error(`no expected string of "${c.query}" in ${c.doc}: ${c.expect.join(' | ')}`);
console.error(`${cases.length} questions over ${DEV_DOCS.length} documents in ${join(ROOT, 'docs')}`);
if (absent.length) process.exit(1);
