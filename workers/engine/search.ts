/**
 * One query against the engine's index: a follow-up enriched with the previous question's key
 * words, the question embedded, the keyword leg widened by the lexicon, the translation table and
 * the language tables, the hits cut from their texts and their copies folded.
 */
import { DEFAULT_SEARCH_OPTIONS } from '../retrieve/defaults';
import { enrichFollowUp } from '../retrieve/follow-up';
import { relatedTerms, wordsFound, type Lexicon, type RelatedWord } from '../retrieve/lexicon';
import type { TranslationTable } from '../retrieve/translation';
import type { Thesauri } from '../retrieve/thesaurus';
import { askedLanguage, queryTables } from '../retrieve/cross-language';
import { foldWord, type LanguageTables } from '../embed/language-tables';
import { joinSeparableVerbs } from '../text/separable-verbs';
import { foldCopies } from '../retrieve/copies';
import { withHitTexts } from '../retrieve/hit-texts';
import { traceSearch, type LibraryIndex } from '../retrieve/search';
import { questionWords } from '../retrieve/query-languages';
import type { ModelInfo } from '../../common/models';
import type { SearchOptions, SearchResponse } from '../../common/types';
import type { Embedder } from '../embed/embedder';

/**
 * What a query reads of the engine's state, read at each use: a model switch may replace the
 * index and the model while the question is embedded.
 */
export interface SearchState {
  index(): LibraryIndex;
  model(): ModelInfo;
  embedder(): Promise<Embedder | null>;
  lexicon(): Lexicon | null;
  translation(): Promise<TranslationTable | null>;
  languages(): LanguageTables | null;
  /** The German and French thesauri (none in tests unless given). */
  thesauri(): Thesauri | null;
  /** The text of an indexed document, which the hits are cut from. */
  text(docId: string): Promise<string | undefined>;
}

export interface SearchRequest {
  query: string;
  /** The last question searched: a follow-up is enriched with its key words. */
  previous?: string | null;
  options?: Partial<SearchOptions>;
}

/**
 * The options a query runs with: the defaults, its model's dense weight and floor, then what the
 * caller asked for. With `tablesDenseWeight` (an evaluation's choice; no model sets it: measured,
 * not kept, docs/languages.md), a question whose keywords are read in another language than
 * English (asked in German of a library holding German; in English of a library with nothing in
 * English) gives the meaning leg that weight instead, unless the caller named a dense weight.
 */
export function queryOptions(
  model: ModelInfo,
  minRelevance: SearchOptions['minRelevance'],
  asked: string | undefined,
  libraryLanguages: ReadonlySet<string>,
  options: Partial<SearchOptions> = {},
): SearchOptions {
  const chosen: SearchOptions = {
    ...DEFAULT_SEARCH_OPTIONS,
    denseWeight: model.denseWeight,
    minRelevance,
    ...options,
  };
  // The language the keyword leg mostly reads in: the question's own when the library holds it,
  // else the library's (in translation).
  const throughTables = !!asked && (libraryLanguages.has(asked) ? asked !== 'en' : !libraryLanguages.has('en'));
  return throughTables && chosen.tablesDenseWeight !== undefined && options.denseWeight === undefined
    ? { ...chosen, denseWeight: chosen.tablesDenseWeight }
    : chosen;
}

/** The "nothing relevant found" floor for a question asked in `asked`: the model's own outside English, if it has one. */
export function relevanceFloor(model: ModelInfo, asked: string | undefined): ModelInfo['minRelevance'] {
  return (asked && asked !== 'en' && model.minRelevanceOutsideEnglish) || model.minRelevance;
}

