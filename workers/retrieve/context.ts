/**
 * Context assembly (DESIGN §5): the propositions of the best results, grouped under their sections
 * under their documents in document order, adjacent hits merged, near-duplicates dropped, fitted to
 * a token budget, every piece with its citation. `prompt` is the "copy as prompt" text.
 */
import type { ResultHit } from '../../src/shared/types';
import { termSet } from '../../src/shared/analyzer';
import { mergePaged, pageReference } from '../../src/shared/page-reference';

export interface ContextPiece {
  /** Citation number, [n] in the prompt. */
  n: number;
  docName: string;
  docTitle: string;
  headingPath: string[];
  pages: number[];
  pageLabels?: string[];
  text: string;
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

const INSTRUCTION = 'Answer the question using only the sources below. Cite them as [n]. If they do not contain the answer, say so.';

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
  if (opts.countTokens(render([])) > opts.budget) return { pieces: [], tokens: 0, prompt: '' };
  const chosen = pickWithinBudget(dropNearDuplicates(candidates(hits), opts.duplicateOverlap ?? 0.8), opts);
  const pieces = toPieces(chosen);
  const prompt = render(pieces);
  return { pieces, tokens: opts.countTokens(prompt), prompt };
}

/** Every proposition of every hit, in relevance order (hit rank, then proposition rank). */
function candidates(hits: ResultHit[]): Candidate[] {
  return hits.flatMap((hit, rank) => hit.propositions.map((p) => ({ hit, rank, text: p.text, start: p.start, end: p.end, pages: p.pages, ...(p.pageLabels ? { pageLabels: p.pageLabels } : {}) })));
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

/** Adds candidates in relevance order while the rendered prompt still fits the budget. */
function pickWithinBudget(list: Candidate[], opts: ContextOptions): Candidate[] {
  const chosen: Candidate[] = [];
  for (const candidate of list) {
    const trial = [...chosen, candidate];
    if (opts.countTokens(render(toPieces(trial))) <= opts.budget) chosen.push(candidate);
  }
  return chosen;
}

/** Orders by document then position, merges touching propositions of one section, numbers them. */
function toPieces(chosen: Candidate[]): ContextPiece[] {
  const docRank = new Map<string, number>();
  for (const c of chosen) if (!docRank.has(c.hit.docId)) docRank.set(c.hit.docId, c.rank);
  const ordered = [...chosen].sort((a, b) => docRank.get(a.hit.docId)! - docRank.get(b.hit.docId)! || a.hit.docId.localeCompare(b.hit.docId) || a.start - b.start);
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
    pieces.push({ n: pieces.length + 1, docName: c.hit.docName, docTitle: c.hit.docTitle, headingPath: c.hit.headingPath, pages: c.pages, ...(c.pageLabels ? { pageLabels: c.pageLabels } : {}), text: c.text, sectionId: c.hit.sectionId, end: c.end });
  }
  return pieces.map(({ n, docName, docTitle, headingPath, pages, pageLabels, text }) => ({ n, docName, docTitle, headingPath, pages, ...(pageLabels ? { pageLabels } : {}), text }));
}

/** The citation line of a piece: document, heading path, pages. */
export function citation(piece: ContextPiece): string {
  const where = [piece.docTitle && piece.docTitle !== piece.docName ? `${piece.docTitle} (${piece.docName})` : piece.docName];
  if (piece.headingPath.length) where.push(piece.headingPath.join(' › '));
  if (piece.pages.length) where.push(pageReference(piece));
  return where.join(', ');
}

function render(pieces: ContextPiece[]): string {
  const sources = pieces.map((p) => `[${p.n}] ${citation(p)}\n${p.text}`).join('\n\n');
  return `${INSTRUCTION}\n\nSources:\n\n${sources}\n`;
}
