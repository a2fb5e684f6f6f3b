/** Runs questions through the engine worker's `search`, as the search box does, and keeps what the metrics need. */
import { extractAnswer, wordsLookedFor } from '../../src/lib/answer-extract';
import { engine } from '../../src/lib/workers';
import { readSections } from '../../workers/engine/chunk-store';
import type { ResultHit, SearchOptions } from '../../common/types';
import { pageDb } from './page-db';

const SEARCH_TIMEOUT_MS = 60_000;

export interface QueryResult {
  /** Round trip from the page to the engine worker and back, in ms. */
  ms: number;
  /** The engine's own time for the search (sync + embed + rank). */
  tookMs: number;
  /** Document names, ranked by their first appearance in the hit list. */
  docs: string[];
  /** Section ids of the hits, in rank order. */
  sections: string[];
  /** The full text of the top three sections. */
  sectionTexts: string[];
  /** The five best propositions over all hits, by score. */
  propositions: string[];
  /** The five best results' best propositions' relevance signals (for calibration). */
  signals: { dense: number | null; coverage: number | null }[];
  /** The extractive answer's sentences, as the answer panel shows them (scripts/eval-answers.mjs). */
  answer: string;
  /** The hits themselves, when asked for (`keepHits`): to study the answer offline. */
  hits?: ResultHit[];
}

/** Searches each text in turn with `options` (merged over the engine's defaults). */
export async function query(
  texts: string[],
  options: Partial<SearchOptions> = {},
  { keepHits = false } = {},
): Promise<QueryResult[]> {
  const out: QueryResult[] = [];
  for (const text of texts) {
    const began = performance.now();
    const response = await engine.api.search({ query: text, options }, { timeoutMs: SEARCH_TIMEOUT_MS });
    const ms = performance.now() - began;
    const { hits } = response;
    // A result spanning consecutive parts of a long section shows them all.
    const top = hits.slice(0, 3).map((h) => h.parts ?? [h.sectionId]);
    const sections = await readSections(
      pageDb(),
      hits.slice(0, 3).map((h) => h.docId),
    );
    const texts = new Map([...sections].map(([id, s]) => [id, s.text]));
    out.push({
      ms,
      tookMs: response.tookMs,
      docs: [...new Set(hits.map((h) => h.docName))],
      sections: hits.map((h) => h.sectionId),
      sectionTexts: top.map((ids) => ids.map((id) => texts.get(id) ?? '').join('\n')),
      propositions: hits
        .flatMap((h) => h.propositions)
        .sort((a, b) => b.score - a.score)
        .slice(0, 5)
        .map((p) => p.text),
      answer: extractAnswer(response.searchedQuery, hits, wordsLookedFor(response))
        .sentences.map((s) => s.text)
        .join(' '),
      signals: hits.slice(0, 5).map((h) => ({
        dense: h.propositions[0]?.scores.dense ?? null,
        coverage: h.propositions[0]?.scores.coverage ?? null,
      })),
      ...(keepHits ? { hits } : {}),
    });
  }
  return out;
}
