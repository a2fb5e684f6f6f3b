#!/usr/bin/env node
/**
 * Fetches the documents of the held-out question set (eval/heldout/questions/everyday-qa.json)
 * from Debian packages by name, into eval/heldout/docs/ (not committed), and checks that every
 * expected string occurs in its document. These packages are never training data: the model
 * builder refuses them (scripts/build-model.mjs, HELD_OUT).
 *
 *   node scripts/fetch-heldout.mjs
 *   npm run eval -- --questions eval/heldout/questions/everyday-qa.json
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = 'eval/heldout';
const CACHE = join('node_modules', '.cache', 'carrel-heldout');

/** Where each document comes from: package, path inside it, and how it is placed (as is, or a manual page as text). */
export const HELD_OUT_DOCS = [
  { pkg: 'git-doc', from: 'usr/share/doc/git-doc/gitignore.html', to: 'git/gitignore.html' },
  { pkg: 'git-doc', from: 'usr/share/doc/git-doc/git-stash.html', to: 'git/git-stash.html' },
  { pkg: 'sqlite3-doc', from: 'usr/share/doc/sqlite3/lang_datefunc.html', to: 'sqlite/lang_datefunc.html' },
  { pkg: 'sqlite3-doc', from: 'usr/share/doc/sqlite3/cli.html', to: 'sqlite/cli.html' },
  { pkg: 'rsync', from: 'usr/share/man/man1/rsync.1.gz', to: 'man/rsync.txt', man: true },
  { pkg: 'tmux', from: 'usr/share/man/man1/tmux.1.gz', to: 'man/tmux.txt', man: true },
];

function unpack(pkg) {
  const dir = join(CACHE, pkg);
  if (existsSync(join(dir, 'usr'))) return dir;
  mkdirSync(dir, { recursive: true });
  execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const deb = readdirSync(dir).find((f) => f.endsWith('.deb'));
  execFileSync('dpkg-deb', ['-x', join(dir, deb), dir]);
  console.error(`${pkg}: ${deb}`);
  return dir;
}

/** A manual page as a person reads it in a terminal: 80 columns, no justification or hyphenation, no overstrikes or tabs. */
function renderMan(path) {
  const text = execFileSync('man', ['--nj', '--nh', '-l', path], {
    env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '' },
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return execFileSync('col', ['-bx'], { input: text, maxBuffer: 64 << 20 }).toString();
}

const plain = (text) =>
  text
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#8217;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ')
    .toLowerCase();

for (const doc of HELD_OUT_DOCS) {
  const source = join(unpack(doc.pkg), doc.from);
  const target = join(ROOT, 'docs', doc.to);
  mkdirSync(dirname(target), { recursive: true });
  if (doc.man) writeFileSync(target, renderMan(source));
  else copyFileSync(source, target);
}

const { cases } = JSON.parse(readFileSync(join(ROOT, 'questions', 'everyday-qa.json'), 'utf8'));
const texts = new Map(HELD_OUT_DOCS.map((d) => [d.to, plain(readFileSync(join(ROOT, 'docs', d.to), 'utf8'))]));
const absent = cases.filter(
  (c) => !c.expect.some((e) => texts.get(c.doc)?.includes(e.toLowerCase().replace(/\s+/g, ' '))),
);
for (const c of absent) console.error(`no expected string of "${c.query}" in ${c.doc}: ${c.expect.join(' | ')}`);
console.error(`${cases.length} questions over ${HELD_OUT_DOCS.length} documents in ${join(ROOT, 'docs')}`);
if (absent.length) process.exit(1);
