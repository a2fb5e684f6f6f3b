#!/usr/bin/env node
/**
 * Fetches the documents of the held-out question sets from Debian packages by name, into each
 * set's docs/ folder (not committed), and checks that every expected string occurs in its
 * document. These packages are never training data: the model builder refuses them
 * (scripts/model/mine-pairs.mjs, NEVER_TRAIN).
 *
 *   node scripts/fetch-heldout.mjs [--set everyday|languages|library-scale|man-pages|across-debian|long-pages|across-german|own-words|own-words-2|own-words-3]   (every set by default)
 *   npm run eval -- --questions eval/heldout/questions/everyday-qa.json
 *   npm run eval -- --questions eval/languages/questions/languages-qa.json
 *   npm run eval -- --questions eval/library-scale/questions/big-manual-qa.json
 *   npm run eval -- --questions eval/man-pages/questions/man-pages-qa.json
 *   npm run eval -- --questions eval/across-debian/questions/across-debian-qa.json
 *   npm run eval -- --questions eval/long-pages/questions/long-pages-qa.json
 *   npm run eval -- --questions eval/across-german/questions/across-german-qa.json
 *   npm run eval -- --questions eval/own-words/questions/own-words-qa.json
 *   npm run eval -- --questions eval/own-words-2/questions/own-words-2-qa.json
 *   npm run eval -- --questions eval/own-words-3/questions/own-words-3-qa.json
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { ensureTool, unpackDebian } from './lib/debian.mjs';

// The PDFs' text (to check each expected passage is in its document) comes from poppler's pdftotext.
ensureTool('pdftotext', 'poppler-utils');

const CACHE = join('node_modules', '.cache', 'carrel-heldout');
const GUIDE = 'usr/share/doc/installation-guide-amd64';

/** A page of Debian's installation guide in one language, named so that languages never share a name. */
const guide = (lang, page) => ({
  pkg: 'installation-guide-amd64',
  from: `${GUIDE}/${lang}/${page}.html`,
  to: `${lang}/install-${page}.html`,
});

/**
 * Every chapter and appendix page of the guide, each in one language: the pages the languages set
 * asks about in their own language, the others German and French in turn, in the guide's order.
 */
function wholeGuide() {
  const asked = LANGUAGE_PAGES;
  const pages = readdirSync(join(unpack('installation-guide-amd64'), GUIDE, 'de'))
    .filter((name) => /^(ch|ap)\w+\.html$/.test(name))
    .map((name) => name.replace(/\.html$/, ''))
    .sort();
  let turn = 0;
  return [
    ...pages.map((page) => {
      const lang = asked.de.includes(page) ? 'de' : asked.fr.includes(page) ? 'fr' : turn++ % 2 ? 'fr' : 'de';
      return guide(lang, page);
    }),
    {
      pkg: 'gimp-help-de',
      from: 'usr/share/gimp/2.0/help/de/gimp-concepts-undo.html',
      to: 'de/gimp-concepts-undo.html',
    },
    ...['ch08s04', 'apds04'].map((page) => guide('en', page)),
  ];
}

/** The guide's pages the languages set asks about, by the language they are fetched in. */
const LANGUAGE_PAGES = {
  de: ['ch03s02', 'ch04s03', 'ch07s02', 'ch08s01', 'ch08s06', 'apcs01'],
  fr: ['ch02s05', 'ch03s05', 'ch04s07', 'ch05s02', 'ch06s04', 'ch07s03', 'apcs02'],
};

