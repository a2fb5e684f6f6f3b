/**
 * Query expansion from a learned translation table (public/lexicon/translation-en.json, built by
 * scripts/build-translation.mjs with IBM Model 1 over question ↔ answer pairs from open Debian
 * text): a question's word brings in the document words it was seen to stand for, each at its
 * translation probability times a factor, for the keyword leg only. Unlike the WordNet lexicon,
 * which knows synonyms, it knows how people ask about what a text says ("remove" → "delete").
 */
import { analyze } from '../../common/text/analyzer';
import { fetchWordList, type RelatedWord } from './lexicon';

export interface TranslationData {
  /** Index term of a question word → "word p word p …": the document words it stands for, likeliest first. */
  words: Record<string, string>;
}

/** Where the app serves the table (precached with the app, so it works offline). */
export const TRANSLATION_URL = '/lexicon/translation-en.json';

/**
 * The largest share of a typed word's weight a translation may have: a stand-in never counts as
 * much as the word typed, however sure the table is.
 */
const MAX_SHARE = 0.5;

export class TranslationTable {
  // A Map, not the JSON's object: a typed "constructor" must not find Object's own.
  private readonly words: ReadonlyMap<string, { word: string; p: number }[]>;

  constructor(data: TranslationData) {
    this.words = new Map(
      Object.entries(data.words).map(([term, list]) => {
        const fields = list.split(' ');
        const targets: { word: string; p: number }[] = [];
        for (let i = 0; i + 1 < fields.length; i += 2) targets.push({ word: fields[i]!, p: Number(fields[i + 1]) });
        return [term, targets];
      }),
    );
  }

  /**
   * The document words the query's words stand for (none the query already has), each with its
   * share of a typed word's weight: its probability × `factor`, at most MAX_SHARE.
   */
  related(query: string, factor: number): RelatedWord[] {
    const typed = new Set(analyze(query));
    const found: RelatedWord[] = [];
    const seen = new Set<string>();
    for (const term of typed)
      for (const { word, p } of this.words.get(term) ?? []) {
        const terms = analyze(word).filter((t) => !typed.has(t));
        const share = Math.min(MAX_SHARE, p * factor);
        if (!terms.length || seen.has(word) || share <= 0) continue;
        seen.add(word);
        found.push({ word, terms, standsFor: term, share });
      }
    return found;
  }
}

/** Fetches the table; null when it cannot be had (search then expands by the lexicon alone). */
export async function loadTranslation(url = TRANSLATION_URL): Promise<TranslationTable | null> {
  const data = await fetchWordList<TranslationData>(url);
  return data && new TranslationTable(data);
}
