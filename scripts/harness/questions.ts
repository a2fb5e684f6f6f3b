/**
 * Question sets (`npm run eval -- --questions FILE`): each question is searched as the search box
 * does, and judged as the set's file says: answered at the rank of the first result whose document
 * is the expected one and whose passage (section or proposition text) contains an expected string.
 * For a question not answered in the top 3, says where the answer was lost, so work goes there.
 */
import { extractAnswer, wordsLookedFor, type ExtractiveAnswer } from '../../src/lib/answer-extract';
import { engine } from '../../src/lib/workers';
import { DEFAULT_SEARCH_OPTIONS } from '../../workers/retrieve/defaults';
import { readChunks, readSections } from '../../workers/engine/chunk-store';
import { analyze } from '../../common/text/analyzer';
import type { SearchOptions } from '../../common/types';
import { pageDb } from './page-db';

const SEARCH_TIMEOUT_MS = 60_000;
/** Passages a result card shows before "more passages" (src/components/ResultCard.svelte). */
const CARD_PASSAGES = 3;

export interface QuestionCase {
  /** The expected document's file name, as it was ingested. */
  doc: string;
  query: string;
  /** Strings (matched case-insensitively) any of which marks a passage as answering. */
  expect: string[];
}

/**
 * Where a question's answer was lost: `floor` (the relevance floor emptied the result),
 * `document` (stage 1 cut its document), `section` (stage 2 cut every section holding it),
 * `proposition` (it passed both stages but ranked below 3), `passage` (no stored section holds an
 * expected string: parsing or chunking lost it), `missing` (the document is not in the library).
 */
export type LossStage = 'floor' | 'document' | 'section' | 'proposition' | 'passage' | 'missing';

export interface QuestionResult {
  query: string;
  doc: string;
  /** 1-based rank of the first answering result, or null. */
  rank: number | null;
  /**
   * The same judged only by what a result card shows before "more passages": its first three
   * passages, under its own document's name or one of the copies' it names ("Also in"). A long
   * section's other parts and the rest of its text are not on the card, so this is the page's
   * figure and `rank` an upper bound of it.
   */
  pageRank: number | null;
  /** Set when rank is null or above 3. */
  lost: LossStage | null;
  /** What the top three results were, as "name › heading path". */
  top: string[];
  /** Whether no result cleared the relevance floor, so the results were shown as weak matches. */
  weak: boolean;
  /**
   * Whether the extractive answer the page shows (from the results it asks for) holds an expected
   * string in a sentence cited to the expected document.
   */
  extractive: boolean;
  /** Whether the page showed an extractive answer at all (not "your documents don't seem to cover…"). */
  answered: boolean;
  /** Whether that answer holds a sentence from a document other than the one it cites first. */
  mixed: boolean;
  /** Whether its first sentence shares no content word with the question. */
  opensOff: boolean;
}

/** Results the page asks for, from which its extractive answer is made (src/components/AnswerPanel.svelte). */
const PAGE_RESULTS = DEFAULT_SEARCH_OPTIONS.limit;

/** Whether a sentence of `answer` cited to the expected document holds an expected string. */
const answers = (c: QuestionCase, answer: ExtractiveAnswer) =>
  answer.sentences.some((s) => answer.sources[s.source - 1]!.hit.docName === c.doc && holds(s.text, c.expect));

/** What the page's extractive answer (null when the results were weak) gives for `c`. */
function judgeAnswer(c: QuestionCase, answer: ExtractiveAnswer | null) {
  const sentences = answer?.sentences ?? [];
  const docOf = (source: number) => answer!.sources[source - 1]!.hit.docId;
  const asked = new Set(analyze(c.query));
  return {
    extractive: !!answer && answers(c, answer),
    answered: sentences.length > 0,
    mixed: sentences.some((s) => docOf(s.source) !== docOf(sentences[0]!.source)),
    opensOff: sentences.length > 0 && !analyze(sentences[0]!.text).some((term) => asked.has(term)),
  };
}

/** Whether `text` holds one of `expect`, ignoring case and how the text is wrapped (a manual page's 80 columns). */
const holds = (text: string, expect: string[]) => {
  const flat = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  const lower = flat(text);
  return expect.some((e) => lower.includes(flat(e)));
};

export async function askQuestions(
  cases: QuestionCase[],
  options: Partial<SearchOptions> = {},
): Promise<QuestionResult[]> {
  const db = pageDb();
  const out: QuestionResult[] = [];
  for (const c of cases) {
    const response = await engine.api.search(
      { query: c.query, options: { ...options, trace: true } },
      { timeoutMs: SEARCH_TIMEOUT_MS },
    );
    const { hits, stages } = response;
    const shown = hits.slice(0, 10).flatMap((h) => [h, ...(h.copies ?? [])]);
    const sections = await readSections(db, [...new Set(shown.map((h) => h.docId))]);
    const texts = new Map([...sections].map(([id, s]) => [id, s.text]));
    const inSection = (place: { docName: string; sectionId: string; parts?: string[] }) =>
      place.docName === c.doc && (place.parts ?? [place.sectionId]).some((id) => holds(texts.get(id) ?? '', c.expect));
    // A result also shows the copies of its passage that were folded into it (workers/retrieve/copies.ts),
    // and every part of a long section it spans (workers/retrieve/search.ts).
    const answering = (i: number) => {
      const hit = hits[i]!;
      return (
        (hit.docName === c.doc && hit.propositions.some((p) => holds(p.text, c.expect))) ||
        [hit, ...(hit.copies ?? [])].some(inSection)
      );
    };
    const at = hits.slice(0, 10).findIndex((_, i) => answering(i));
    const rank = at < 0 ? null : at + 1;
    const onCard = (i: number) => {
      const hit = hits[i]!;
      const names = [hit.docName, ...(hit.copies ?? []).map((copy) => copy.docName)];
      return names.includes(c.doc) && hit.propositions.slice(0, CARD_PASSAGES).some((p) => holds(p.text, c.expect));
    };
    const onPage = hits.slice(0, 10).findIndex((_, i) => onCard(i));
    out.push({
      query: c.query,
      doc: c.doc,
      rank,
      pageRank: onPage < 0 ? null : onPage + 1,
      lost: rank !== null && rank <= 3 ? null : await lossStage(c, stages),
      top: hits.slice(0, 3).map((h) => `${h.docName} › ${h.headingPath.join(' › ')}`),
      weak: !!response.weak,
      ...judgeAnswer(
        c,
        response.weak
          ? null
          : extractAnswer(response.searchedQuery, hits.slice(0, PAGE_RESULTS), wordsLookedFor(response)),
      ),
    });
  }
  return out;
}

async function lossStage(
  c: QuestionCase,
  stages: { documents: string[]; sections: string[]; belowFloor: boolean } | undefined,
): Promise<LossStage> {
  const db = pageDb();
  const doc = await db.documents.where('name').equals(c.doc).first();
  if (!doc) return 'missing';
  const { sections } = await readChunks(db, doc.id);
  const holding = new Set(sections.filter((s) => holds(s.text, c.expect)).map((s) => s.id));
  if (holding.size === 0) return 'passage';
  if (stages?.belowFloor) return 'floor';
  if (stages && stages.documents.length > 0 && !stages.documents.includes(doc.id)) return 'document';
  if (stages && stages.sections.length > 0 && !stages.sections.some((id) => holding.has(id))) return 'section';
  return 'proposition';
}