/** Each set: its folder, its question file, and where each document comes from (package, path inside it, how it is placed). */
export const HELD_OUT_SETS = {
  everyday: {
    root: 'eval/heldout',
    questions: 'everyday-qa.json',
    docs: [
      { pkg: 'git-doc', from: 'usr/share/doc/git-doc/gitignore.html', to: 'git/gitignore.html' },
      { pkg: 'git-doc', from: 'usr/share/doc/git-doc/git-stash.html', to: 'git/git-stash.html' },
      { pkg: 'sqlite3-doc', from: 'usr/share/doc/sqlite3/lang_datefunc.html', to: 'sqlite/lang_datefunc.html' },
      { pkg: 'sqlite3-doc', from: 'usr/share/doc/sqlite3/cli.html', to: 'sqlite/cli.html' },
      { pkg: 'rsync', from: 'usr/share/man/man1/rsync.1.gz', to: 'man/rsync.txt', man: true },
      { pkg: 'tmux', from: 'usr/share/man/man1/tmux.1.gz', to: 'man/tmux.txt', man: true },
    ],
  },
  // German and French pages on different topics, and two unrelated English pages beside them.
  languages: {
    root: 'eval/languages',
    questions: 'languages-qa.json',
    docs: [
      ...LANGUAGE_PAGES.de.map((page) => guide('de', page)),
      {
        pkg: 'gimp-help-de',
        from: 'usr/share/gimp/2.0/help/de/gimp-concepts-undo.html',
        to: 'de/gimp-concepts-undo.html',
      },
      ...LANGUAGE_PAGES.fr.map((page) => guide('fr', page)),
      ...['ch08s04', 'apds04'].map((page) => guide('en', page)),
    ],
  },
  // The same questions in a library of the whole installation guide: each of its pages in German or
  // in French (never both), so every topic has neighbours in its own language.
  'languages-library': {
    root: 'eval/languages-library',
    questions: 'languages-library-qa.json',
    docs: wholeGuide, // listed from the package, so only when this set is fetched
  },
  // Manual pages saved as text, with sections, subsections and options: how the plain-text parser reads their layout.
  'man-pages': {
    root: 'eval/man-pages',
    questions: 'man-pages-qa.json',
    docs: [
      { pkg: 'ncdu', from: 'usr/share/man/man1/ncdu.1.gz', to: 'ncdu.txt', man: true },
      { pkg: 'fzf', from: 'usr/share/man/man1/fzf.1.gz', to: 'fzf.txt', man: true },
      { pkg: 'lftp', from: 'usr/share/man/man1/lftp.1.gz', to: 'lftp.txt', man: true },
      { pkg: 'aria2', from: 'usr/share/man/man1/aria2c.1.gz', to: 'aria2c.txt', man: true },
    ],
  },
  // One 1,158-page manual beside four small ones.
  'library-scale': {
    root: 'eval/library-scale',
    questions: 'big-manual-qa.json',
    docs: [
      { pkg: 'octave-doc', from: 'usr/share/doc/octave/octave.pdf', to: 'octave.pdf', pdf: true },
      { pkg: 'htop', from: 'usr/share/man/man1/htop.1.gz', to: 'htop.txt', man: true },
      { pkg: 'zstd', from: 'usr/share/man/man1/zstd.1.gz', to: 'zstd.txt', man: true },
      { pkg: 'jq', from: 'usr/share/man/man1/jq.1.gz', to: 'jq.txt', man: true },
      { pkg: 'screen', from: 'usr/share/man/man1/screen.1.gz', to: 'screen.txt', man: true },
    ],
  },
  // English user documentation of four programs (a backup tool's manual and another's FAQ, a feed
  // reader's manual, a mail client's "Getting Started" chapter), asked about in German and French.
  'across-debian': {
    root: 'eval/across-debian',
    questions: 'across-debian-qa.json',
    docs: [
      {
        pkg: 'luckybackup-data',
        from: 'usr/share/doc/luckybackup/manual/index.html',
        to: 'luckybackup-manual.html',
      },
      { pkg: 'borgbackup-doc', from: 'usr/share/doc/borgbackup/html/faq.html', to: 'borg-faq.html' },
      { pkg: 'newsboat', from: 'usr/share/doc/newsboat/newsboat.html', to: 'newsboat.html' },
      { pkg: 'mutt', from: 'usr/share/doc/mutt/html/gettingstarted.html', to: 'mutt-gettingstarted.html' },
    ],
  },
  // Four long manual pages (1,262 to 3,262 lines as `man` prints them, long option lists) saved as text:
  // a video converter, an audio tool, an image viewer and a file manager.
  'long-pages': {
    root: 'eval/long-pages',
    questions: 'long-pages-qa.json',
    docs: [
      { pkg: 'ffmpeg', from: 'usr/share/man/man1/ffmpeg.1.gz', to: 'ffmpeg.txt', man: true },
      { pkg: 'sox', from: 'usr/share/man/man1/sox.1.gz', to: 'sox.txt', man: true },
      { pkg: 'feh', from: 'usr/share/man/man1/feh.1.gz', to: 'feh.txt', man: true },
      { pkg: 'ranger', from: 'usr/share/man/man1/ranger.1.gz', to: 'ranger.txt', man: true },
    ],
  },
  // English and German user documentation of four programs, each asked about in the other language:
  // an IRC client's FAQ and a strategy game's manual in German (English questions), a calendar's
  // manual and a mail fetcher's FAQ in English (German questions).
  'across-german': {
    root: 'eval/across-german',
    questions: 'across-german-qa.json',
    docs: [
      {
        pkg: 'weechat-doc',
        from: 'usr/share/doc/weechat-doc/html/weechat_faq.de.html',
        to: 'weechat-faq-de.html',
      },
      {
        pkg: 'wesnoth-1.16-data',
        from: 'usr/share/doc/wesnoth-1.16-data/manual.de.html',
        to: 'wesnoth-manual-de.html',
      },
      { pkg: 'calcurse', from: 'usr/share/doc/calcurse/manual.html', to: 'calcurse-manual.html' },
      { pkg: 'fetchmail', from: 'usr/share/doc/fetchmail/fetchmail-FAQ.html', to: 'fetchmail-faq.html' },
    ],
  },
  // German and French user documentation of four programs, asked about in its own language in a
  // person's own words, and in English: a text editor's tutorial and a video player's FAQ in German,
  // a children's drawing program's FAQ and a strategy game's README in French.
  'own-words': {
    root: 'eval/own-words',
    questions: 'own-words-qa.json',
    docs: [
      {
        pkg: 'emacs-common',
        from: 'usr/share/emacs/28.2/etc/tutorials/TUTORIAL.de',
        to: 'emacs-tutorial-de.txt',
      },
      { pkg: 'mplayer-doc', from: 'usr/share/doc/mplayer/HTML/de/faq.html', to: 'mplayer-faq-de.html' },
      {
        pkg: 'tuxpaint-data',
        from: 'usr/share/doc/tuxpaint-data/fr_FR.UTF-8/html/FAQ.html',
        to: 'tuxpaint-faq-fr.html',
      },
      {
        pkg: 'freeciv-data',
        from: 'usr/share/doc/freeciv-data/README.fr.gz',
        to: 'freeciv-readme-fr.txt',
        gz: true,
      },
    ],
  },
  // A second such set over four other programs' German and French user documentation: a LaTeX
  // editor's manual and a chapter of a personal finance program's manual in French, a computer
  // algebra front end's manual and a music tagger's handbook in German.
  'own-words-2': {
    root: 'eval/own-words-2',
    questions: 'own-words-2-qa.json',
    docs: [
      {
        pkg: 'texmaker-data',
        from: 'usr/share/texmaker/usermanual_fr.html',
        to: 'texmaker-manual-fr.html',
      },
      {
        pkg: 'grisbi-common',
        from: 'usr/share/doc/grisbi/fr/grisbi-manuel009.html',
        to: 'grisbi-operations-fr.html',
      },
      { pkg: 'wxmaxima', from: 'usr/share/doc/wxmaxima/wxmaxima.de.html', to: 'wxmaxima-manual-de.html' },
      { pkg: 'kid3-qt', from: 'usr/share/doc/kid3-qt/kid3_de.html', to: 'kid3-handbook-de.html' },
    ],
  },
  // A third such set over four more programs' and projects' French and German user documentation: a
  // file manager's manual and a text editor's tutorial in French, a music engraver's usage manual and
  // a school network distribution's manual in German.
  'own-words-3': {
    root: 'eval/own-words-3',
    questions: 'own-words-3-qa.json',
    docs: [
      { pkg: 'rox-filer', from: 'usr/share/doc/rox-filer/html/Manual-fr.html', to: 'rox-filer-manual-fr.html' },
      { pkg: 'vim-runtime', from: 'usr/share/vim/vim90/tutor/tutor.fr.utf-8', to: 'vim-tutor-fr.txt' },
      {
        pkg: 'lilypond-doc-html-de',
        from: 'usr/share/doc/lilypond/html/Documentation/usage-big-page.de.html',
        to: 'lilypond-usage-de.html',
      },
      {
        pkg: 'debian-edu-doc-de',
        from: 'usr/share/doc/debian-edu-doc-de/debian-edu-bookworm-manual.html',
        to: 'debian-edu-manual-de.html',
      },
    ],
  },
};

