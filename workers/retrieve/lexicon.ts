/**
 * Query expansion from a lexical database (public/lexicon/wordnet-en.json, built from WordNet 3.1
 * by scripts/build-lexicon.mjs): a query's words bring in words of the same meaning or family
 * ("how long" also looks for "length", "for good" for "permanently"), each at a fraction of the
 * weight of the words typed, for the keyword leg only. People ask in their own words; documents
 * use the author's.
 */
import { analyze, words } from '../index/analyzer';

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
    const typed = new Set(analyze(query));
    const related = new Map<string, number>();
    const addAll = (list: string | undefined) => {
      for (const term of analyze(list ?? '')) if (!typed.has(term)) related.set(term, weight);
    };
    for (const term of typed) addAll(this.data.words[term]);
    const sequence = words(query.toLowerCase());
    for (let n = 2; n <= 3; n++) for (let i = 0; i + n <= sequence.length; i++) addAll(this.data.phrases[sequence.slice(i, i + n).join(' ')]);
    return related;
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
