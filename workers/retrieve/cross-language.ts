/**
 * The keyword leg across languages, through the built-in model's language tables
 * (workers/embed/language-tables.ts): a question in another language also looks for the English
 * words its words translate to, and a question in English (or another language) also looks for
 * the words of each language the library holds. Each brought-in word counts at a share of a typed
 * word's weight, like the lexicon's related words; it only adds, never replaces, what was typed.
 */
import type { CarrelDb } from '../../common/db';
import { analyze } from '../../common/text/analyzer';
import { FUNCTION_WORDS } from '../embed/function-words';
import { foldedWords, guessLanguage, type LanguageTable, type LanguageTables } from '../embed/language-tables';
import commonWords from './common-words.json';
import type { RelatedWord } from './lexicon';

/** How many words of another language one typed word may bring in, per language. */
const PER_WORD = 3;

const ENGLISH_FUNCTION_WORDS = FUNCTION_WORDS.get('en')!;
const COMMON_ENGLISH = new Set(commonWords as string[]);

/**
 * A question's words in the library's other languages: its language guessed (a few keywords by the
 * tables already loaded), its own table fetched if it is not English, then `crossLanguageRelated`.
 */
export async function queryTables(tables: LanguageTables, query: string, share: number): Promise<RelatedWord[]> {
  const lang = guessLanguage(query, 'en', tables.loaded(), (word) => COMMON_ENGLISH.has(word));
  const asked = lang === 'en' ? null : await tables.get(lang);
  return crossLanguageRelated(query, asked, tables.loaded(), share);
}

/**
 * The words a question stands for in the other languages: `asked` is the table of the question's
 * own language (null for English), `held` the tables of the languages the library holds.
 */
export function crossLanguageRelated(
  query: string,
  asked: LanguageTable | null,
  held: readonly LanguageTable[],
  share: number,
): RelatedWord[] {
  if (share <= 0) return [];
  const typed = new Set(analyze(query));
  const found: RelatedWord[] = [];
  const seen = new Set<string>();
  const add = (word: string, standsFor: string) => {
    if (seen.has(word)) return;
    const terms = analyze(word).filter((t) => !typed.has(t));
    if (!terms.length) return;
    seen.add(word);
    found.push({ word, terms, standsFor, share });
  };
  // The question's words in English: its own if it is English, else their translations.
  const english: { word: string; standsFor: string }[] = [];
  for (const word of foldedWords(query)) {
    if (!asked) {
      // "how" brings in "wie", which every German text has: function words stand for nothing.
      if (!ENGLISH_FUNCTION_WORDS.has(word)) english.push({ word, standsFor: word });
      continue;
    }
    if (asked.isFunctionWord(word)) continue;
    for (const target of asked.english(word)?.slice(0, PER_WORD) ?? []) {
      english.push({ word: target, standsFor: word });
      add(target, word);
    }
  }
  for (const table of held) {
    if (table === asked) continue;
    for (const { word, standsFor } of english)
      for (const foreign of table.foreign(word).slice(0, PER_WORD))
        if (!table.isFunctionWord(foreign)) add(foreign, standsFor);
  }
  return found;
}

/**
 * Fetches the tables of the languages a stored library holds, guessed from each document's title
 * and summary, so that after a reload an English question reaches them too (in the session that
 * added them, embedding the documents fetched them already). An English library fetches none.
 */
export async function fetchLibraryTables(db: CarrelDb, tables: LanguageTables): Promise<void> {
  const langs = new Set<string>();
  await db.documents.each((doc) => void langs.add(guessLanguage(`${doc.title}\n${doc.summary}`)));
  await Promise.all([...langs].map((lang) => tables.get(lang)));
}
