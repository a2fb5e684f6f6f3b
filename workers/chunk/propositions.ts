/**
 * Propositions: complete thoughts of one or more sentences, 50–150 tokens (30–200 hard bounds) unless
 * other sizes are chosen.
 * A sentence that opens with a dangling reference ("It", "This", "They"…) stays with the one before.
 * Code blocks, tables and list items are atomic: never cut, split only at line ends if over the max.
 */
import type { Block, PropositionType } from '../../common/types';
import { PROPOSITION, type PropositionSizes } from '../../common/chunk-sizes';
import { sentenceSpans, type Span } from '../../common/text/sentences';

export interface Unit extends Span {
  tokens: number;
  pages: number[];
  /** Starts with a reference to what came before: must not open a proposition. */
  dangling: boolean;
  /** Heading path of the heading section the unit belongs to (kept when small sections merge). */
  headingPath?: string[];
  /** First unit of its block (a paragraph, list item, code block…): a natural place to cut. */
  blockStart?: boolean;
}

const DANGLING =
  /^(?:it|its|this|that|these|those|they|them|their|such|he|she|his|her|there|here|thus|hence|therefore|however|also|moreover|furthermore|otherwise)\b/i;
const ATOMIC = new Set<Block['kind']>(['code', 'table', 'list-item']);

/** Splits blocks into sentence units (atomic blocks stay whole, or split at line ends when huge). */
export function unitsOf(
  blocks: Block[],
  text: string,
  countTokens: (t: string) => number,
  sizes: PropositionSizes = PROPOSITION,
): Unit[] {
  const units: Unit[] = [];
  let blockStart = false;
  const push = (span: Span, pages: number[], dangling: boolean) => {
    units.push({
      ...span,
      pages,
      dangling,
      tokens: countTokens(text.slice(span.start, span.end)),
      ...(blockStart ? { blockStart } : {}),
    });
    blockStart = false;
  };
  for (const block of blocks) {
    blockStart = true;
    const pages = block.pages ?? [];
    if (ATOMIC.has(block.kind)) {
      for (const span of atomicSpans(block, text, countTokens, sizes)) push(span, pages, false);
      continue;
    }
    for (const span of sentenceSpans(text, block.start, block.end)) {
      const sentence = text.slice(span.start, span.end);
      if (countTokens(sentence) > sizes.max)
        for (const part of wordWindows(text, span, countTokens, sizes)) push(part, pages, false);
      else push(span, pages, DANGLING.test(sentence));
    }
  }
  return units;
}

/** A block kept whole, unless it exceeds the hard maximum: then cut only between lines. */
function atomicSpans(block: Block, text: string, countTokens: (t: string) => number, sizes: PropositionSizes): Span[] {
  if (countTokens(block.text) <= sizes.max) return [{ start: block.start, end: block.end }];
  const spans: Span[] = [];
  let start = block.start;
  let tokens = 0;
  for (const line of text.slice(block.start, block.end).matchAll(/[^\n]*\n?/g)) {
    if (!line[0]) break;
    const lineTokens = countTokens(line[0]);
    const lineStart = block.start + line.index!;
    if (tokens + lineTokens > sizes.high && tokens > 0) {
      spans.push({ start, end: lineStart });
      start = lineStart;
      tokens = 0;
    }
    tokens += lineTokens;
  }
  spans.push({ start, end: block.end });
  // A single line over the maximum (a PDF list item has no line breaks) falls back to word windows.
  return spans
    .map((s) => trimSpan(text, s))
    .filter((s) => s.end > s.start)
    .flatMap((s) =>
      countTokens(text.slice(s.start, s.end)) > sizes.max ? wordWindows(text, s, countTokens, sizes) : [s],
    );
}

