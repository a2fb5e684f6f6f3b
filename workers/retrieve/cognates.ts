/**
 * English spellings a German or French word may have as a cognate, for the words the language
 * tables lack: their dictionaries list "Kommentar" but not "kommentieren", and French "vecteur" not
 * at all, while the word is plainly "comment", "vector". The regular correspondences of the two
 * languages' borrowed vocabulary with English ("-ieren" verbs, a German "k" for a Latin "c", a
 * doubled last consonant English writes once; French "-eur", "-ique", "-ité") give a few candidate
 * spellings. They are only searched for in the keyword leg, where a spelling no document holds
 * matches nothing (bm25 skips terms it has never seen).
 */

type Rule = readonly [from: RegExp, to: string];

const RULES: Partial<Record<string, readonly Rule[]>> = {
  de: [
    // Verbs in -ieren, in any common form: "sortiere", "installiert", "definieren".
    [/ier(?:e|en|st|t|te|ten|end)?$/, ''],
    [/ier(?:e|en|st|t|te|ten|end)?$/, 'e'],
    [/itat(?:en)?$/, 'ity'],
    [/isch(?:e|en|er|es)?$/, 'ic'],
    [/ismus$/, 'ism'],
    [/ell(?:e|en|er|es)?$/, 'al'],
    [/iv(?:e|en|er|es)?$/, 'ive'],
    [/ie(?:n)?$/, 'y'],
    // "Statistik", "Musik"; "Struktur", "Temperatur"; "Referenz", "Instanz".
    [/ik(?:en)?$/, 'ic'],
    [/ik(?:en)?$/, 'ics'],
    [/ur(?:en)?$/, 'ure'],
    [/enz(?:en)?$/, 'ence'],
    [/anz(?:en)?$/, 'ance'],
  ],
  fr: [
    [/eurs?$/, 'or'],
    [/eurs?$/, 'er'],
    [/iques?$/, 'ic'],
    [/ites?$/, 'ity'],
    [/is(?:er|e|ee|ees|es|ez)$/, 'ize'],
    [/isations?$/, 'ization'],
    [/ies?$/, 'y'],
    [/aires?$/, 'ary'],
    [/(?:el|elle)s?$/, 'al'],
    [/ifs?$/, 'ive'],
    [/eux$/, 'ous'],
    [/(?:er|e|es|ee|ees)$/, ''],
    [/(?:er|e|es|ee|ees)$/, 'e'],
    [/irs?$/, 'e'],
  ],
};

/** Shortest stem a rule may leave: "vie" must not become "vy". */
const MIN_STEM = 3;

/**
 * A doubled last consonant, which English writes once, with the ending a plural, a case or French
 * spelling puts after it: "Programm", "Modelle", "histogramme" → "program", "model", "histogram".
 */
const DOUBLED = /([b-df-hj-np-tv-z])\1(?:e|en|n|s|es)?$/;

/**
 * Candidate English spellings of a folded `word` of `lang` (German or French), likeliest first;
 * none for other languages.
 */
export function cognates(word: string, lang: string): string[] {
  const rules = RULES[lang];
  if (!rules) return [];
  // German writes a "k" where English keeps a Latin "c": "Klasse", "Kommentar", "Konfiguration",
  // and a "kt" for its "ct": "Objekt", "Struktur".
  const spellings = [word];
  if (lang === 'de' && word.startsWith('k')) spellings.push(`c${word.slice(1)}`);
  if (lang === 'de' && word.includes('kt')) spellings.push(...spellings.map((s) => s.replaceAll('kt', 'ct')));
  const out = new Set<string>();
  const add = (spelling: string) => {
    out.add(spelling);
    const doubled = DOUBLED.exec(spelling);
    if (doubled && doubled.index >= MIN_STEM) out.add(spelling.slice(0, doubled.index) + doubled[1]);
  };
  for (const spelling of spellings) {
    add(spelling);
    for (const [from, to] of rules) {
      const match = from.exec(spelling);
      if (!match || match.index < MIN_STEM) continue;
      add(spelling.slice(0, match.index) + to);
    }
  }
  out.delete(word);
  return [...out];
}
