/**
 * What kind of answer a question asks for, and which lines of a passage can never be one. General
 * English question words only (who, when, how many, how to…): the cues are the same for every
 * library, so they never learn one benchmark's questions.
 */
import type { PropositionHit, ResultHit } from '../types';
import { analyze } from './analyzer';
import { sentenceSpans, type Span } from './sentences';

export type AnswerType = 'person' | 'time' | 'quantity' | 'place' | 'procedure' | 'reason';

const TYPES: [AnswerType, RegExp][] = [
  // Before `time`: "how long" and "how old" ask for a number.
  [
    'quantity',
    /\bhow (?:many|much|long|old|far|large|big|small|often|tall|high|wide|deep|fast)\b|\bwhat (?:percentage|percent|number|amount|proportion|size|fraction)\b/i,
  ],
  ['time', /\bwhen\b|\b(?:what|which|in what) (?:year|date|century|decade|month|day|time|period|era|age)\b/i],
  ['person', /\bwho(?:m|se)?\b/i],
  [
    'place',
    /\bwhere\b|\b(?:what|which) (?:country|city|state|region|place|area|town|continent|island|river|location)\b/i,
  ],
  // "how do I…", "how can you…", "how to…": a way to do something, not how something is.
  [
    'procedure',
    /\bhow (?:do|can|could|should|would|shall|may) (?:i|you|we|one)\b|\bhow to\b|\bwhat (?:command|function|option|way)\b/i,
  ],
  ['reason', /\bwhy\b|\bwhat (?:caused|causes|made)\b/i],
];

/** The kind of answer `question` asks for, or null when its words say nothing of it (a plain "what…"). */
export function answerType(question: string): AnswerType | null {
  return TYPES.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
}

const NUMBER =
  /\d+(?:[.,]\d+)*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|once|twice|several)\b/gi;
/**
 * A date: a year, an ordinal ("the 9th century", "May 3rd"), a month or weekday, an era. Not the
 * bare words "years" or "century": "for many years" does not say when.
 */
const TIME =
  /\b(?:1\d{3}|20\d{2})s?\b|\b\d+(?:st|nd|rd|th)\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\b\d+\s*(?:BC|AD|BCE|CE)\b|\b(?:AD|CE)\s*\d+\b/g;
