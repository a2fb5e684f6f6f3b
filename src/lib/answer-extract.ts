/**
 * The extractive answer: the best 1–3 sentences of the top passages, the best one's document
 * first, each citing the passage it came from; none when no sentence shares a word with the question. Pure, so it runs on the main thread with no model at all.
 *
 * Measured on the first 400 answerable SQuAD v2 dev questions (docs/answers.md): each rule below
 * names what it was worth there.
 */
import { analyze as contentTerms } from '../../common/text/analyzer';
import { answerSpans, answerType, figuresBefore, fitsType, isFigures, type AnswerType } from './text/answer-cues';
import { sentenceSpans } from '../../common/text/sentences';
import type { PropositionHit, ResultHit, SearchResponse } from '../../common/types';

/** A passage an answer cites; `n` is its 1-based marker number. */
export interface AnswerSource {
  n: number;
  hit: ResultHit;
  passage: PropositionHit;
  /**
   * Where in the passage's text the sentences the answer quotes from it lie, [start, end): what its
   * marker opens marked (quotedPassage). Absent for a generated answer, which cites whole passages.
   */
  quoted?: { start: number; end: number };
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
/**
 * From another document, only in a near tie: both documents answer. Below it a second document's
 * sentence was a neighbour of the topic, mixed into the answer (31 of 54 answers on the larger
 * held-out languages library before this rule).
 */
const OTHER_DOCUMENT_RATIO = 0.9;
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
/** In a German sentence, a question word as the last part of a compound ("Beschreibung" in "Kurzbeschreibung") is a near form too. */
const COMPOUND_TAIL = 6;
/**
 * A sentence that opens on a reference to the one before it ("This hypothesis is called…", "Such
 * problems are…", "But a storm…") goes on with its subject: it scores at least this share of that
 * sentence (+0.0175 on the first 400 questions, ±0 on the next 800).
 */
const CONTINUES = 0.6;
const CONTINUATION = new RegExp(
  '^(?:it|its|this|that|these|those|they|them|their|such|he|she|his|her|there|thus|hence|therefore|but' +
    // German and French; not "Sie", which opens an instruction ("Sie können…"), nor an article.
    '|es|er|dies|diese[rsmn]?|daher|deshalb|dadurch|dabei|aber|allerdings|jedoch' +
    '|il|elle|ils|elles|cela|ceci|ce|cet|cette|ces|mais|donc|ainsi|leurs?|son|sa|ses)(?![\\p{L}\\p{N}_])',
  'iu',
);

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
  /** Whether it shares a content word with the question, as itself or a near form. */
  shares: boolean;
  score: number;
}

type Unscored = Omit<Candidate, 'score' | 'matched' | 'shares'>;

/** Weighted share of `asked` (term → weight) that `terms` hold, near forms counting in part. */
function coverage(terms: Set<string>, weight: Map<string, number>, german = false): number {
  let shared = 0;
  let total = 0;
  for (const [term, w] of weight) {
    total += w;
    if (terms.has(term)) shared += w;
    else if (term.length >= NEAR_FORM_LETTERS) {
      const start = term.slice(0, NEAR_FORM_LETTERS);
      for (const t of terms)
        if (
          t.startsWith(start) ||
          (german && term.length >= COMPOUND_TAIL && t.length > term.length + 2 && t.endsWith(term))
        ) {
          shared += NEAR_FORM * w;
          break;
        }
    }
  }
  return total ? shared / total : 0;
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
 * topic) tells less than the one only the answer shares. Every sentence is read as English, so a
 * French "de" or "les" counts as a shared word: reading each in its passage's language (as the
 * highlights do) was measured and lost answers on both held-out languages sets (24 → 21 of 57,
 * 13 → 12 of 57 on the whole guide; docs/answers.md), since these rules were set with those words in.
 */
function scoreAll(list: Unscored[], question: string, type: AnswerType | null, related: Set<string>): Candidate[] {
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
    const covered = coverage(termsOf[i]!, weight, c.hit.lang === 'de');
    const score =
      covered +
      PHRASE * phraseShare(sequences[i]!, pairs, pairTotal) +
      typed +
      RANK_NUDGE / (1 + c.hitRank + c.passageRank);
    return {
      ...c,
      matched: [...weight.keys()].filter((term) => termsOf[i]!.has(term)).length,
      shares: covered > 0 || sequences[i]!.some((term) => related.has(term)),
      score,
    };
  });
}

/** A sentence that asks ("Wie kann ich dmix benutzen ?", "¿Por qué?"): it ends on a question mark. */
const QUESTION = /[?？]\s*\S{0,2}$/u;

