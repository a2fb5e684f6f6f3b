/**
 * Context and prompts from search results, both cut to a token budget and citing every source by
 * document, heading path and page:
 * - `assembleContext` (DESIGN §5), the "copy as prompt" text: the propositions of the best results,
 *   grouped under their sections under their documents in document order, adjacent hits merged,
 *   near-duplicates dropped;
 * - `buildPrompt`, the generator's prompt: numbered sources, the question, and the instruction to
 *   answer only from the sources, cite them, and answer in the question's language.
 */
import type { ResultHit } from '../types';
import { termSet } from './analyzer';
import { mergePaged, pageReference } from '../page-reference';

/** A passage as a prompt cites it. */
export interface PromptSource {
  docName: string;
  docTitle: string;
  headingPath: string[];
  pages: number[];
  /** The pages as the document prints them, where it labels them. */
  pageLabels?: string[];
  text: string;
}

/** The citation line of a source: document, heading path, pages (as the document prints them). */
export function citation(source: PromptSource): string {
  const where = [
    source.docTitle && source.docTitle !== source.docName ? `${source.docTitle} (${source.docName})` : source.docName,
  ];
  if (source.headingPath.length) where.push(source.headingPath.join(' › '));
  if (source.pages.length) where.push(pageReference(source));
  return where.join(', ');
}

/** The sources, numbered from 1, each under its citation line. */
function listSources(sources: PromptSource[]): string {
  return sources.map((s, i) => `[${i + 1}] ${citation(s)}\n${s.text}`).join('\n\n');
}

/**
 * Keeps `items` (best first) while `size` of those kept stays within `budget`; an item that does
 * not fit is skipped, so a shorter one after it can still be used.
 */
function fitToBudget<T>(items: T[], size: (kept: T[]) => number, budget: number): T[] {
  const kept: T[] = [];
  for (const item of items) if (size([...kept, item]) <= budget) kept.push(item);
  return kept;
}

// ── Copy as prompt ──────────────────────────────────────────────────────────────────────────

export interface ContextPiece extends PromptSource {
  /** Citation number, [n] in the prompt. */
  n: number;
}

export interface AssembledContext {
  pieces: ContextPiece[];
  tokens: number;
  prompt: string;
}

export interface ContextOptions {
  /** Token budget for the whole prompt (4,000 by default; 2,000 for small local models). */
  budget: number;
  countTokens: (text: string) => number;
  /** Token-set overlap above which a proposition counts as a near-duplicate of one kept. */
  duplicateOverlap?: number;
}

const CONTEXT_INSTRUCTION =
  'Answer the question using only the sources below. Cite them as [n]. If they do not contain the answer, say so.';

interface Candidate {
  hit: ResultHit;
  rank: number;
  text: string;
  start: number;
  end: number;
  pages: number[];
  pageLabels?: string[];
}

/** Builds the cited context for `hits` (best first) within `opts.budget` tokens. */
export function assembleContext(hits: ResultHit[], opts: ContextOptions): AssembledContext {
  // A budget too small for even the instruction gets nothing rather than an over-long prompt.
  if (opts.countTokens(renderContext([])) > opts.budget) return { pieces: [], tokens: 0, prompt: '' };
  const unique = dropNearDuplicates(candidates(hits), opts.duplicateOverlap ?? 0.8);
  const pieces = toPieces(fitToBudget(unique, (kept) => opts.countTokens(renderContext(toPieces(kept))), opts.budget));
  const prompt = renderContext(pieces);
  return { pieces, tokens: opts.countTokens(prompt), prompt };
}

/** Every proposition of every hit, in relevance order (hit rank, then proposition rank). */
function candidates(hits: ResultHit[]): Candidate[] {
  return hits.flatMap((hit, rank) =>
    hit.propositions.map((p) => ({
      hit,
      rank,
      text: p.text,
      start: p.start,
      end: p.end,
      pages: p.pages,
      ...(p.pageLabels ? { pageLabels: p.pageLabels } : {}),
    })),
  );
}

