/**
 * Each slot's term list (the forward index of bm25.ts): what removing an id and scoring given ids
 * read. A restored index has only its postings; the lists are made from them when first needed.
 */
import { grown, type ForwardIndex, type Posting } from './bm25-postings';

/** An empty forward index. */
export const emptyForward = (): ForwardIndex => ({
  starts: [],
  counts: [],
  terms: new Uint32Array(0),
  tfs: new Uint32Array(0),
  length: 0,
});

/** A slot's distinct term numbers and their frequencies (views, valid until the next append). */
export function slotTerms(forward: ForwardIndex, slot: number): { terms: Uint32Array; tfs: Uint32Array } {
  const { starts, counts, terms, tfs } = forward;
  const start = starts[slot]!;
  const end = start + counts[slot]!;
  return { terms: terms.subarray(start, end), tfs: tfs.subarray(start, end) };
}

/** Gives `slot` the term list `terms` with their frequencies, after every list already held. */
export function appendForward(forward: ForwardIndex, slot: number, terms: Uint32Array, tfs: Uint32Array): void {
  const needed = forward.length + terms.length;
  if (needed > forward.terms.length) {
    const capacity = Math.max(needed, forward.terms.length * 2, 1024);
    forward.terms = grown(forward.terms, forward.length, capacity);
    forward.tfs = grown(forward.tfs, forward.length, capacity);
  }
  forward.terms.set(terms, forward.length);
  forward.tfs.set(tfs, forward.length);
  forward.starts[slot] = forward.length;
  forward.counts[slot] = terms.length;
  forward.length = needed;
}

/**
 * Every slot's term list made from the postings of a restored index: count each slot's terms,
 * place each slot's run, then walk the postings in term order (so each list is in term-number
 * order, as `add` makes it).
 */
export function forwardFromPostings(postings: readonly Posting[], slots: number): ForwardIndex {
  const total = postings.reduce((sum, posting) => sum + posting.length, 0);
  const counts = new Uint32Array(slots);
  for (const posting of postings) for (let i = 0; i < posting.length; i++) counts[posting.slots[i]!]!++;
  const starts = new Uint32Array(slots);
  for (let slot = 1; slot < slots; slot++) starts[slot] = starts[slot - 1]! + counts[slot - 1]!;
  const filled = starts.slice();
  const terms = new Uint32Array(total);
  const tfs = new Uint32Array(total);
  postings.forEach((posting, term) => {
    for (let i = 0; i < posting.length; i++) {
      const at = filled[posting.slots[i]!]!++;
      terms[at] = term;
      tfs[at] = posting.tfs[i]!;
    }
  });
  return { starts: Array.from(starts), counts: Array.from(counts), terms, tfs, length: total };
}
