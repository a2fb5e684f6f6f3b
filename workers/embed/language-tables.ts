/**
 * Word tables that carry other languages into the built-in model's English space
 * (public/languages/<lang>.json.gz, built by scripts/languages/build-languages.mjs from bilingual
 * dictionaries): a foreign word → the English words of the model's vocabulary it translates to.
 * The embedder places the word at the mean of their rows; the keyword leg searches for them.
 * A table is fetched only when a text or a question of its language turns up, so a library in
 * English downloads none.
 */
import { FUNCTION_WORDS } from './function-words';
import { fewestParts } from '../../common/text/compound-split';

/** The languages that have a table. */
export const TABLE_LANGUAGES = ['de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
export type TableLanguage = (typeof TABLE_LANGUAGES)[number];
export const hasTable = (lang: string): lang is TableLanguage => (TABLE_LANGUAGES as readonly string[]).includes(lang);

/** Where the app serves the tables; each is kept by the service worker once fetched (workers/sw.ts). */
export const LANGUAGES_URL = '/languages/';

/** As the model's tokenizer sees a word: lower case, no accents (same as scripts/languages/dictd.mjs). */
export const foldWord = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A text's words, folded, in order. */
export const foldedWords = (text: string): string[] => foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];

export interface LanguageTableData {
  lang: string;
  /**
   * Folded foreign word → English words, space-separated, likeliest first: as lines of
   * "word<TAB>english words" (what the build writes: parsed three times faster than an object of
   * 258,000 keys), or as an object.
   */
  words: string | Record<string, string>;
  /**
   * The table read backwards as the build reads it, from all its evidence: English word → foreign
   * words, likeliest first, as lines of "word<TAB>foreign words" (scripts/languages/table-rows.mjs,
   * reverseRows). Tables without it are read backwards from `words` (LanguageTable.foreign).
   */
  english?: string;
}

/** A table's rows, from either form. */
function rowsOf(words: LanguageTableData['words']): Map<string, string> {
  if (typeof words !== 'string') return new Map(Object.entries(words));
  const rows = new Map<string, string>();
  for (const line of words.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) rows.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return rows;
}

/**
 * Endings to take off a word the table lacks, in order, each with what to put back: dictionaries
 * list a noun's singular and a verb's infinitive, texts use every form ("fichiers" → "fichier").
 * A light stand-in for a stemmer: only tried when the whole word is missing.
 */
const ENDINGS: Record<TableLanguage, [string, string][]> = {
  de: [
    ['en', ''],
    ['n', ''],
    ['e', ''],
    ['es', ''],
    ['s', ''],
    ['er', ''],
    ['t', 'en'],
    ['te', 'en'],
    ['ten', 'en'],
    ['st', 'en'],
    ['e', 'en'],
  ],
  fr: [
    ['s', ''],
    ['x', ''],
    ['es', ''],
    ['e', ''],
    ['ee', 'er'],
    ['es', 'er'],
    ['ez', 'er'],
    ['ent', 'er'],
    ['e', 'er'],
  ],
  es: [
    ['s', ''],
    ['es', ''],
    ['a', 'o'],
    ['as', 'o'],
    ['ado', 'ar'],
    ['ada', 'ar'],
    ['ido', 'er'],
    ['a', 'ar'],
    ['an', 'ar'],
    ['e', 'er'],
  ],
  it: [
    ['i', 'o'],
    ['e', 'a'],
    ['i', 'e'],
    ['ato', 'are'],
    ['ata', 'are'],
    ['ati', 'are'],
    ['ito', 'ire'],
    ['uto', 'ere'],
    ['a', 'are'],
  ],
  pt: [
    ['s', ''],
    ['es', ''],
    ['a', 'o'],
    ['as', 'o'],
    ['ado', 'ar'],
    ['ada', 'ar'],
    ['ido', 'er'],
    ['a', 'ar'],
    ['am', 'ar'],
  ],
  nl: [
    ['en', ''],
    ['s', ''],
    ['e', ''],
    ['t', ''],
    ['de', 'en'],
    ['te', 'en'],
    ['d', 'en'],
  ],
};