function dropNearDuplicates(list: Candidate[], threshold: number): Candidate[] {
  const kept: { candidate: Candidate; terms: Set<string> }[] = [];
  for (const candidate of list) {
    const terms = termSet(candidate.text);
    const duplicate = kept.some(({ terms: other }) => overlap(terms, other) >= threshold);
    if (!duplicate) kept.push({ candidate, terms });
  }
  return kept.map((k) => k.candidate);
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.min(a.size, b.size);
}

/** Orders by document then position, merges touching propositions of one section, numbers them. */
function toPieces(chosen: Candidate[]): ContextPiece[] {
  const docRank = new Map<string, number>();
  for (const c of chosen) if (!docRank.has(c.hit.docId)) docRank.set(c.hit.docId, c.rank);
  const ordered = [...chosen].sort(
    (a, b) =>
      docRank.get(a.hit.docId)! - docRank.get(b.hit.docId)! ||
      a.hit.docId.localeCompare(b.hit.docId) ||
      a.start - b.start,
  );
  const pieces: (ContextPiece & { sectionId: string; end: number })[] = [];
  for (const c of ordered) {
    const last = pieces.at(-1);
    // Adjacent: same section and nothing but whitespace between them in the source text.
    if (last && last.sectionId === c.hit.sectionId && c.start - last.end <= 2) {
      last.text = `${last.text} ${c.text}`;
      last.end = c.end;
      Object.assign(last, mergePaged(last, c));
      continue;
    }
    pieces.push({
      n: pieces.length + 1,
      docName: c.hit.docName,
      docTitle: c.hit.docTitle,
      headingPath: c.hit.headingPath,
      pages: c.pages,
      ...(c.pageLabels ? { pageLabels: c.pageLabels } : {}),
      text: c.text,
      sectionId: c.hit.sectionId,
      end: c.end,
    });
  }
  return pieces.map(({ n, docName, docTitle, headingPath, pages, pageLabels, text }) => ({
    n,
    docName,
    docTitle,
    headingPath,
    pages,
    ...(pageLabels ? { pageLabels } : {}),
    text,
  }));
}

function renderContext(pieces: ContextPiece[]): string {
  return `${CONTEXT_INSTRUCTION}\n\nSources:\n\n${listSources(pieces)}\n`;
}

// ── The generator's prompt ─────────────────────────────────────────────────────────────────

export interface PromptOptions {
  /** Tokens the whole prompt may use. */
  budget: number;
  countTokens: (text: string) => number;
  /** The earlier question of this conversation, when this one is a follow-up. */
  previous?: string | null;
}

export interface AnswerPrompt<S extends PromptSource = PromptSource> {
  system: string;
  user: string;
  /** The sources kept, numbered from 1 in this order. */
  sources: S[];
  tokens: number;
}

export const ANSWER_INSTRUCTION =
  'Answer the question using only the numbered sources. After each claim, cite the source it comes from as [n]. ' +
  'If the sources do not contain the answer, say that the documents do not cover it. Be brief. ' +
  // A German question over English sources wants a German answer: small models otherwise follow the sources.
  'Write the answer in the language of the question, whatever the language of the sources.';

function renderPrompt(
  question: string,
  sources: PromptSource[],
  previous?: string | null,
): { system: string; user: string } {
  const earlier = previous ? `Earlier question in this conversation: ${previous}\n` : '';
  return { system: ANSWER_INSTRUCTION, user: `Sources:\n\n${listSources(sources)}\n\n${earlier}Question: ${question}` };
}

/** The generator's prompt from `sources` (best first) within `opts.budget`; null when not even one source fits. */
export function buildPrompt<S extends PromptSource>(
  question: string,
  sources: S[],
  opts: PromptOptions,
): AnswerPrompt<S> | null {
  const size = (list: PromptSource[]) => {
    const { system, user } = renderPrompt(question, list, opts.previous);
    return opts.countTokens(system) + opts.countTokens(user);
  };
  const kept = fitToBudget(sources, size, opts.budget);
  if (kept.length === 0) return null;
  return { ...renderPrompt(question, kept, opts.previous), sources: kept, tokens: size(kept) };
}
