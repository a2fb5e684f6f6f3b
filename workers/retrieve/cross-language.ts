/**
 * The keyword leg across languages, through the built-in model's language tables
 * (workers/embed/language-tables.ts): a question in another language also looks for the English
 * words its words translate to, and a question in English (or another language) also looks for
 * the words of each language the library holds. Each brought-in word counts at a share of a typed
 * word's weight, like the lexicon's related words; it only adds, never replaces, what was typed.
 */
import { analyze } from '../../common/text/analyzer';
import { loadLanguages } from '../../common/text/languages';
import { FUNCTION_WORDS } from '../embed/function-words';
import {
  foldedWords,
  functionWordCounts,
  guessLanguage,
  hasTable,
  TABLE_LANGUAGES,
  type LanguageTable,
  type LanguageTables,
} from '../embed/language-tables';
import { cognates } from './cognates';
import commonWords from './common-words.json';
import type { RelatedWord } from './lexicon';

/** How many words of another language one typed word may bring in, per language. */
const PER_WORD = 3;

const ENGLISH_FUNCTION_WORDS = FUNCTION_WORDS.get('en')!;
const COMMON_ENGLISH = new Set(commonWords as string[]);

/** Whether a folded word is one of the thousand commonest English words. */
const isCommonEnglish = (word: string) => COMMON_ENGLISH.has(word);

/** Below this share of a question's words known to the model as English words, a question of keywords alone may be in another language. */
const ENGLISH_SHARE = 0.5;

/**
 * The language a question is asked in, for the built-in model's tables: by its function words, or
 * the tables already loaded (guessLanguage). When neither tells, two cases fetch tables to ask
 * them which language knows its words: its function words are all of other languages than
 * English but shared by several ("savoir si un chemin est absolu": "un" is French and Italian),
 * whose tables are fetched; or it has no function word at all and most of its words are not the
 * model's English words (`isEnglish`: "Ergebnis absteigend sortieren"), when every table is.
 * Decided once per question, so that its vector, its words in other languages and the keyword
 * leg's reading all take it as the same language.
 */
export async function askedLanguage(
  tables: LanguageTables,
  query: string,
  isEnglish?: (word: string) => boolean,
): Promise<string> {
  const guessed = guessLanguage(query, 'en', tables.loaded(), isCommonEnglish);
  if (guessed !== 'en') return guessed;
  const words = foldedWords(query);
  const counts = functionWordCounts(words);
  if (counts.get('en')) return 'en';
  const named = [...counts.keys()].filter((lang) => lang !== 'en' && hasTable(lang));
  if (named.length) return guessLanguage(query, 'en', await fetchTables(tables, named), isCommonEnglish);
  // A letter alone ("a", "y", "e") tells no language, and the model knows none: "plot a histogram"
  // fetched every table (3 MB, 0.5–0.9 s) in an English library.
  const telling = words.filter((word) => word.length > 1);
  const unknown = isEnglish ? telling.filter((word) => !isEnglish(word)).length : 0;
  if (counts.size > 0 || telling.length < 2 || unknown <= (1 - ENGLISH_SHARE) * telling.length) return 'en';
  return guessLanguage(query, 'en', await fetchTables(tables, TABLE_LANGUAGES), isEnglish);
}

async function fetchTables(tables: LanguageTables, langs: readonly string[]): Promise<LanguageTable[]> {
  const fetched = await Promise.all(langs.map((lang) => tables.get(lang)));
  return fetched.filter((table): table is LanguageTable => table !== null);
}

/**
 * A question's words in the library's other languages: the table of `lang`, the language it is
 * asked in (askedLanguage), fetched if it is not English, and the tables of the languages the
 * library holds (`held`, as its documents and passages store them), then `crossLanguageRelated`.
 * Held, not merely loaded: a table fetched for an earlier question in another language must not
 * make an English question in an English library look for words of that language.
 */
export async function queryTables(
  tables: LanguageTables,
  query: string,
  share: number,
  lang: string,
  held: Iterable<string>,
  ownShare = 0,
): Promise<RelatedWord[]> {
  const asked = lang === 'en' ? null : await tables.get(lang);
  const heldTables = await fetchTables(
    tables,
    [...held].filter((l) => l !== 'en'),
  );
  // Each language's words are analysed as its passages are, and the question's as it is asked:
  // their analysers must be in.
  await loadLanguages([...heldTables.map((table) => table.lang), ...(asked ? [asked.lang] : [])]);
  return crossLanguageRelated(query, asked, heldTables, share, ownShare);
}