/** A name: a capitalised word inside the sentence (the first word is capitalised anyway). */
const NAME = /(?<=[\p{L},;:)] )\p{Lu}[\p{L}'’.-]+/gu;
/** Instruction cues: "To quit, use q()", "type", "run", a call or a command line. */
const PROCEDURE =
  /^(?:to|use|type|run|call|press|enter|set|add|write|click|select|open|install|pass|give)\b|\b(?:use|type|run|call|press|enter|invoke|execute)\b|\w\(\S*\)|(?:^|\s)(?:\$|>|--)\s?\w/i;
const REASON = /\b(?:because|since|due to|owing to|so that|in order to|as a result|therefore|thus|caused|reason)\b/i;

/** Whether `sentence` holds a match of `cue` (a global pattern) that `question` does not say itself. */
function holdsNew(sentence: string, cue: RegExp, question: string): boolean {
  return [...sentence.matchAll(cue)].some((m) => !says(question, m[0]));
}

/** Whether `text` holds `word` as a whole word ("1812" holds 1812, not 1 or 18), ignoring case. */
function says(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * Whether `sentence` holds the kind of thing `type` asks for, beyond the question's own words (a
 * name, date or number the question already says is not its answer: "when did the war of 1812
 * end" is not answered by "the war of 1812").
 */
export function fitsType(type: AnswerType, sentence: string, question: string): boolean {
  switch (type) {
    case 'quantity':
      return holdsNew(sentence, NUMBER, question);
    case 'time':
      return holdsNew(sentence, TIME, question);
    case 'person':
    case 'place':
      return holdsNew(sentence, NAME, question);
    case 'procedure': {
      // Or it opens with the very verb asked about, as an instruction: "how do I indent…" → "Indent 2 spaces."
      const opening = analyze(sentence.split(/\s/, 1)[0] ?? '');
      return PROCEDURE.test(sentence) || (opening.length > 0 && analyze(question).includes(opening[0]!));
    }
    case 'reason':
      return REASON.test(sentence);
  }
}

/** A comment line of code (`#`, `//`, `--`, `;`, `/*`, `*`), or a rule of `#`, `=`, `-`, `*`. */
const COMMENT = /^\s*(?:#|\/\/|--\s|;|\/\*|\*\s|\*\/)|^\s*([#=*_~-])\1{3,}\s*$/;
/** A numbered heading's number: "1.5", "A.2", "IV.", "§ 3". */
const HEADING_NUMBER = /^(?:§\s*)?(?:[\dA-Z]{1,3}[.)]?)(?:\.\d+)*\.?\s+/;
const MAX_HEADING_WORDS = 12;
const TABLE_ROW = /^\s*\|?[^|\n]*\S\s+\|\s+\S/;

function normalise(text: string): string {
  return text.replace(HEADING_NUMBER, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The spans of `text` that may hold an answer: every line but headings (a line that is one of
 * `headings`, with or without its number, or a short line standing alone above a paragraph) and
 * comment lines of code. A span never runs across a dropped line, so a heading is never glued to
 * the sentence under it.
 */
export function answerSpans(text: string, headings: readonly string[] = []): Span[] {
  const known = new Set(headings.map(normalise).filter(Boolean));
  const lines: Span[] = [];
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    lines.push({ start, end: end < 0 ? text.length : end });
    if (end < 0) break;
    start = end + 1;
  }
  const blank = (i: number) => i < 0 || i >= lines.length || !text.slice(lines[i]!.start, lines[i]!.end).trim();
  const dropped = lines.map(({ start, end }, i) => {
    const line = text.slice(start, end).trim();
    if (!line || COMMENT.test(line) || known.has(normalise(line))) return true;
    // A short unpunctuated line standing alone between blank lines is a heading or a caption.
    return blank(i - 1) && blank(i + 1) && line.split(/\s+/).length <= MAX_HEADING_WORDS && !/[.!?:;,)]$/.test(line);
  });
  // A table row is read on its own: the row, not the table, is what may answer.
  const row = lines.map(({ start, end }) => TABLE_ROW.test(text.slice(start, end)));
  const spans: Span[] = [];
  lines.forEach((line, i) => {
    if (dropped[i]) return;
    const previous = spans.at(-1);
    if (previous && i > 0 && !dropped[i - 1] && !row[i] && !row[i - 1]) previous.end = line.end;
    else spans.push({ ...line });
  });
  return spans;
}

/**
 * How many passages the extractive answer reads: the best of all results by their score, not so
 * many of each result (a result may span several parts of a long section, and hold more than its
 * share of them).
 */
const ANSWER_PASSAGES = 9;

export interface AnswerPassage {
  hit: ResultHit;
  hitRank: number;
  passage: PropositionHit;
  passageRank: number;
}

/** The passages the extractive answer reads, best first (the engine scores their sentences' meaning). */
export function answerPassages(hits: readonly ResultHit[]): AnswerPassage[] {
  return hits
    .flatMap((hit, hitRank) => hit.propositions.map((passage, passageRank) => ({ hit, hitRank, passage, passageRank })))
    .sort((a, b) => b.passage.score - a.passage.score)
    .slice(0, ANSWER_PASSAGES);
}

/** The sentences of a passage that may be quoted, each with the run of text (answerSpans) it is in. */
export function answerSentences(passage: PropositionHit, hit: ResultHit): (Span & { block: number })[] {
  return answerSpans(passage.text, [hit.docTitle, ...hit.headingPath]).flatMap((span, block) =>
    sentenceSpans(passage.text, span.start, span.end).map((s) => ({ ...s, block })),
  );
}