/** The sentences of the best passages, never a heading, a comment line (answerSpans) or a question. */
function candidates(question: string, hits: ResultHit[], related: Set<string>): { list: Candidate[]; asked: number } {
  const passages = hits
    .flatMap((hit, hitRank) => hit.propositions.map((passage, passageRank) => ({ hit, hitRank, passage, passageRank })))
    .sort((a, b) => b.passage.score - a.passage.score)
    .slice(0, PASSAGES);
  const list = passages.flatMap(({ hit, hitRank, passage, passageRank }) =>
    answerSpans(passage.text, [hit.docTitle, ...hit.headingPath])
      .flatMap((span, block) => sentenceSpans(passage.text, span.start, span.end).map((s) => ({ ...s, block })))
      // Figures are no sentence, nor part of the one they were run into.
      .map((s) => ({ ...s, start: s.start + figuresBefore(passage.text.slice(s.start, s.end)) }))
      .filter((s) => !isFigures(passage.text.slice(s.start, s.end)))
      // A question is no answer: an FAQ's next question, a rhetorical one.
      .filter((s) => !QUESTION.test(passage.text.slice(s.start, s.end)))
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
  const scored = scoreAll(list, question, answerType(question), related);
  scored.forEach((c, i) => {
    const before = scored[i - 1];
    if (before?.passage === c.passage && before.index === c.index - 1 && CONTINUATION.test(c.text))
      c.score = Math.max(c.score, CONTINUES * before.score);
  });
  return { list: scored, asked: new Set(contentTerms(question)).size };
}

/** The words a search looked for in the question's stead: related words, and its words in the library's other languages. */
export function wordsLookedFor(response: Pick<SearchResponse, 'relatedWords' | 'translatedWords'>): string[] {
  return [...(response.relatedWords ?? []), ...(response.translatedWords ?? [])];
}

/**
 * Picks the answer sentences for `question` from `hits` (best first); empty when nothing was found.
 * `relatedWords` are the words the search looked for in the question's stead (SearchResponse): a
 * sentence holding one shares a word with the question, though they do not raise its score.
 */
export function extractAnswer(question: string, hits: ResultHit[], relatedWords: string[] = []): ExtractiveAnswer {
  const { list: all, asked } = candidates(question, hits, new Set(relatedWords.flatMap((word) => contentTerms(word))));
  const seen = new Set<string>();
  const ranked = [...all].sort((a, b) => b.score - a.score).filter((c) => !seen.has(c.text) && seen.add(c.text));
  // The best sentence that shares a word with the question. A sentence that shares none may score
  // higher (by the kind of answer asked for, or its passage's rank) but is never quoted first; when
  // none shares a word, quoting one would be quoting at random (tick marks, digit soup): the page
  // says the documents do not seem to cover it and shows the passages.
  const best = ranked.find((c) => c.shares);
  if (!best) return { sentences: [], sources: [] };
  const chosen = ranked.filter((c) => c === best || (c.shares && belongs(c, best, asked))).slice(0, MAX_SENTENCES);
  const context = contextOf(best, all);
  if (context && chosen.length < MAX_SENTENCES && !chosen.some((c) => c.text === context.text)) chosen.push(context);
  // The best sentence's document first, then the others as ranked; in a document, the best
  // sentence's section first, then its other sections by their best sentence (not the order of the
  // text: an earlier section's sentence opened answers that another section answered); in a
  // section, the order of the text.
  const rank = (c: Candidate) => (c.hit.docId === best.hit.docId ? -1 : documentRank(c, all));
  const sectionOrder = new Map<string, number>();
  // `chosen` is in score order, the best sentence first.
  for (const c of chosen) if (!sectionOrder.has(c.hit.sectionId)) sectionOrder.set(c.hit.sectionId, sectionOrder.size);
  const section = (c: Candidate) => sectionOrder.get(c.hit.sectionId)!;
  chosen.sort(
    (a, b) => rank(a) - rank(b) || section(a) - section(b) || a.passage.start + a.offset - (b.passage.start + b.offset),
  );
  // It never opens on a sentence that shares no word with the question (a context sentence before the best).
  while (!chosen[0]!.shares) chosen.shift();
  const sources: AnswerSource[] = [];
  const sentences = chosen.map((c) => {
    const span = { start: c.offset, end: c.offset + c.text.length };
    let source = sources.find((s) => s.passage.id === c.passage.id);
    if (!source) sources.push((source = { n: sources.length + 1, hit: c.hit, passage: c.passage, quoted: span }));
    else
      source.quoted = {
        start: Math.min(source.quoted!.start, span.start),
        end: Math.max(source.quoted!.end, span.end),
      };
    return { text: c.text, source: source.n };
  });
  return { sentences, sources };
}

/**
 * The part of a source's passage its marker opens marked: the sentences quoted from it (from the
 * first to the last), or the whole passage when none were (a generated answer's source). Its pages
 * stay the passage's: the viewer looks for it on each in turn.
 */
export function quotedPassage(source: AnswerSource): PropositionHit {
  const { passage, quoted } = source;
  if (!quoted || !passage.text || (quoted.start <= 0 && quoted.end >= passage.text.length)) return passage;
  return {
    ...passage,
    text: passage.text.slice(quoted.start, quoted.end),
    start: passage.start + quoted.start,
    end: passage.start + quoted.end,
  };
}

/**
 * Whether `c` may join the answer beside `best`: close to it in score and, from another section,
 * closer still and sharing more with the question than one word; from another document, all but
 * tied, and in the same language.
 */
function belongs(c: Candidate, best: Candidate, asked: number): boolean {
  if (c.hit.sectionId === best.hit.sectionId) return c.score >= best.score * KEEP_RATIO;
  // An answer does not change language on the way: another document's sentence in another language
  // is a passage of that language's library, not more of this answer.
  if (c.hit.docId !== best.hit.docId && (c.hit.lang ?? 'en') !== (best.hit.lang ?? 'en')) return false;
  const ratio = c.hit.docId === best.hit.docId ? ELSEWHERE_RATIO : OTHER_DOCUMENT_RATIO;
  return c.score >= best.score * ratio && c.matched >= Math.min(MIN_SHARED, asked);
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
