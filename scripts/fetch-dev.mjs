#!/usr/bin/env node
/**
 * Fetches the documents of the development sets from Debian packages, into eval/dev/docs/ (not
 * committed), and checks that every expected string occurs in its document. A development set: work
 * is checked on it, not proven; the held-out sets stay the judges.
 *
 * `--set crowded` (the default): a crowded library (eval/dev/questions/crowded-library.json). One
 * very large manual (the R reference manual, 2,415 pages) beside four small ones (PARI/GP's
 * installation guide, tutorial and parallel booklet; LilyPond's usage manual), so that a big
 * document's sections can be seen crowding out the small documents that answer. Read with
 * pdftotext, as pdf.js reads most of it.
 *
 * `--set languages`: a two-language library (eval/dev/questions/languages-dev.json), in
 * eval/dev/docs/languages/: every chapter page of the German Developer's Reference
 * (developers-reference-de) in de/, every page of the French Debian FAQ (debian-faq-fr) in fr/,
 * and three chapters of the English Developer's Reference (developers-reference) in en/, so that
 * an English question has English pages beside the German or French page that answers it. The
 * English chapters are ones no question is answered in, in any language. Read as HTML with the
 * tags stripped.
 *
 * `--set all`: both.
 *
 *   node scripts/fetch-dev.mjs [--set crowded|languages|all]
 *   npm run eval -- --questions eval/dev/questions/crowded-library.json
 *   npm run eval -- --questions eval/dev/questions/languages-dev.json
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureTool, unpackDebian } from './lib/debian.mjs';

// The PDFs' text (to check each expected passage is in its document) comes from poppler's pdftotext.
ensureTool('pdftotext', 'poppler-utils');

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

/**
 * The two-language library: every HTML page of a folder, as the package ships them, but for the
 * pages that are no chapter (`skip`): the Developer's Reference's whole book on one page, which
 * would hold every answer twice, and its search form. English: only the chapters in `only`.
 * The GPL, as each package's copyright file says.
 */
export const LANGUAGE_LIBRARY = [
  {
    pkg: 'developers-reference-de',
    from: 'usr/share/developers-reference/de',
    to: 'languages/de',
    skip: ['developers-reference.html', 'search.html'],
  },
  { pkg: 'debian-faq-fr', from: 'usr/share/doc/debian/FAQ/fr', to: 'languages/fr' },
  {
    pkg: 'developers-reference',
    from: 'usr/share/developers-reference',
    to: 'languages/en',
    only: ['scope.html', 'new-maintainer.html', 'l10n.html'],
  },
];

const SETS = {
  crowded: { questions: 'crowded-library.json' },
  languages: { questions: 'languages-dev.json' },
};

const arg = process.argv.indexOf('--set');
const chosen = arg === -1 ? 'crowded' : process.argv[arg + 1];
if (chosen !== 'all' && !SETS[chosen]) {
  console.error(`--set takes ${Object.keys(SETS).join(', ')} or all, not "${chosen}"`);
  process.exit(2);
}

const unpack = (pkg) => unpackDebian(pkg, CACHE, console.error);

const plain = (text) => text.replace(/\s+/g, ' ').toLowerCase();

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** An HTML page's text: scripts and styles dropped, tags stripped, entities read. */
const htmlText = (html) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) =>
      e[0] !== '#'
        ? (ENTITIES[e.toLowerCase()] ?? m)
        : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
    );

/** Copies the crowded library's PDFs; returns each one's text by its path under docs/. */
function fetchCrowded() {
  for (const doc of DEV_DOCS) {
    const target = join(ROOT, 'docs', doc.to);
    mkdirSync(dirname(target), { recursive: true });
    if (!existsSync(target)) copyFileSync(join(unpack(doc.pkg), doc.from), target);
  }
  return new Map(
    DEV_DOCS.map((d) => [
      d.to,
      plain(execFileSync('pdftotext', [join(ROOT, 'docs', d.to), '-'], { maxBuffer: 256 << 20 }).toString()),
    ]),
  );
}

/** Copies the two-language library's pages; returns each one's text by its path under docs/. */
function fetchLanguages() {
  const texts = new Map();
  for (const part of LANGUAGE_LIBRARY) {
    const source = join(unpack(part.pkg), part.from);
    const pages = readdirSync(source)
      .filter((f) => f.endsWith('.html') && !part.skip?.includes(f) && (!part.only || part.only.includes(f)))
      .sort();
    if (part.only && pages.length !== part.only.length) {
      console.error(`${part.pkg} lacks some of ${part.only.join(', ')}`);
      process.exit(1);
    }
    mkdirSync(join(ROOT, 'docs', part.to), { recursive: true });
    for (const page of pages) {
      const to = join(part.to, page);
      const target = join(ROOT, 'docs', to);
      if (!existsSync(target)) copyFileSync(join(source, page), target);
      texts.set(to, plain(htmlText(readFileSync(target, 'utf8'))));
    }
    console.error(`${part.pkg}: ${pages.length} pages in ${join(ROOT, 'docs', part.to)}`);
  }
  return texts;
}

const FETCH = { crowded: fetchCrowded, languages: fetchLanguages };

let failed = false;
for (const name of chosen === 'all' ? Object.keys(SETS) : [chosen]) {
  const texts = FETCH[name]();
  const { cases } = JSON.parse(readFileSync(join(ROOT, 'questions', SETS[name].questions), 'utf8'));
  // The crowded library's PDFs need one expected string of a case; the HTML pages need every one.
  const found = (c, e) => texts.get(c.doc)?.includes(plain(e));
  const absent = cases.filter((c) =>
    name === 'crowded' ? !c.expect.some((e) => found(c, e)) : !c.expect.every((e) => found(c, e)),
  );
  for (const c of absent) {
    const missing = c.expect.filter((e) => !found(c, e));
    console.error(`no expected string of "${c.query}" in ${c.doc}: ${missing.join(' | ')}`);
  }
  console.error(`${name}: ${cases.length} questions over ${texts.size} documents in ${join(ROOT, 'docs')}`);
  if (absent.length) failed = true;
}
if (failed) process.exit(1);
