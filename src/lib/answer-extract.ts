/**
 * The extractive answer: the best 1–3 sentences of the top passages, in document order,
 * each citing the passage it came from. Pure, so it runs on the main thread with no model at all.
 *
 * Measured on the first 400 answerable SQuAD v2 dev questions (docs/answers.md): each rule below
 * names what it was worth there.
 */
import { analyze as contentTerms } from '../shared/text/analyzer';
import { answerSpans, answerType, fitsType, type AnswerType } from '../shared/text/answer-cues';
import { sentenceSpans } from '../shared/text/sentences';
import type { PropositionHit, RelatedTerm, ResultHit } from '../shared/types';

/** A passage an answer cites; `n` is its 1-based marker number. */
export interface AnswerSource {
  n: number;
  hit: ResultHit;
  passage: PropositionHit;
}

export interface AnswerSentence {
  text: string;
  /** The `n` of the source it was taken from. */
  source: number;
}

export interface ExtractiveAnswer {
  sentences: AnswerSentence[];
  sources: AnswerSource[];
}

/**
 * How many passages are read: the best of all results by their score, not so many of each result
 * (a result may span several parts of a long section, and hold more than its share of them).
 */
const PASSAGES = 9;
const MAX_SENTENCES = 3;
/** A further sentence of the best one's section must score at least this share of it, or it is noise. */
const KEEP_RATIO = 0.5;
/** From another section, this share (0.5 → 0.7: +0.005, and 8 fewer words an answer)… */
const ELSEWHERE_RATIO = 0.7;
/** …and at least two of the question's words: one shared word is another topic (−0.0025). */
const MIN_SHARED = 2;
/** Weight of the retriever's rank beside the word overlap (0–1). */
const RANK_NUDGE = 0.15;
/** Bonus of a sentence holding the kind of thing the question asks for, a year for "when" (+0.005). */
const TYPE_BONUS = 0.15;
/** Weight of the question's word pairs found side by side in the sentence, "size of the input" (+0.005). */
const PHRASE = 0.4;
/**
 * A question word the sentence holds only as another form sharing its first letters ("Europe" and
 * "European", "fiancee" and "fiancée", which the stemmer keeps apart) counts this much (+0.015).
 */
const NEAR_FORM = 0.7;
const NEAR_FORM_LETTERS = 5;
/** Typed term → the terms the search looked for in its stead ("start" for "begin"), with their shares. */
type StandIns = ReadonlyMap<string, readonly RelatedTerm[]>;
/**
 * A sentence that opens on a reference to the one before it ("This hypothesis is called…", "Such
 * problems are…", "But a storm…") goes on with its subject: it scores at least this share of that
 * sentence (+0.0175 on the first 400 questions, ±0 on the next 800).
 */
const CONTINUES = 0.6;
const CONTINUATION =
  /^(?:it|its|this|that|these|those|they|them|their|such|he|she|his|her|there|thus|hence|therefore|but)\b/i;

interface Candidate {
  text: string;
  /** Its place among the sentences of its passage. */
  index: number;
  /** Which run of text of its passage it is in (answerSpans): a heading or comment line ends a run. */
  block: number;
  hitRank: number;
  passageRank: number;
  hit: ResultHit;
  passage: PropositionHit;
  /** Where the sentence starts in its passage's text. */
  offset: number;
  /** How many of the question's terms it holds. */
  matched: number;
  score: number;
}

type Unscored = Omit<Candidate, 'score' | 'matched'>;

/**
 * Weighted share of `asked` (term → weight) that `terms` hold. A term held only in another form, or
 * only as a word the search looked for in its stead, counts in part.
 */
function coverage(terms: Set<string>, weight: Map<string, number>, standIns: StandIns): number {
  let shared = 0;
  let total = 0;
  for (const [term, w] of weight) {
    total += w;
    shared += terms.has(term) ? w : partly(term, terms, standIns) * w;
  }
  return total ? shared / total : 0;
}

/**
 * How much of `term` a sentence holds without holding it: another form sharing its first letters
 * ("Europe", "European"; +0.015), or a word the search looked for in its stead ("started" for
 * "begin"), at the share the search gave that word.
 */
function partly(term: string, terms: Set<string>, standIns: StandIns): number {
  let best = 0;
  for (const { term: standIn, share } of standIns.get(term) ?? []) if (terms.has(standIn)) best = Math.max(best, share);
  if (term.length < NEAR_FORM_LETTERS) return best;
  const start = term.slice(0, NEAR_FORM_LETTERS);
  for (const t of terms) if (t.startsWith(start)) return Math.max(best, NEAR_FORM);
  return best;
}

/** Weighted share of the question's adjacent word pairs that stand side by side in `terms` too. */
function phraseShare(terms: string[], pairs: Map<string, number>, total: number): number {
  const found = new Set<string>();
  for (let k = 1; k < terms.length; k++) {
    const pair = `${terms[k - 1]} ${terms[k]}`;
    if (pairs.has(pair)) found.add(pair);
  }
  return total ? [...found].reduce((sum, pair) => sum + pairs.get(pair)!, 0) / total : 0;
}

/**
 * Weighted share of the question's terms a sentence contains, plus its word pairs, a bonus when it
 * holds what the question's type asks for, nudged by the rank of its passage. A term's weight is
 * its rarity among the candidate sentences (a local IDF): the word every candidate shares (the
 * topic) tells less than the one only the answer shares.
 */