/** Languages that join words into compounds no dictionary can list ("Mailpasswort", "wachtwoordbeheer"). */
const COMPOUNDING: ReadonlySet<string> = new Set(['de', 'nl']);
/** The shortest part a compound is split into ("Mail", "Netz"): shorter ones are too often a word's ending. */
const MIN_PART = 4;
/** Parts of a compound, at most. */
const MAX_PARTS = 3;
/** Compounds a table remembers before it starts again. */
const MAX_COMPOUNDS = 50_000;

export class LanguageTable {
  readonly lang: TableLanguage;
  // A Map, not the JSON's object: a word "constructor" must not find Object's own.
  private readonly words: ReadonlyMap<string, string>;
  private readonly functionWords: ReadonlySet<string>;
  private reverse: Map<string, string[]> | null = null;
  /** Compounds split so far (`compound`): a passage's rare words come back in the next. */
  private readonly compounds = new Map<string, string[] | null>();
  /** The build's reverse rows (LanguageTableData.english), parsed on the first use. */
  private readonly englishRows: string | undefined;

  constructor(data: LanguageTableData) {
    if (!hasTable(data.lang)) throw new Error(`no table for language "${data.lang}"`);
    this.lang = data.lang;
    this.words = rowsOf(data.words);
    this.englishRows = data.english;
    this.functionWords = FUNCTION_WORDS.get(data.lang) ?? new Set();
  }

  /** Whether a folded word is one of the language's function words (no meaning of its own). */
  isFunctionWord(word: string): boolean {
    return this.functionWords.has(word);
  }

  /** The English words a folded word stands for: its own row, else the row of a shorter form; none if unknown. */
  english(word: string): readonly string[] | undefined {
    const own = this.words.get(word);
    if (own) return own.split(' ');
    for (const [ending, base] of ENDINGS[this.lang]) {
      if (word.length - ending.length < 3 || !word.endsWith(ending)) continue;
      const found = this.words.get(word.slice(0, word.length - ending.length) + base);
      if (found) return found.split(' ');
    }
    return undefined;
  }

  /** Whether the table knows a folded word, in any form. */
  knows(word: string): boolean {
    return this.english(word) !== undefined;
  }

  /**
   * The English words of a compound the table lacks, from parts it knows (each in any form, so a
   * joining "s" or "n" goes with the ending): "mailpasswort" → mail password, "terminlisten" →
   * appointment list. The first English word of each part, fewest parts first, at most three parts
   * of four letters or more. Undefined when no such split exists, or the language does not join
   * words into compounds. For a word `english` and the model's own vocabulary do not know.
   */
  compound(word: string): readonly string[] | undefined {
    if (!COMPOUNDING.has(this.lang) || word.length < 2 * MIN_PART) return undefined;
    let found = this.compounds.get(word);
    if (found === undefined) {
      found = fewestParts(word, (piece) => this.english(piece)?.[0] ?? null, MIN_PART, MAX_PARTS);
      if (this.compounds.size >= MAX_COMPOUNDS) this.compounds.clear();
      this.compounds.set(word, found);
    }
    return found ?? undefined;
  }

  /**
   * The foreign words for an English word (the table read backwards), at most four: the build's own
   * reverse rows, ranked by all of its evidence ("soldier" → "soldat"), when the table has them.
   * Else those whose rows give the English word first before those that give it second, shorter
   * words first ("step" → "schritt" before "abbauschritt": a compound or a rare word is longer).
   */
  foreign(english: string): readonly string[] {
    if (!this.reverse && this.englishRows !== undefined) {
      this.reverse = new Map([...rowsOf(this.englishRows)].map(([word, row]) => [word, row.split(' ').slice(0, 4)]));
    }
    if (!this.reverse) {
      const found = new Map<string, { word: string; place: number }[]>();
      for (const [word, targets] of this.words)
        targets
          .split(' ')
          .slice(0, 2)
          .forEach((target, place) => {
            const list = found.get(target) ?? [];
            list.push({ word, place });
            found.set(target, list);
          });
      this.reverse = new Map();
      for (const [target, list] of found)
        this.reverse.set(
          target,
          list
            .sort((a, b) => a.place - b.place || a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
            .slice(0, 4)
            .map(({ word }) => word),
        );
    }
    return this.reverse.get(english) ?? [];
  }
}

/** Each function word → the languages it belongs to. */
const LANGUAGES_OF = new Map<string, string[]>();
for (const [lang, list] of FUNCTION_WORDS)
  for (const word of list) LANGUAGES_OF.set(word, [...(LANGUAGES_OF.get(word) ?? []), lang]);

/** Counts each language's function words in a text's folded words (one pass: it runs on every passage). */
export function functionWordCounts(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words)
    for (const lang of LANGUAGES_OF.get(word) ?? []) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  return counts;
}

