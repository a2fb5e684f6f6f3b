/**
 * The extractive answer: the best 1–3 sentences of the top passages, in document order,
 * each citing the passage it came from. Pure, so it runs on the main thread with no model at all.
 */
import { analyze as contentTerms } from '../shared/text/analyzer';
import { splitSentences } from '../shared/text/sentences';
import type { PropositionHit, ResultHit } from '../shared/types';

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
/** A further sentence must score at least this share of the best one, or it is noise. */
const KEEP_RATIO = 0.5;
/** Weight of the retriever's rank beside the word overlap (0–1). */
const RANK_NUDGE = 0.15;

interface Candidate {
  text: string;
  hitRank: number;
  passageRank: number;
  hit: ResultHit;
  passage: PropositionHit;
  offset: number;
  score: number;
}

/**
 * Weighted share of the question's terms a sentence contains, nudged by the rank of its passage.
 * A term's weight is its rarity among the candidate sentences (a local IDF): the word every
 * candidate shares (the topic) tells less than the one only the answer shares.
 */
function scoreAll(list: Omit<Candidate, 'score'>[], question: Set<string>): Candidate[] {
  const termsOf = list.map((c) => new Set(contentTerms(c.text)));
  const weight = new Map<string, number>();
  for (const term of question)
    weight.set(term, Math.log(1 + (list.length + 1) / (1 + termsOf.filter((t) => t.has(term)).length)));
  const total = [...weight.values()].reduce((x, y) => x + y, 0);
  return list.map((c, i) => {
    let shared = 0;
    for (const [term, w] of weight) if (termsOf[i]!.has(term)) shared += w;
    // Rank breaks ties and lifts the retriever's favourite when no words are shared (a paraphrase).
    return { ...c, score: (total ? shared / total : 0) + RANK_NUDGE / (1 + c.hitRank + c.passageRank) };
  });
}

function candidates(question: string, hits: ResultHit[]): Candidate[] {
  const passages = hits
    .flatMap((hit, hitRank) => hit.propositions.map((passage, passageRank) => ({ hit, hitRank, passage, passageRank })))
    .sort((a, b) => b.passage.score - a.passage.score)
    .slice(0, PASSAGES);
  const list = passages.flatMap(({ hit, hitRank, passage, passageRank }) => {
    let offset = 0;
    return splitSentences(passage.text).map((text) => {
      const c = { text, hitRank, passageRank, hit, passage, offset };
      offset += text.length + 1;
      return c;
    });
  });
  return scoreAll(list, new Set(contentTerms(question)));
}

/** Picks the answer sentences for `question` from `hits` (best first); empty when nothing was found. */
export function extractAnswer(question: string, hits: ResultHit[]): ExtractiveAnswer {
  const all = candidates(question, hits);
  const seen = new Set<string>();
  const ranked = [...all].sort((a, b) => b.score - a.score).filter((c) => !seen.has(c.text) && seen.add(c.text));
  const best = ranked[0];
  if (!best) return { sentences: [], sources: [] };
  const chosen = ranked.slice(0, MAX_SENTENCES).filter((c) => c.score >= best.score * KEEP_RATIO);
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

function documentRank(c: Candidate, all: Candidate[]): number {
  return all.findIndex((other) => other.hit.docId === c.hit.docId);
}
