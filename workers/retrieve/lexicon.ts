/**
 * Query expansion from a lexical database (public/lexicon/wordnet-en.json, built from WordNet 3.1
 * by scripts/build-lexicon.mjs): a query's words bring in words of the same meaning or family
 * ("how long" also looks for "length", "for good" for "permanently"), each at a fraction of the
 * weight of the words typed, for the keyword leg only. People ask in their own words; documents
 * use the author's.
 */
import { analyze, words } from '../../common/text/analyzer';
import type { RelatedTerms } from '../index/bm25';
import commonWords from './common-words.json';

export interface LexiconData {
  /** Porter stem → related words, space-separated. */
  words: Record<string, string>;
  /** Two- or three-word phrase → related words, space-separated. */
  phrases: Record<string, string>;
}

/** Where the app serves the lexicon (precached with the app, so it works offline). */
export const LEXICON_URL = '/lexicon/wordnet-en.json';

/** A word the lexicon relates to a query, with the index terms it adds (none the query already has). */
export interface RelatedWord {
  word: string;
  terms: string[];
  /** The typed index term, or the phrase, it stands in for. */
  standsFor: string;
  /** Its own share of a typed word's weight (a learned translation's); else the caller's weight. */
  share?: number;
  /** A word of another language the question stands for (cross-language.ts), not one of its own language. */
  foreign?: boolean;
  /** The language its terms are analysed in, when not English (a German word's are German stems). */
  lang?: string;
}

export class Lexicon {
  // Maps, not the JSON's objects: a typed "constructor" or "toString" must not find Object's own.
  private readonly words: ReadonlyMap<string, string>;
  private readonly phrases: ReadonlyMap<string, string>;

  constructor(data: LexiconData) {
    this.words = new Map(Object.entries(data.words));
    this.phrases = new Map(Object.entries(data.phrases));
  }

  /** The query's related words: phrase synonyms first ("for good" → "permanently"), then each word's. */
  related(query: string): RelatedWord[] {
    const typed = new Set(analyze(query));
    const found: RelatedWord[] = [];
    const seen = new Set<string>();
    const addAll = (list: string | undefined, standsFor: string) => {
      for (const word of list?.split(' ') ?? []) {
        const terms = analyze(word).filter((term) => !typed.has(term));
        if (terms.length && !seen.has(word)) {
          seen.add(word);
          found.push({ word, terms, standsFor });
        }
      }
    };
    const sequence = words(query.toLowerCase());
    for (let n = 3; n >= 2; n--)
      for (let i = 0; i + n <= sequence.length; i++) {
        const phrase = sequence.slice(i, i + n).join(' ');
        addAll(this.phrases.get(phrase), phrase);
      }
    for (const term of typed) addAll(this.words.get(term), term);
    return found;
  }
}

/**
 * The related words' index terms, each at its own share or else at `weight` (a share of a typed
 * word's), for the keyword leg; a term that two sources bring in counts at the larger share.
 */
export function relatedTerms(related: readonly RelatedWord[], weight: number): RelatedTerms {
  const out = new Map<string, { share: number; standsFor: string }>();
  for (const { terms, standsFor, share = weight } of related)
    for (const term of terms) if (share > (out.get(term)?.share ?? 0)) out.set(term, { share, standsFor });
  return out;
}

/** Terms of the most frequent English words (scripts/build-common-words.mjs), as the index spells them. */
const COMMON = new Set((commonWords as string[]).flatMap((word) => [word, ...analyze(word)]));
const isCommon = (words: string) => words.split(' ').every((word) => COMMON.has(word));

/**
 * The related words worth telling the user about: those that occur in `texts` (the results shown).
 * A lexicon lists every common sense of a word ("fine" → "okay", "ticket"); only the ones that
 * actually matched explain a result, and the rest would only puzzle. A common word brought in by a
 * common word ("get" → "go", "let") matches nearly anywhere and explains nothing, so it is not named.
 */
export function wordsFound(related: readonly RelatedWord[], texts: readonly string[]): string[] {
  if (!related.length) return [];
  // The shown texts' terms in each language the related words are analysed in.
  const presentIn = new Map<string, Set<string>>();
  const present = (lang = 'en') => {
    let terms = presentIn.get(lang);
    if (!terms) presentIn.set(lang, (terms = new Set(texts.flatMap((text) => analyze(text, lang)))));
    return terms;
  };
  const found = related
    .filter(
      ({ word, terms, standsFor, lang }) =>
        !(isCommon(word) && isCommon(standsFor)) && terms.some((term) => present(lang).has(term)),
    )
    .map(({ word }) => word);
  // The lexicon and the translation table may bring in the same word.
  return [...new Set(found)];
}

/** A word list's JSON from `url`; null when it cannot be had (search then does without it). */
export async function fetchWordList<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

/** Fetches the lexicon; null when it cannot be had (search then uses the typed words only). */
export async function loadLexicon(url = LEXICON_URL): Promise<Lexicon | null> {
  const data = await fetchWordList<LexiconData>(url);
  return data && new Lexicon(data);
}
