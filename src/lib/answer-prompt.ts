/**
 * The generator's prompt (issue 18): numbered sources with title, heading path and page, the
 * question, and the instruction to answer only from the sources and cite them. Sized to a token
 * budget: the generator's context window less the room its answer needs.
 */
import { pageReference } from '../shared/page-reference';

export interface PromptSource {
  docName: string;
  docTitle: string;
  headingPath: string[];
  pages: number[];
  pageLabels?: string[];
  text: string;
}

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
  'If the sources do not contain the answer, say that the documents do not cover it. Be brief.';

/** The citation line of a source: document, heading path, pages. */
export function sourceLine(source: PromptSource, n: number): string {
  const where = [source.docTitle && source.docTitle !== source.docName ? `${source.docTitle} (${source.docName})` : source.docName];
  if (source.headingPath.length) where.push(source.headingPath.join(' › '));
  if (source.pages.length) where.push(pageReference(source));
  return `[${n}] ${where.join(', ')}`;
}

function render(question: string, sources: PromptSource[], previous?: string | null): { system: string; user: string } {
  const listed = sources.map((s, i) => `${sourceLine(s, i + 1)}\n${s.text}`).join('\n\n');
  const earlier = previous ? `Earlier question in this conversation: ${previous}\n` : '';
  return { system: ANSWER_INSTRUCTION, user: `Sources:\n\n${listed}\n\n${earlier}Question: ${question}` };
}

/**
 * Keeps `sources` (best first) while the prompt fits `opts.budget`; a source that does not fit is
 * skipped so a shorter one after it can still be used. Returns null when not even one fits.
 */
export function buildPrompt<S extends PromptSource>(question: string, sources: S[], opts: PromptOptions): AnswerPrompt<S> | null {
  const size = (list: PromptSource[]) => {
    const { system, user } = render(question, list, opts.previous);
    return opts.countTokens(system) + opts.countTokens(user);
  };
  const kept: S[] = [];
  for (const source of sources) if (size([...kept, source]) <= opts.budget) kept.push(source);
  if (kept.length === 0) return null;
  return { ...render(question, kept, opts.previous), sources: kept, tokens: size(kept) };
}

/** A rough token count for budgeting before a tokenizer is loaded: about 4 characters a token. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);
