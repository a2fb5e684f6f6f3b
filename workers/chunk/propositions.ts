/**
 * Propositions: complete thoughts of one or more sentences, 50–150 tokens (30–200 hard bounds).
 * A sentence that opens with a dangling reference ("It", "This", "They"…) stays with the one before.
 * Code blocks, tables and list items are atomic: never cut, split only at line ends if over the max.
 */
import type { Block, PropositionType } from '../../src/shared/types';
import { PROPOSITION } from './sizes';
import { sentenceSpans, type Span } from './sentences';

export interface Unit extends Span {
  tokens: number;
  pages: number[];
  /** Starts with a reference to what came before: must not open a proposition. */
  dangling: boolean;
  /** Heading path of the heading section the unit belongs to (kept when small sections merge). */
  headingPath?: string[];
}

const DANGLING = /^(?:it|its|this|that|these|those|they|them|their|such|he|she|his|her|there|here|thus|hence|therefore|however|also|moreover|furthermore|otherwise)\b/i;
const ATOMIC = new Set<Block['kind']>(['code', 'table', 'list-item']);

/** Splits blocks into sentence units (atomic blocks stay whole, or split at line ends when huge). */
export function unitsOf(blocks: Block[], text: string, countTokens: (t: string) => number): Unit[] {
  const units: Unit[] = [];
  const push = (span: Span, pages: number[], dangling: boolean) => units.push({ ...span, pages, dangling, tokens: countTokens(text.slice(span.start, span.end)) });
  for (const block of blocks) {
    const pages = block.pages ?? [];
    if (ATOMIC.has(block.kind)) {
      for (const span of atomicSpans(block, text, countTokens)) push(span, pages, false);
      continue;
    }
    for (const span of sentenceSpans(text, block.start, block.end)) {
      const sentence = text.slice(span.start, span.end);
      if (countTokens(sentence) > PROPOSITION.max) for (const part of wordWindows(text, span, countTokens)) push(part, pages, false);
      else push(span, pages, DANGLING.test(sentence));
    }
  }
  return units;
}

/** A block kept whole, unless it exceeds the hard maximum: then cut only between lines. */
function atomicSpans(block: Block, text: string, countTokens: (t: string) => number): Span[] {
  if (countTokens(block.text) <= PROPOSITION.max) return [{ start: block.start, end: block.end }];
  const spans: Span[] = [];
  let start = block.start;
  let tokens = 0;
  for (const line of text.slice(block.start, block.end).matchAll(/[^\n]*\n?/g)) {
    if (!line[0]) break;
    const lineTokens = countTokens(line[0]);
    const lineStart = block.start + line.index!;
    if (tokens + lineTokens > PROPOSITION.high && tokens > 0) {
      spans.push({ start, end: lineStart });
      start = lineStart;
      tokens = 0;
    }
    tokens += lineTokens;
  }
  spans.push({ start, end: block.end });
  return spans.map((s) => trimSpan(text, s)).filter((s) => s.end > s.start);
}

/** A run-on "sentence" with no boundary (a long line of data): windows of words. */
function wordWindows(text: string, span: Span, countTokens: (t: string) => number): Span[] {
  const spans: Span[] = [];
  let start = span.start;
  let tokens = 0;
  for (const word of text.slice(span.start, span.end).matchAll(/\S+\s*/g)) {
    const t = countTokens(word[0]);
    if (tokens + t > PROPOSITION.high && tokens > 0) {
      spans.push(trimSpan(text, { start, end: span.start + word.index! }));
      start = span.start + word.index!;
      tokens = 0;
    }
    tokens += t;
  }
  spans.push(trimSpan(text, { start, end: span.end }));
  return spans;
}

function trimSpan(text: string, span: Span): Span {
  const slice = text.slice(span.start, span.end);
  return { start: span.start + (slice.length - slice.trimStart().length), end: span.start + slice.trimEnd().length };
}

export interface Group extends Span {
  tokens: number;
  pages: number[];
  headingPath?: string[];
}

/** Greedy grouping of units into propositions of about 50–150 tokens, never opening on a dangling reference. */
export function groupUnits(units: Unit[]): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  for (const unit of units) {
    // A proposition never spans two headings.
    if (current && current.headingPath !== unit.headingPath) current = null;
    const fits = current && (unit.dangling ? current.tokens + unit.tokens <= PROPOSITION.max : current.tokens + unit.tokens <= PROPOSITION.high);
    if (current && (fits || current.tokens < PROPOSITION.min) && current.tokens + unit.tokens <= PROPOSITION.max) {
      current.end = unit.end;
      current.tokens += unit.tokens;
      current.pages = [...new Set([...current.pages, ...unit.pages])];
    } else {
      current = { start: unit.start, end: unit.end, tokens: unit.tokens, pages: [...unit.pages], headingPath: unit.headingPath };
      groups.push(current);
    }
  }
  // A short tail joins the proposition before it when that stays within the hard maximum.
  const last = groups.at(-1);
  const previous = groups.at(-2);
  if (last && previous && last.headingPath === previous.headingPath && last.tokens < PROPOSITION.min && previous.tokens + last.tokens <= PROPOSITION.max) {
    previous.end = last.end;
    previous.tokens += last.tokens;
    previous.pages = [...new Set([...previous.pages, ...last.pages])];
    groups.pop();
  }
  return groups;
}

/** A proposition's type from cheap rules on its wording. */
export function propositionType(text: string, kinds: Set<Block['kind']>): PropositionType {
  const t = text.trim();
  if (kinds.has('code') || /\b(for example|for instance|e\.g\.|such as|example:)/i.test(t)) return 'example';
  if (/\b(is|are) (a|an|the) [^.]{0,80}\b(that|which|used|for|of)\b|\b(refers to|is defined as|means that|is called|are called|denotes)\b/i.test(t)) return 'definition';
  if (/^(to [a-z]+\b[^.]*,|\d+[.)]\s|step \d|first,|then\b|next,|finally,)/i.test(t) || /^(run|use|click|open|select|install|type|enter|add|create|set|call|press|choose|make sure|ensure)\b/i.test(t)) return 'procedure';
  if (/\d/.test(t) || /\b(has|have|contains|consists of|includes|was|were)\b/i.test(t)) return 'fact';
  return 'other';
}
