/**
 * Word translations learned from translated interface strings (scripts/languages/gettext.mjs):
 * IBM Model 1 (scripts/model/ibm1.mjs) over the English ↔ language entries of the gettext
 * catalogues of the packages in CATALOGUES gives t(English word | word of the language). These
 * are the senses software uses ("serveur" → server, "trier" → sort, "requête" → request), which
 * complete the general dictionaries of build-languages.mjs.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { refuseNeverTrain } from '../model/mine-pairs.mjs';
import { trainModel1, prune } from '../model/ibm1.mjs';
import { unpackDebian } from '../lib/debian.mjs';
import { foldWord, isWord } from './dictd.mjs';
import { catalogueEntries } from './gettext.mjs';

/**
 * Debian packages whose catalogues are read, with the licence of their translations (a
 * catalogue is distributed under its program's licence). Only licences that let the tables be
 * shipped under the GPL, version 3 or later: GPL-2+, GPL-3+, LGPL, MIT/BSD-style; a catalogue
 * under the GPL version 2 only (e2fsprogs, util-linux, pan) is left out. Programs whose
 * documentation is evaluation material (R, PostgreSQL, Python, Node.js, Git, Bash…) are not read:
 * the never-train list refuses them, and none is listed here. Nor is GIMP: its manual (gimp-help-*)
 * is held-out material, and it quotes the interface's translated words.
 */
export const CATALOGUES = Object.entries({
  'GPL-3+': `
    coreutils findutils grep sed tar diffutils cpio wget make gettext binutils-common parted
    gnupg-l10n texinfo nano grub-common mc-data blueman dconf-editor simple-scan darktable
    balsa-data claws-mail-i18n nautilus-data gnome-terminal-data accountsservice`,
  'GPL-2+': `
    dpkg apt aptitude-common procps psmisc inkscape audacity-data baobab cheese-common
    filezilla-common geany-common gnome-calculator gnome-disk-utility gnome-maps
    gnome-software-common gnome-weather gnucash-common gnumeric-common gparted-common
    hexchat-common kdenlive-data konsole gwenview k3b-i18n digikam-data dolphin libsane-common
    meld pavucontrol pidgin-data remmina-common ristretto shotwell-common vlc-l10n
    xfce4-terminal yelp evince-common gedit-common rhythmbox-data seahorse synaptic thunar-data
    totem-common mousepad parole brasero-common mutter-common gnome-shell-common network-manager
    packagekit udisks2`,
  'LGPL-2+': `
    libc-l10n libglib2.0-data libgtk-3-common libgtk-4-common glib-networking-common
    gnome-control-center-data gnome-keyring gvfs-common file-roller flatpak fwupd gnome-boxes
    gnome-sound-recorder gnome-text-editor libgphoto2-l10n libgweather-4-common iso-codes
    evolution-common zenity-common`,
  'MIT/BSD': `
    debconf-i18n xkb-data`,
}).flatMap(([licence, packages]) =>
  packages
    .split(/\s+/)
    .filter(Boolean)
    .map((pkg) => ({ pkg, licence })),
);

/** The catalogue folders of each table language. */
export const LOCALES = { de: ['de'], fr: ['fr'], es: ['es'], it: ['it'], pt: ['pt', 'pt_BR'], nl: ['nl'] };

/** English words that translate no word of their own (articles, auxiliaries, pronouns…). */
const ENGLISH_FUNCTION = new Set(
  `a an the of to in on at by for from with and or but not no nor is are was were be been being am it its
  this that these those as if then than so do does did done has have had having can could will would shall
  should may might must you your yours we our they their them he she his her him i me my mine all any each
  some such there here which who whom whose what when where why how into onto out up off over under via
  per s t let lets also only just very too`.split(/\s+/),
);

/** Words of a string: letters and digits, as the model's tokenizer cuts them. */
const words = (text) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
/** Longer entries (whole help texts) say little about which word renders which. */
const MAX_WORDS = 40;

/**
 * The entries of the catalogues in `locales`, each English ↔ translation once.
 * @param {string} cache
 * @param {string[]} locales
 */
export function cataloguePairs(cache, locales) {
  const seen = new Set();
  const pairs = [];
  for (const { pkg } of CATALOGUES) {
    refuseNeverTrain(pkg);
    const root = unpackDebian(pkg, cache);
    for (const locale of locales)
      for (const entry of catalogueEntries(root, locale)) {
        const key = `${entry.english}\u0000${entry.translated}`;
        if (seen.has(key)) continue;
        seen.add(key);
        pairs.push(entry);
      }
  }
  return pairs;
}

/**
 * word of the language → English word of the model → t(English | word), learned from `pairs`.
 * A word must turn up in `minCount` entries at least; translations below `minP` are dropped.
 * @param {{english: string, translated: string}[]} pairs
 * @param {Map<string, number>} vocab the model's English words
 */
export function catalogueScores(pairs, vocab, { minCount = 3, minP = 0.15, iterations = 5 } = {}) {
  const sourceIds = new Map();
  const sourceWords = [''];
  const targetIds = new Map();
  const targetWords = [''];
  const id = (ids, list, word) => {
    let n = ids.get(word);
    if (n === undefined) ids.set(word, (n = list.push(word) - 1));
    return n;
  };
  const seenIn = new Map();
  const training = [];
  for (const { english, translated } of pairs) {
    const source = words(translated).map(foldWord);
    const target = words(english).map((w) => w.toLowerCase());
    if (!source.length || !target.length || source.length > MAX_WORDS || target.length > MAX_WORDS) continue;
    const sources = [...new Set(source)].map((w) => id(sourceIds, sourceWords, w));
    for (const s of sources) seenIn.set(s, (seenIn.get(s) ?? 0) + 1);
    const counts = new Map();
    for (const w of target) {
      const t = id(targetIds, targetWords, w);
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    training.push({ source: sources, target: [...counts.keys()], counts: [...counts.values()] });
  }
  const model = trainModel1(training, { targets: targetWords.length, iterations });
  const scores = new Map();
  for (const [source, list] of prune(model, { top: 5, min: minP })) {
    const word = sourceWords[source];
    if (!isWord(word) || (seenIn.get(source) ?? 0) < minCount) continue;
    // A word that renders an English function word first ("le" → the) is a function word itself.
    if (ENGLISH_FUNCTION.has(targetWords[list[0].target])) continue;
    const row = new Map();
    for (const { target, p } of list) {
      const english = targetWords[target];
      if (vocab.has(english) && !ENGLISH_FUNCTION.has(english)) row.set(english, p);
    }
    if (row.size) scores.set(word, row);
  }
  return scores;
}

/**
 * The third-party notice of the catalogues read: each package with the version fetched (from its
 * .deb's name) and the licence of its translations.
 * @param {string} cache
 */
export function catalogueNotice(cache) {
  const rows = CATALOGUES.map(({ pkg, licence }) => {
    const deb = readdirSync(join(cache, pkg)).find((f) => f.endsWith('.deb')) ?? '';
    const version = decodeURIComponent(deb.split('_')[1] ?? '?');
    return `| \`${pkg}\` | ${version} | ${licence} |`;
  });
  return [
    '# Interface catalogues read into the language tables',
    '',
    'Made by `npm run build:languages` (scripts/languages/catalogue-table.mjs); see LICENSE.md.',
    "Each package's translations are © their translators and the program's authors, as its",
    '`/usr/share/doc/<package>/copyright` says; the source is the Debian source package',
    '(`apt-get source <package>`).',
    '',
    '| Debian package | version | licence of its translations |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