/**
 * The words a question stands for in the other languages: `asked` is the table of the question's
 * own language (null for English), `held` the tables of the languages the library holds. An English
 * question's words in each of them; another language's in English (and its own, through English
 * and back, at `ownShare`), and in the others only when the library holds none of its own. The
 * analysers of these languages must be loaded (`loadLanguages`, as `queryTables` does).
 */
export function crossLanguageRelated(
  query: string,
  asked: LanguageTable | null,
  held: readonly LanguageTable[],
  share: number,
  ownShare = 0,
): RelatedWord[] {
  if (share <= 0) return [];
  const typed = new Set(analyze(query));
  const found: RelatedWord[] = [];
  const seen = new Set<string>();
  // A word is read as its language's texts are indexed: "installieren" is "installi" in a German
  // passage, "réseau" is "reseau" in a French one (English would keep both whole and match neither).
  const add = (word: string, standsFor: string, lang = 'en') => {
    const key = `${lang}:${word}`;
    if (seen.has(key)) return;
    const terms = analyze(word, lang).filter((t) => !typed.has(t));
    if (!terms.length) return;
    seen.add(key);
    found.push({ word, terms, standsFor, share, foreign: true, ...(lang === 'en' ? {} : { lang }) });
  };
  // The question's words in English: its own if it is English, else their translations.
  const english: { word: string; standsFor: string }[] = [];
  for (const word of foldedWords(query)) {
    // A word the question's own analyser drops ("alles", "before") is not searched for as typed,
    // nor in another language: "alles" brought in "tout" in every French text.
    if (!analyze(word, asked?.lang).length) continue;
    if (!asked) {
      // "how" brings in "wie", which every German text has: function words stand for nothing.
      if (!ENGLISH_FUNCTION_WORDS.has(word)) english.push({ word, standsFor: word });
      continue;
    }
    if (asked.isFunctionWord(word)) continue;
    // A word the table lacks may be a compound of words it knows ("Mailpasswort" → mail password),
    // and a cognate of an English one ("vecteur", "sortieren").
    const targets = asked.english(word)?.slice(0, PER_WORD) ?? [
      ...(asked.compound(word) ?? []),
      ...cognates(word, asked.lang),
    ];
    for (const target of targets) {
      english.push({ word: target, standsFor: word });
      add(target, word);
    }
  }
  // The question's words in its own language, through English and back ("zusammenkleben" → glue →
  // "kleben", "leimen"): the lexicon's related words for a language that has no lexicon.
  if (asked && ownShare > 0 && held.some((table) => table.lang === asked.lang)) {
    const typedOwn = new Set(analyze(query, asked.lang));
    for (const { word, standsFor } of english)
      for (const other of asked.foreign(word).slice(0, PER_WORD)) {
        const key = `own:${other}`;
        if (other === standsFor || seen.has(key) || asked.isFunctionWord(other)) continue;
        const terms = analyze(other, asked.lang).filter((t) => !typedOwn.has(t));
        if (!terms.length) continue;
        seen.add(key);
        found.push({ word: other, terms, standsFor, share: ownShare, lang: asked.lang });
      }
  }
  // An English question's words in each language the library holds. A question asked in a language
  // the library holds goes no further than English: its words through English into a third
  // language (a French question's into German) brought in that language's passages by two
  // dictionary hops, where the person asked in French and has French to read. A question in a
  // language the library lacks (or an English one taken for Italian) still goes through English
  // into the library's languages: there is nothing else to find (docs/languages.md).
  if (asked && held.some((table) => table.lang === asked.lang)) return found;
  for (const table of held)
    for (const { word, standsFor } of english)
      for (const foreign of table.foreign(word).slice(0, PER_WORD))
        if (!table.isFunctionWord(foreign)) add(foreign, standsFor, table.lang);
  return found;
}

/**
 * Fetches ahead the tables of the languages a library holds (`held`, as stored), so that the first
 * question after a start need not wait for them. An English library fetches none.
 */
export async function fetchLibraryTables(tables: LanguageTables, held: Iterable<string>): Promise<void> {
  await fetchTables(
    tables,
    [...held].filter((lang) => lang !== 'en'),
  );
}