/** A run-on "sentence" with no boundary (a long line of data): windows of words, or of characters for a giant "word". */
function wordWindows(text: string, span: Span, countTokens: (t: string) => number, sizes: PropositionSizes): Span[] {
  const spans: Span[] = [];
  let start = span.start;
  let tokens = 0;
  for (const word of text.slice(span.start, span.end).matchAll(/\S+\s*/g)) {
    const at = span.start + word.index!;
    const t = countTokens(word[0]);
    if (tokens + t > sizes.high && tokens > 0) {
      spans.push(trimSpan(text, { start, end: at }));
      start = at;
      tokens = 0;
    }
    if (t > sizes.high) {
      // A dot leader, a hash or a URL longer than a proposition: cut it in proportional slices.
      const step = Math.max(1, Math.floor((word[0].length * sizes.high) / t));
      for (let cut = at + step; cut < at + word[0].trimEnd().length; cut += step) {
        spans.push({ start, end: cut });
        start = cut;
      }
    }
    tokens += t > sizes.high ? countTokens(text.slice(start, at + word[0].length)) : t;
  }
  spans.push(trimSpan(text, { start, end: span.end }));
  return spans.filter((s) => s.end > s.start);
}

function trimSpan(text: string, span: Span): Span {
  const slice = text.slice(span.start, span.end);
  return { start: span.start + (slice.length - slice.trimStart().length), end: span.start + slice.trimEnd().length };
}

/**
 * Whether text under heading path `b` continues the topic of text under `a`: a sub-heading of it, or
 * a sibling label inside a shared topic ("Pros" then "Cons" under "2.2 Imports"), not a new chapter.
 */
function sameTopic(a: string[], b: string[]): boolean {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared === a.length || (shared >= 2 && shared >= a.length - 1);
}

export interface Group extends Span {
  tokens: number;
  pages: number[];
  headingPath?: string[];
  /** The heading path of its last unit (what the next unit is compared with). */
  lastPath?: string[];
}

/**
 * Greedy grouping of units into propositions of about 50–150 tokens, never opening on a dangling
 * reference. A proposition stays under one heading (and keeps its path) unless it is a mere
 * fragment (like "Occasionally useful." under "Pros"), or under the minimum with the same topic
 * going on under the next heading: then it runs on into that heading's text, heading line
 * included, and keeps the heading path the two share (or the sub-heading's, see joinedPath).
 */
export function groupUnits(
  units: Unit[],
  measure: (start: number, end: number) => number,
  sizes: PropositionSizes = PROPOSITION,
): Group[] {
  // Under this many tokens a proposition is a fragment ("Occasionally useful."), not a thought of its own.
  const fragment = sizes.min / 2;
  const groups: Group[] = [];
  let current: Group | null = null;
  for (const unit of units) {
    if (current && current.lastPath !== unit.headingPath) {
      // Measured on the real text: the heading line (and any markup) between the two counts too.
      const short =
        current.tokens < fragment ||
        (current.tokens < sizes.min && sameTopic(current.lastPath ?? [], unit.headingPath ?? []));
      const joined = short ? measure(current.start, unit.end) : Infinity;
      if (joined <= sizes.max) absorb(current, unit, joined);
      else current = null;
      if (current) continue;
    }
    const fits =
      current &&
      (unit.dangling ? current.tokens + unit.tokens <= sizes.max : current.tokens + unit.tokens <= sizes.high);
    if (current && (fits || current.tokens < sizes.min) && current.tokens + unit.tokens <= sizes.max) {
      absorb(current, unit, current.tokens + unit.tokens);
    } else {
      current = {
        start: unit.start,
        end: unit.end,
        tokens: unit.tokens,
        pages: [...unit.pages],
        headingPath: unit.headingPath,
        lastPath: unit.headingPath,
      };
      groups.push(current);
    }
  }
  // A short tail joins the proposition before it under the same heading (a short last sub-section
  // keeps its own heading path) when that stays within the hard maximum.
  const last = groups.at(-1);
  const previous = groups.at(-2);
  if (
    last &&
    previous &&
    previous.lastPath === last.headingPath &&
    last.tokens < sizes.min &&
    previous.tokens + last.tokens <= sizes.max
  ) {
    absorb(previous, last, previous.tokens + last.tokens);
    groups.pop();
  }
  return groups;
}

