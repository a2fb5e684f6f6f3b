import type { SearchOptions } from '../../common/types';

/**
 * Defaults for the built-in model. Weighted fusion with a small dense weight: on SciFact plain RRF
 * of BM25 and GloVe scored nDCG@10 0.38 against 0.68 for a 0.1–0.3 dense weight.
 */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  strategy: 'three-stage',
  hybrid: true,
  fusion: 'weighted',
  denseWeight: 0.2,
  escapeHatch: true,
  limit: 20,
  relatedWeight: 0.3,
  /**
   * The learned translation table beside the lexicon, each word at 3 × its probability (most are
   * 0.02–0.15, so a share of 0.06–0.45). Measured (docs/retrieval.md): held-out top-1 15 → 17 and
   * top-10 46 → 48, SciFact 0.7080 → 0.7107, SQuAD top-3 unchanged; the table alone, without the
   * lexicon, lost on the held-out set, and a factor of 6 gained less.
   */
  translationWeight: 3,
  /**
   * Each document stage 1 keeps brings its best section to stage 3: one is enough for the section
   * that answers a short document's question to be scored at all (docs/retrieval.md).
   */
  sectionsPerDocument: 1,
  /**
   * At most 2 of the first 3 results from one document while a document with a tenth of its
   * sections or fewer has an answer for the place (docs/retrieval.md).
   */
  documentCap: { window: 3, perDocument: 2, sizeRatio: 10 },
  /** The question's words in the library's other languages (workers/retrieve/cross-language.ts). */
  crossLanguageWeight: 0.3,
  /** The question's other words in its own language, through English and back (docs/languages.md). */
  ownLanguageWeight: 0.3,
  /** A German or French question's synonyms from its language's thesaurus (docs/languages.md, "Thesauri"). */
  thesaurusWeight: 0.15,
};
