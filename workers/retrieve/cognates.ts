/**
 * English spellings a German or French word may have as a cognate, for the words the language
 * tables lack: their dictionaries list "Kommentar" but not "kommentieren", and French "vecteur" not
 * at all, while the word is plainly "comment", "vector". The regular correspondences of the two
 * languages' borrowed vocabulary with English ("-ieren" verbs, a German "k" for a Latin "c"; French
 * "-eur", "-ique", "-ité") give a few candidate spellings. They are only searched for in the keyword
 * leg, where a spelling no document holds matches nothing (bm25 skips terms it has never seen).
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

/** Candidate English spellings of a folded `word` of `lang` (German or French), none for other languages. */
export function cognates(word: string, lang: string): string[] {
  const rules = RULES[lang];
  if (!rules) return [];
  // German writes a "k" where English keeps a Latin "c": "Klasse", "Kommentar", "Konfiguration".
  const spellings = lang === 'de' && word.startsWith('k') ? [word, `c${word.slice(1)}`] : [word];
  const out = new Set<string>();
  for (const spelling of spellings) {
    if (spelling !== word) out.add(spelling);
    for (const [from, to] of rules) {
      const match = from.exec(spelling);
      if (!match || match.index < MIN_STEM) continue;
      out.add(spelling.slice(0, match.index) + to);
    }
  }
  out.delete(word);
  return [...out];
}
