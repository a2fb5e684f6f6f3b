/**
 * Query expansion from a lexical database (public/lexicon/wordnet-en.json, built from WordNet 3.1
 * by scripts/build-lexicon.mjs): a query's words bring in words of the same meaning or family
 * ("how long" also looks for "length", "for good" for "permanently"), each at a fraction of the
 * weight of the words typed, for the keyword leg only. People ask in their own words; documents
 * use the author's.
 */
import { analyze, words } from '../../src/shared/analyzer';

export interface LexiconData {
  /** Porter stem → related words, space-separated. */
  words: Record<string, string>;
  /** Two- or three-word phrase → related words, space-separated. */
  phrases: Record<string, string>;
}

/** Where the app serves the lexicon (precached with the app, so it works offline). */
export const LEXICON_URL = '/lexicon/wordnet-en.json';

export class Lexicon {
  constructor(private readonly data: LexiconData) {}

  /** Index terms related to `query`'s but not in it, each at `weight` (a share of a typed word's). */
  expand(query: string, weight: number): Map<string, number> {
    return new Map(this.related(query).flatMap(({ terms }) => terms.map((term) => [term, weight] as const)));
  }

  /** The related words themselves, as the lexicon writes them (to show the user what else was looked for). */
  words(query: string): string[] {
    return [...new Set(this.related(query).map(({ word }) => word))];
  }

  private related(query: string): { word: string; terms: string[] }[] {
    const typed = new Set(analyze(query));
    const found: { word: string; terms: string[] }[] = [];
    const addAll = (list: string | undefined) => {
      for (const word of list?.split(' ') ?? []) {
        const terms = analyze(word).filter((term) => !typed.has(term));
        if (terms.length) found.push({ word, terms });
      }
    };
    // Phrases first: "for good" → "permanently" says more than any one word's synonyms.
    const sequence = words(query.toLowerCase());
    for (let n = 3; n >= 2; n--) for (let i = 0; i + n <= sequence.length; i++) addAll(this.data.phrases[sequence.slice(i, i + n).join(' ')]);
    for (const term of typed) addAll(this.data.words[term]);
    return found;
  }
}

/** Fetches the lexicon; null when it cannot be had (search then uses the typed words only). */
export async function loadLexicon(url = LEXICON_URL): Promise<Lexicon | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    return new Lexicon((await response.json()) as LexiconData);
  } catch {
    return null;
  }
}