function absorb(group: Group, next: Unit | Group, tokens: number): void {
  if (group.lastPath !== next.headingPath)
    group.headingPath = joinedPath(group.headingPath ?? [], next.headingPath ?? []);
  group.lastPath = 'lastPath' in next ? next.lastPath : next.headingPath;
  group.end = next.end;
  group.tokens = tokens;
  group.pages = [...new Set([...group.pages, ...next.pages])];
}

/**
 * The path of a proposition that runs on from `a`'s text into `b`'s. A parent's short lead-in
 * ("A short collection of notes.") is context for its first sub-section, so a path that extends
 * `a` wins; otherwise the leading headings both share (the first path's top heading if none).
 */
function joinedPath(a: string[], b: string[]): string[] {
  if (b.length > a.length && a.every((h, i) => b[i] === h)) return b;
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n > 0 ? a.slice(0, n) : a.slice(0, 1);
}

const EXAMPLE = /\b(for example|for instance|e\.g\.|such as|as an example|example:|for one thing)/i;
/** "A cache is a store…", "Idempotent methods are those…" — a short subject that is not a pronoun. */
const DEFINITION_LEAD =
  /^(?!(?:it|this|that|these|those|there|here|he|she|they|we|i|you|which|what|who|one|each|all|some|such)\b)[\p{L}\p{N}"'“”‘’`()_\-/. ]{1,60}?\s(?:is|are)\s(?:a|an|the|one of|any|used to)\s/iu;
const DEFINITION_ANYWHERE =
  /\b(refers? to|is defined as|are defined as|is called|are called|denotes|stands for|is known as|(?<!by |no |any )means(?! of))\b/i;
const IMPERATIVE =
  /^(run|use|click|open|select|install|type|enter|add|create|set|call|press|choose|make sure|ensure|check|configure|copy|remove|delete|download|save|go to|navigate|follow|avoid|do not|don't|never|always|prefer|write|put|start|stop|restart|edit|replace|specify|pass|import|keep|place|include|wrap|insert|connect|log in|sign in|update|upgrade|build|compile|deploy|verify|try|see|read|note that)\b/i;
const STEPS =
  /^(to [a-z]+\b[^.]{0,80},|\d+[.)]\s|step \d|first(ly)?,|then\b|next,|finally,|after that,|once [^.]{0,60},)/i;
/** Quantities, money, years and dates; or a subject that has, contains or returns something. */
const FACT =
  /\b\d[\d,.]*\s?(%|percent\b|per cent\b|(ms|seconds?|minutes?|hours?|days?|weeks?|months?|years?|[kmgt]i?b|bytes?|bits?|km|kg|mph|dollars?|euros?|people|times)\b)|[$€£¥]\s?\d|\b(1[5-9]\d\d|20[0-4]\d)\b|\b(january|february|march|april|may|june|july|august|september|october|november|december) \d/i;
const FACT_LEAD =
  /^(?!(?:it|this|that|these|those|there|here|he|she|they|we|i|you|which|what|who)\b)[\p{L}\p{N}"'“”‘’`()_\-/. ]{1,60}?\s(?:has|have|contains|consist of|consists of|includes|comprises|supports|requires|returns|holds|lists|takes)\s/iu;

/** A proposition's type from cheap rules on its wording (and the kinds of block it covers). */
export function propositionType(text: string, kinds: Set<Block['kind']>): PropositionType {
  const t = text.trim().replace(/^([-*+•]|\[[ x]\])\s+/i, '');
  if (kinds.has('code') || /^(```|~~~)/.test(t) || EXAMPLE.test(t)) return 'example';
  if (DEFINITION_LEAD.test(t) || DEFINITION_ANYWHERE.test(t)) return 'definition';
  if (STEPS.test(t) || IMPERATIVE.test(t)) return 'procedure';
  if (FACT.test(t) || FACT_LEAD.test(t)) return 'fact';
  return 'other';
}