const unpack = (pkg) => unpackDebian(pkg, CACHE, console.error);

/** A manual page as a person reads it in a terminal: 80 columns, no justification or hyphenation, no overstrikes or tabs. */
function renderMan(path) {
  const text = execFileSync('man', ['--nj', '--nh', '-l', path], {
    env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '' },
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return execFileSync('col', ['-bx'], { input: text, maxBuffer: 64 << 20 }).toString();
}

const ENTITIES = { quot: '"', amp: '&', lt: '<', gt: '>', nbsp: ' ', rsquo: '’', lsquo: '‘', laquo: '«', raquo: '»' };

/** The text of a document, lowercased with its whitespace collapsed, to look the expected strings up in. */
function plain(path) {
  if (path.endsWith('.pdf'))
    return execFileSync('pdftotext', [path, '-'], { maxBuffer: 256 << 20 })
      .toString()
      .replace(/\s+/g, ' ')
      .toLowerCase();
  const raw = readFileSync(path, 'utf8');
  if (!path.endsWith('.html')) return raw.replace(/\s+/g, ' ').toLowerCase();
  // Inline tags join the text around them ("<kbd>Strg</kbd>+<kbd>Z</kbd>" reads "Strg+Z"); block tags separate it.
  return raw
    .replace(/<\/?(p|div|h\d|li|ul|ol|br|tr|td|th|dt|dd|pre|table)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&(\w+);/g, (entity, name) => ENTITIES[name] ?? entity)
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

function fetchSet(name) {
  const { root, questions } = HELD_OUT_SETS[name];
  const docs = typeof HELD_OUT_SETS[name].docs === 'function' ? HELD_OUT_SETS[name].docs() : HELD_OUT_SETS[name].docs;
  for (const doc of docs) {
    const source = join(unpack(doc.pkg), doc.from);
    const target = join(root, 'docs', doc.to);
    mkdirSync(dirname(target), { recursive: true });
    if (doc.man) writeFileSync(target, renderMan(source));
    else if (doc.gz) writeFileSync(target, gunzipSync(readFileSync(source)));
    else copyFileSync(source, target);
  }
  const { cases } = JSON.parse(readFileSync(join(root, 'questions', questions), 'utf8'));
  const texts = new Map(docs.map((d) => [d.to, plain(join(root, 'docs', d.to))]));
  const absent = cases.filter(
    (c) => !c.expect.some((e) => texts.get(c.doc)?.includes(e.toLowerCase().replace(/\s+/g, ' '))),
  );
  for (const c of absent) console.error(`no expected string of "${c.query}" in ${c.doc}: ${c.expect.join(' | ')}`);
  console.error(`${name}: ${cases.length} questions over ${docs.length} documents in ${join(root, 'docs')}`);
  return absent.length === 0;
}

const { values } = parseArgs({ options: { set: { type: 'string' } } });
if (values.set && !HELD_OUT_SETS[values.set]) {
  console.error(`unknown set ${values.set}; one of ${Object.keys(HELD_OUT_SETS).join(', ')}`);
  process.exit(2);
}
const sets = values.set ? [values.set] : Object.keys(HELD_OUT_SETS);
const complete = sets.map(fetchSet).every(Boolean);
if (!complete) process.exit(1);
