/**
 * The languages the keyword analyser knows beside English: a Snowball stemmer and a stop-word list
 * each (@orama/stemmers, @orama/stopwords, Apache-2.0; docs/languages.md), loaded only when the
 * library or a question needs them, so an English-only library loads nothing more.
 *
 * English is not here: its analyser (Porter stems, the classic stop list) is analyzer.ts's own and
 * stays as it was. A language with no analyser here (Swedish, Russian…) is analysed as English,
 * which is what every document was before languages were told apart.
 */

/** ISO 639-1 codes with an analyser of their own. */
export const ANALYSED = ['de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
export type AnalysedLanguage = (typeof ANALYSED)[number];

export interface LanguageData {
  stem: (word: string) => string;
  stopwords: ReadonlySet<string>;
}

/** The data of each language, as its own small chunks (about 2 KB + 1 KB gzipped each). */
const LOADERS: Record<AnalysedLanguage, () => Promise<[{ stemmer: (w: string) => string }, { stopwords: string[] }]>> =
  {
    de: () => Promise.all([import('@orama/stemmers/german'), import('@orama/stopwords/german')]),
    fr: () => Promise.all([import('@orama/stemmers/french'), import('@orama/stopwords/french')]),
    es: () => Promise.all([import('@orama/stemmers/spanish'), import('@orama/stopwords/spanish')]),
    it: () => Promise.all([import('@orama/stemmers/italian'), import('@orama/stopwords/italian')]),
    pt: () => Promise.all([import('@orama/stemmers/portuguese'), import('@orama/stopwords/portuguese')]),
    nl: () => Promise.all([import('@orama/stemmers/dutch'), import('@orama/stopwords/dutch')]),
  };

const loaded = new Map<AnalysedLanguage, LanguageData>();
const loading = new Map<AnalysedLanguage, Promise<void>>();

export function isAnalysed(lang: string | undefined): lang is AnalysedLanguage {
  return (ANALYSED as readonly string[]).includes(lang ?? '');
}

/**
 * The analyser a text in `lang` is read with: its own when it has one, else English ('en'). The
 * key documents and questions are compared by.
 */
export function analyserOf(lang: string | undefined): AnalysedLanguage | 'en' {
  return isAnalysed(lang) ? lang : 'en';
}

/** Accents and ligatures off, for matching ("Übersicht" and "Ubersicht", "écran" and "ecran"); shown text keeps them. */
export function fold(word: string): string {
  return /[^\p{ASCII}]/u.test(word)
    ? word
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/ß/g, 'ss')
        .replace(/œ/g, 'oe')
        .replace(/æ/g, 'ae')
        .replace(/ø/g, 'o')
    : word;
}

/** Loads the data of every analysed language among `langs` (English and others need none). */
/**
 * Question words, which the English list drops (how, what, when, where, which, who, why) and the
 * Snowball lists of the other languages mostly keep: in a question they say what kind of answer is
 * wanted, not what it is about, and a FAQ's headings ("Comment … ?") share them with every question.
 */
const QUESTION_WORDS: Record<AnalysedLanguage, string> = {
  de: 'wie was wann wo woher wohin warum wieso weshalb weswegen wer wen wem wessen welche welcher welches welchem welchen womit wozu wodurch worauf woran worin wobei',
  fr: 'comment pourquoi quand combien où quel quelle quels quelles lequel laquelle lesquels lesquelles qui que quoi',
  es: 'cómo qué cuándo dónde adónde cuál cuáles quién quiénes cuánto cuánta cuántos cuántas',
  it: 'come cosa quando dove perché chi quale quali quanto quanta quanti quante',
  pt: 'como quando onde porque porquê quem qual quais quanto quanta quantos quantas que',
  nl: 'hoe wat wanneer waar waarom wie welke welk waarmee waardoor waarvoor',
};

export async function loadLanguages(langs: Iterable<string | undefined>): Promise<void> {
  const wanted = [...new Set([...langs].map(analyserOf))].filter((lang): lang is AnalysedLanguage => lang !== 'en');
  await Promise.all(wanted.map(loadLanguage));
}

function loadLanguage(lang: AnalysedLanguage): Promise<void> {
  if (loaded.has(lang)) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then(([{ stemmer }, { stopwords }]) => {
      // Stop words as written and folded, so a question typed without accents drops them too.
      const all = [...stopwords, ...QUESTION_WORDS[lang].split(' ')];
      loaded.set(lang, { stem: stemmer, stopwords: new Set(all.flatMap((w) => [w, fold(w)])) });
    });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

/**
 * The language to read a text of `lang` in where its analyser may not be loaded (the page loads
 * them as results come): `lang` once loaded, else English, as `analyze` reads a language it has no
 * analyser for.
 */
export function readableAs(lang: string | undefined): string | undefined {
  return isAnalysed(lang) && loaded.has(lang) ? lang : undefined;
}

/** A loaded language's data; undefined before `loadLanguages` loaded it. */
export function languageData(lang: AnalysedLanguage): LanguageData | undefined {
  return loaded.get(lang);
}