/** Runs one query; `began` is when the engine was asked (its catch-up counts in the time taken). */
export async function searchIndex(
  state: SearchState,
  { query, previous, options }: SearchRequest,
  began: number,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const searchedQuery = enrichFollowUp(query, previous ?? null);
  const embedder = await state.embedder();
  // The language the question is asked in, decided once for its vector, its words in other
  // languages and the keyword leg's reading (the built-in model's tables; none for other models).
  const tables = state.languages();
  const asked = tables
    ? await askedLanguage(tables, searchedQuery, embedder?.knowsWord ? (word) => embedder.knowsWord!(word) : undefined)
    : undefined;
  // A German question's split verb put back together ("Wie hänge ich … ein?" reads "einhängen"),
  // when the German table knows the word: what both legs read from here on.
  const german = tables && asked === 'de' ? await tables.get('de') : null;
  const text = german ? joinSeparableVerbs(searchedQuery, (word) => german.knows(foldWord(word))) : searchedQuery;
  const vector = embedder
    ? ((await embedder.embed([text], { as: 'query', ...(asked ? { lang: asked } : {}) }))[0] ?? null)
    : null;
  // A newer query came while this one was embedded: the ranking and the texts are not worth reading.
  signal?.throwIfAborted();
  // Without the model only the keyword leg can vouch for a hit.
  const floor = relevanceFloor(state.model(), asked);
  const minRelevance = vector ? floor : { dense: Infinity, coverage: floor.coverage };
  const opts = queryOptions(state.model(), minRelevance, asked, state.index().languages(), options);
  // The lexicon and the translation table know English words: a question asked in another
  // language is not widened by them ("comment quitter R" is not about remarks).
  const english = !asked || asked === 'en';
  const translation = english && opts.translationWeight ? await state.translation() : null;
  // A German or French question's own synonyms, as the lexicon gives an English one's.
  const thesaurus = !english && opts.thesaurusWeight ? await state.thesauri()?.get(asked!) : null;
  const relatedFound = [
    ...(english && opts.relatedWeight ? (state.lexicon()?.related(searchedQuery) ?? []) : []),
    ...(thesaurus ? thesaurus.related(text).map((r) => ({ ...r, share: opts.thesaurusWeight })) : []),
    ...(translation?.related(searchedQuery, opts.translationWeight!) ?? []),
    ...(opts.crossLanguageWeight && tables && asked
      ? await queryTables(
          tables,
          text,
          opts.crossLanguageWeight,
          asked,
          state.index().languages(),
          opts.ownLanguageWeight,
        )
      : []),
  ];
  const related = relatedFound.length ? relatedTerms(relatedFound, opts.relatedWeight!) : undefined;
  const foreign = relatedFound.filter((r) => r.foreign);
  const translations = foreign.length ? relatedTerms(foreign, opts.relatedWeight!) : undefined;
  const words = await questionWords(text, state.index().languages(), asked);
  const traced = traceSearch(state.index(), { text, vector, related, words, translations }, opts);
  const { stages, weak } = traced;
  const hits = foldCopies(await withHitTexts(state.index(), traced.hits, state.text));
  const shown = hits.flatMap((hit) => [...hit.headingPath, ...hit.propositions.map((p) => p.text)]);
  // Named as "also looked for": the lexicon's English words. A German or French question's other
  // words of its own language (through English and back) are not: with no list of that language's
  // common words to leave out, they read as noise ("letzte" → "bleiben"). Both count for the answer.
  const named = (r: RelatedWord) => !r.foreign && !r.lang;
  const relatedWords = wordsFound(relatedFound.filter(named), shown);
  const translatedWords = wordsFound(
    relatedFound.filter((r) => !named(r)),
    shown,
  );
  const response = {
    query,
    searchedQuery,
    strategy: opts.strategy,
    tookMs: performance.now() - began,
    hits,
    ...(weak ? { weak } : {}),
    modelId: state.model().id,
    device: embedder?.device ?? null,
    ...(relatedWords.length ? { relatedWords } : {}),
    ...(translatedWords.length ? { translatedWords } : {}),
  };
  return opts.trace ? { ...response, stages } : response;
}