function scoreAll(list: Unscored[], question: string, type: AnswerType | null, standIns: StandIns): Candidate[] {
  const asked = contentTerms(question);
  const sequences = list.map((c) => contentTerms(c.text));
  const termsOf = sequences.map((terms) => new Set(terms));
  const weight = new Map<string, number>();
  for (const term of asked)
    weight.set(term, Math.log(1 + (list.length + 1) / (1 + termsOf.filter((t) => t.has(term)).length)));
  const pairs = new Map<string, number>();
  for (let k = 1; k < asked.length; k++)
    pairs.set(`${asked[k - 1]} ${asked[k]}`, weight.get(asked[k - 1]!)! + weight.get(asked[k]!)!);
  const pairTotal = [...pairs.values()].reduce((x, y) => x + y, 0);
  return list.map((c, i) => {
    const typed = type && fitsType(type, c.text, question) ? TYPE_BONUS : 0;
    // Rank breaks ties and lifts the retriever's favourite when no words are shared (a paraphrase).
    const score =
      coverage(termsOf[i]!, weight, standIns) +
      PHRASE * phraseShare(sequences[i]!, pairs, pairTotal) +
      typed +
      RANK_NUDGE / (1 + c.hitRank + c.passageRank);
    return { ...c, matched: [...weight.keys()].filter((term) => termsOf[i]!.has(term)).length, score };
  });
}

/** The sentences of the best passages, never a heading or a comment line (answerSpans). */
function candidates(
  question: string,
  hits: ResultHit[],
  related: readonly RelatedTerm[],
): { list: Candidate[]; asked: number } {
  const passages = hits
    .flatMap((hit, hitRank) => hit.propositions.map((passage, passageRank) => ({ hit, hitRank, passage, passageRank })))
    .sort((a, b) => b.passage.score - a.passage.score)
    .slice(0, PASSAGES);
  const list = passages.flatMap(({ hit, hitRank, passage, passageRank }) =>
    answerSpans(passage.text, [hit.docTitle, ...hit.headingPath])
      .flatMap((span, block) => sentenceSpans(passage.text, span.start, span.end).map((s) => ({ ...s, block })))
      .map(({ start, end, block }, index) => ({
        index,
        block,
        text: passage.text.slice(start, end),
        hitRank,
        passageRank,
        hit,
        passage,
        offset: start,
      })),
  );
  const standIns = new Map<string, RelatedTerm[]>();
  for (const r of related) standIns.set(r.standsFor, [...(standIns.get(r.standsFor) ?? []), r]);
  const scored = scoreAll(list, question, answerType(question), standIns);
  scored.forEach((c, i) => {
    const before = scored[i - 1];
    if (before?.passage === c.passage && before.index === c.index - 1 && CONTINUATION.test(c.text))
      c.score = Math.max(c.score, CONTINUES * before.score);
  });
  return { list: scored, asked: new Set(contentTerms(question)).size };
}

/**
 * Picks the answer sentences for `question` from `hits` (best first); empty when nothing was found.
 * `related` are the words the search looked for in the question's stead (SearchResponse.relatedTerms).
 */
export function extractAnswer(
  question: string,
  hits: ResultHit[],
  related: readonly RelatedTerm[] = [],
): ExtractiveAnswer {
  const { list: all, asked } = candidates(question, hits, related);
  const seen = new Set<string>();
  const ranked = [...all].sort((a, b) => b.score - a.score).filter((c) => !seen.has(c.text) && seen.add(c.text));
  const best = ranked[0];
  if (!best) return { sentences: [], sources: [] };
  const chosen = ranked.filter((c) => c === best || belongs(c, best, asked)).slice(0, MAX_SENTENCES);
  const context = contextOf(best, all);
  if (context && chosen.length < MAX_SENTENCES && !chosen.some((c) => c.text === context.text)) chosen.push(context);
  // Document order: the documents as ranked, then position in the document.
  chosen.sort(
    (a, b) => documentRank(a, all) - documentRank(b, all) || a.passage.start + a.offset - (b.passage.start + b.offset),
  );
  const sources: AnswerSource[] = [];
  const sentences = chosen.map((c) => {
    let source = sources.find((s) => s.passage.id === c.passage.id);
    if (!source) sources.push((source = { n: sources.length + 1, hit: c.hit, passage: c.passage }));
    return { text: c.text, source: source.n };
  });
  return { sentences, sources };
}

/**
 * Whether `c` may join the answer beside `best`: close to it in score and, from another section,
 * closer still and sharing more with the question than one word.
 */
function belongs(c: Candidate, best: Candidate, asked: number): boolean {
  if (c.hit.sectionId === best.hit.sectionId) return c.score >= best.score * KEEP_RATIO;
  return c.score >= best.score * ELSEWHERE_RATIO && c.matched >= Math.min(MIN_SHARED, asked);
}

/**
 * The sentence that gives the best one its context, shown when the answer has room for it: the one
 * before it when it opens on a reference to it ("It appoints the board…" says what "it" is only
 * beside the sentence before), else the one after it, which goes on from it. Never across
 * a heading or a comment line. On SQuAD the answer is often there, not in the sentence that
 * restates the question (+0.0025, +0.005, +0.01 on three slices of 400 questions; 4–8 more words).
 */
function contextOf(best: Candidate, all: Candidate[]): Candidate | undefined {
  const step = CONTINUATION.test(best.text) ? -1 : 1;
  return all.find((c) => c.passage === best.passage && c.block === best.block && c.index === best.index + step);
}

function documentRank(c: Candidate, all: Candidate[]): number {
  return all.findIndex((other) => other.hit.docId === c.hit.docId);
}
