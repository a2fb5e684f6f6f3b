/**
 * A German or French question's words widened by a thesaurus of its language, as an English one is
 * by WordNet (lexicon.ts): "verschwunden" also looks for "unauffindbar", "vermisst"; "supprimer" for
 * "effacer". The thesauri are OpenThesaurus (German) and LibreOffice's French thesaurus, built by
 * scripts/languages/build-thesaurus.mjs into public/languages/thesaurus-<lang>.json.gz and fetched
 * when a question in that language first asks (docs/languages.md, "Thesauri").
 */
import { analyze, words } from '../../common/text/analyzer';
import { fold, loadLanguages } from '../../common/text/languages';
import { fetchGzippedJson, LANGUAGES_URL } from '../embed/language-tables';
import { codeUnitOrder, firstNotBefore } from '../index/term-order';
import type { RelatedWord } from './lexicon';

/** The languages with a thesaurus (scripts/languages/build-thesaurus.mjs). */
export const THESAURUS_LANGUAGES: readonly string[] = ['de', 'fr'];

/** Synonyms a word brings in at most (the build keeps six a word; words of one stem share a row). */
const PER_WORD = 8;

export interface ThesaurusData {
  lang: string;
  /** Lines of "word<TAB>synonyms", space-separated, likeliest first. */
  words: string;
}

export class Thesaurus {
  /** The thesaurus's words, folded as the analyser folds them, in code-unit order; `synonyms` of each alike. */
  private readonly keys: string[] = [];
  private readonly synonyms: string[] = [];
  /** A question word's term → its synonyms, as found so far. */
  private readonly found = new Map<string, string[]>();

  readonly lang: string;

  /** The language's analyser must be loaded (`loadLanguages`). */
  constructor(data: ThesaurusData) {
    this.lang = data.lang;
    const rows: [string, string][] = [];
    for (const line of data.words.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) rows.push([fold(line.slice(0, tab)), line.slice(tab + 1)]);
    }
    rows.sort((a, b) => codeUnitOrder(a[0], b[0]));
    for (const [key, synonyms] of rows) {
      this.keys.push(key);
      this.synonyms.push(synonyms);
    }
  }

  /**
   * The synonyms of every word of the thesaurus whose term is `term`. A word's term is most often
   * the start of the word ("hochladen" → "hochlad"), so only the words that begin with it are read:
   * nothing is analysed before a question asks.
   */
  private rowOf(term: string): string[] {
    let row = this.found.get(term);
    if (!row) {
      row = [];
      const keys = this.keys;
      for (
        let i = firstNotBefore(keys.length, term, (i) => keys[i]!);
        i < keys.length && keys[i]!.startsWith(term);
        i++
      ) {
        if (analyze(keys[i]!, this.lang)[0] !== term) continue;
        for (const synonym of this.synonyms[i]!.split(' ')) if (!row.includes(synonym)) row.push(synonym);
      }
      this.found.set(term, row);
    }
    return row;
  }

  /** The question's words' synonyms, each with its index terms in the language (none the question has). */
  related(question: string, perWord = PER_WORD): RelatedWord[] {
    const lang = this.lang;
    const typed = new Set(analyze(question, lang));
    const found: RelatedWord[] = [];
    const seen = new Set<string>();
    for (const word of words(question)) {
      const [term] = analyze(word, lang);
      if (!term) continue;
      for (const synonym of this.rowOf(term).slice(0, perWord)) {
        const terms = analyze(synonym, lang).filter((t) => !typed.has(t));
        if (!terms.length || seen.has(synonym)) continue;
        seen.add(synonym);
        found.push({ word: synonym, terms, standsFor: term, lang });
      }
    }
    return found;
  }
}

/** Fetches a language's thesaurus data; null when there is none. */
export type ThesaurusFetcher = (lang: string) => Promise<ThesaurusData | null>;

/** The thesauri fetched so far, each once; null for a language without one, or while it cannot be fetched. */
export class Thesauri {
  private readonly loaded = new Map<string, Promise<Thesaurus | null>>();

  constructor(private readonly fetchData: ThesaurusFetcher = fetchThesaurus()) {}

  get(lang: string): Promise<Thesaurus | null> {
    if (!THESAURUS_LANGUAGES.includes(lang)) return Promise.resolve(null);
    let thesaurus = this.loaded.get(lang);
    if (!thesaurus) {
      thesaurus = this.fetchData(lang).then(
        async (data) => {
          if (!data) {
            this.loaded.delete(lang);
            return null;
          }
          await loadLanguages([data.lang]);
          return new Thesaurus(data);
        },
        () => {
          // Offline before it was ever fetched: the next question asks again, as the tables do.
          this.loaded.delete(lang);
          return null;
        },
      );
      this.loaded.set(lang, thesaurus);
    }
    return thesaurus;
  }
}

/** Fetches `<base>thesaurus-<lang>.json.gz`. */
export function fetchThesaurus(base = LANGUAGES_URL): ThesaurusFetcher {
  return (lang) => fetchGzippedJson<ThesaurusData>(`${base}thesaurus-${lang}.json.gz`);
}

/** The worker's thesauri. */
export const thesauri = new Thesauri();
