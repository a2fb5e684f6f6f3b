/**
 * A document's size does not buy it rank (DESIGN §5, last point). A 2,000-page manual has
 * thousands of sections that each share a word or two with almost any question; ranked only by
 * score, they fill the sections stage 2 keeps and the first results, and the short document whose
 * one section answers is cut before it is scored (measured on a development library, docs/retrieval.md).
 * Two rules, each a search option so the evaluation can compare with and without:
 *
 * - Stage 2 keeps each candidate document's best sections beside the best sections overall: a
 *   document is judged by its best-matching parts, not outvoted by another's many.
 * - The first results hold a capped number of results from one document while another document
 *   has a result that is an answer too (clears the relevance floor) and is ten times smaller,
 *   unless the question names that document: the cap is against a big document's size, so
 *   documents of like size keep the order their scores give.
 */
import type { ResultHit } from '../../common/types';
import { analyze } from '../../common/text/analyzer';
import type { LibraryIndex } from './library-index';

/** The cap on one document's share of the first results. */
export interface DocumentCap {
  /** How many of the first results the cap looks at. */
  window: number;
  /** How many of them one document may hold while another has an answer to put there. */
  perDocument: number;
  /**
   * How many times more sections the full document must have than the other's for the cap to act
   * (absent: any size): the cap is against a big document's size, not against a document of like size.
   */
  sizeRatio?: number;
}

/**
 * Stage 2's sections with each candidate document's `perDocument` best sections added (those the
 * top ones do not already hold). `fused` scores every section of the candidate documents.
 */
export function withBestOfEachDocument(
  index: LibraryIndex,
  top: Map<string, number>,
  fused: Map<string, number>,
  docIds: Iterable<string>,
  perDocument: number,
): Map<string, number> {
  if (perDocument <= 0) return top;
  const kept = new Map(top);
  for (const docId of docIds) {
    const own = (index.sectionsOfDoc.get(docId) ?? [])
      .filter((id) => (fused.get(id) ?? 0) > 0)
      .sort((a, b) => fused.get(b)! - fused.get(a)!)
      .slice(0, perDocument);
    for (const id of own) kept.set(id, fused.get(id)!);
  }
  return kept;
}

/** The first `k` of `sorted` and, after them, the first entry of each document they leave out, in order. */
export function withFirstOfEachDocument<T extends { id: string }>(
  sorted: T[],
  k: number,
  docOf: (id: string) => string,
): T[] {
  const first = sorted.slice(0, k);
  const seen = new Set(first.map((entry) => docOf(entry.id)));
  for (const entry of sorted.slice(k)) {
    const docId = docOf(entry.id);
    if (seen.has(docId)) continue;
    seen.add(docId);
    first.push(entry);
  }
  return first;
}

/**
 * Whether the question names the document: every word of its file name (without the extension) or
 * of its title is among the question's words ("in the tmux manual, …" names tmux.txt).
 */
export function namesDocument(queryTerms: Set<string>, doc: { name: string; title: string }): boolean {
  const named = (text: string) => {
    const terms = analyze(text);
    return terms.length > 0 && terms.every((t) => queryTerms.has(t));
  };
  return named(doc.name.replace(/\.[^.]+$/, '')) || named(doc.title);
}

/**
 * The results reordered so that no document holds more than `cap.perDocument` of the first
 * `cap.window` while another document's result that is an answer (`answers`) can take the place,
 * from a document `cap.sizeRatio` times smaller (by `sizeOf`, its sections); a document the
 * question names is not capped. Past the window the order is unchanged.
 */
export function capPerDocument(
  hits: ResultHit[],
  cap: DocumentCap,
  answers: (hit: ResultHit) => boolean,
  named: (docId: string) => boolean,
  /** A document's number of sections, for `cap.sizeRatio`. */
  sizeOf: (docId: string) => number = () => 0,
): ResultHit[] {
  if (cap.perDocument <= 0 || cap.window <= 0) return hits;
  const rest = [...hits];
  const first: ResultHit[] = [];
  const held = new Map<string, number>();
  const full = (hit: ResultHit) => (held.get(hit.docId) ?? 0) >= cap.perDocument && !named(hit.docId);
  while (first.length < cap.window && rest.length > 0) {
    // The best result unless its document is full and another's answer can take the place.
    const bigger = (hit: ResultHit) =>
      cap.sizeRatio === undefined || sizeOf(rest[0]!.docId) >= cap.sizeRatio * sizeOf(hit.docId);
    const other = full(rest[0]!) ? rest.findIndex((hit) => !full(hit) && answers(hit) && bigger(hit)) : -1;
    const [hit] = rest.splice(Math.max(0, other), 1);
    first.push(hit!);
    held.set(hit!.docId, (held.get(hit!.docId) ?? 0) + 1);
  }
  return [...first, ...rest];
}