/**
 * The language of a text by its function words, else `fallback` (English unless the caller knows
 * better, e.g. the document's language for one of its passages). Another language than the
 * fallback must show at least two of its function words, more than any other language and more
 * than twice the fallback's: one stray word ("IL-6" reads as Italian "il") must not move a
 * passage. When the words do not tell, `tables` (those loaded) may: the language whose table knows
 * most of them, when it knows at least half of them and more than `isEnglish` does (a question of a
 * few keywords, "Paket installieren").
 */
export function guessLanguage(
  text: string,
  fallback = 'en',
  tables: readonly LanguageTable[] = [],
  isEnglish: (word: string) => boolean = () => false,
): string {
  const words = foldedWords(text);
  const counts = functionWordCounts(words);
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  if (first && first[1] > 0) {
    const [lang, count] = first;
    if (lang === fallback && count > (second?.[1] ?? 0)) return fallback;
    const decisive = count >= 2 && count > (second?.[1] ?? 0) && count > 2 * (counts.get(fallback) ?? 0);
    if (decisive) return hasTable(lang) ? lang : 'en';
  }
  const english = words.filter(isEnglish).length;
  let best: { lang: string; known: number } | null = null;
  for (const table of tables) {
    const known = words.filter((w) => table.knows(w)).length;
    if (known > english && known * 2 >= words.length && known > (best?.known ?? 0)) best = { lang: table.lang, known };
  }
  return best?.lang ?? fallback;
}

export type TableFetcher = (lang: TableLanguage) => Promise<LanguageTableData | null>;

/** The tables, each fetched once and only when first asked for; a table that cannot be had is null. */
export class LanguageTables {
  private readonly tables = new Map<string, Promise<LanguageTable | null>>();
  private readonly ready = new Map<string, LanguageTable>();

  constructor(private readonly fetchTable: TableFetcher = fetchLanguageTable()) {}

  get(lang: string): Promise<LanguageTable | null> {
    if (!hasTable(lang)) return Promise.resolve(null);
    let table = this.tables.get(lang);
    if (!table) {
      table = this.fetchTable(lang).then(
        (data) => {
          const made = data ? new LanguageTable(data) : null;
          if (made) this.ready.set(lang, made);
          else this.tables.delete(lang);
          return made;
        },
        () => {
          this.tables.delete(lang);
          return null;
        },
      );
      this.tables.set(lang, table);
    }
    return table;
  }

  /** The tables fetched so far: the languages this library or its questions have shown. */
  loaded(): LanguageTable[] {
    return [...this.ready.values()];
  }
}

/** Fetches `<base><lang>.json.gz`. */
export function fetchLanguageTable(base = LANGUAGES_URL): TableFetcher {
  return (lang) => fetchGzippedJson<LanguageTableData>(`${base}${lang}.json.gz`);
}

/** Fetches a gzipped JSON file, gunzipping it unless the server already did; null when it is not there. */
export async function fetchGzippedJson<T>(url: string): Promise<T | null> {
  const response = await fetch(url);
  if (!response.ok) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = gzipped
    ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
    : new TextDecoder().decode(bytes);
  return JSON.parse(text) as T;
}

/** The worker's tables, shared by the embedder and the keyword leg. */
export const languageTables = new LanguageTables();
