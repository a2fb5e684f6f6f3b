/**
 * The k best BM25 matches without scoring every posting (MaxScore, term at a time). Each group of
 * query terms (a typed word and its stand-ins) has an upper bound: the best of its terms' bounds
 * (`TermBounds`: the score of a term's highest frequency at the shortest length among its ids).
 * Groups are read whole from the highest bound down; once the bounds of the groups left add up to
 * less than the k-th best score so far, no slot they alone match can enter the top k, so their
 * postings (the common words', by far the longest lists) only complete the scores of the slots
 * that still can. At a million propositions a common query word has over 100,000 postings; the
 * plain sum scored them all.
 */
import { accumulateGroup, B, K1, termScore, type Posting, type TermWeights } from './bm25-postings';
import { TopK } from './top-k';

/**
 * Bounds are compared with this much room: a bound and a score are the same arithmetic in another
 * order, so they may differ in the last bits.
 */
const ROOM = 1e-9;

/**
 * Each term's highest frequency and the shortest length among the ids that have it: its bound is a
 * posting of both, so no pass over its postings is needed per query. Noted as ids are added, read
 * from a term's postings when first asked for (a restored index); a removal leaves them as they
 * were, still bounds.
 */
export class TermBounds {
  private readonly maxTf: number[] = [];
  private readonly minLength: number[] = [];

  /**
   * Notes an id of `length` with `term` `tf` times: the term's bound when it is its first id (an
   * index built by adding has every bound), else if the bound was made already.
   */
  note(term: number, tf: number, length: number, first: boolean): void {
    if (this.maxTf[term] === undefined) {
      if (!first) return;
      this.maxTf[term] = tf;
      this.minLength[term] = length;
    }
    if (tf > this.maxTf[term]) this.maxTf[term] = tf;
    if (length < this.minLength[term]!) this.minLength[term] = length;
  }

  /** The highest score a posting of `term` can reach at `weight`, with the index's average length. */
  bound(term: number, posting: Posting, lengths: ArrayLike<number>, weight: number, avgLength: number): number {
    if (this.maxTf[term] === undefined) {
      let maxTf = 0;
      let minLength = Infinity;
      const { slots, tfs, length } = posting;
      for (let i = 0; i < length; i++) {
        if (tfs[i]! > maxTf) maxTf = tfs[i]!;
        const of = lengths[slots[i]!]!;
        if (of < minLength) minLength = of;
      }
      this.maxTf[term] = maxTf;
      this.minLength[term] = minLength;
    }
    return termScore(weight, this.maxTf[term], K1 * (1 - B + (B * this.minLength[term]!) / avgLength));
  }
}

/** What scoring reads of an index as it is now. */
export interface Scoring {
  norms: Float64Array;
  lengths: ArrayLike<number>;
  avgLength: number;
  bounds: TermBounds;
}

/** Scratch arrays as long as the index's slots, all zero between calls. */
export interface Scratch {
  scores: Float64Array;
  best: Float64Array;
  marks: Uint8Array;
}

/**
 * `scratch`, or new arrays when it is shorter than `slots`: exactly that long the first time (a
 * restored index's first query; at a million propositions twice the slots was 17 MB more), half as
 * long again as before after that, so a library being added to reallocates them now and then.
 */
export function scratchFor(scratch: Scratch, slots: number): Scratch {
  const had = scratch.scores.length;
  if (had >= slots) return scratch;
  const length = had === 0 ? slots : Math.max(slots, Math.ceil(had * 1.5));
  return { scores: new Float64Array(length), best: new Float64Array(length), marks: new Uint8Array(length) };
}

/** The k best (slot, score) pairs of the query, best first: what scoring every match and keeping the best k gives. */
export function topMatches(
  query: TermWeights,
  postings: readonly Posting[],
  /** Each slot's `slotNorms`, the index's lengths and average length, its terms' bounds. */
  { norms, lengths, avgLength, bounds: termBounds }: Scoring,
  k: number,
  scratch: Scratch,
  /** Counts the postings scored in full (the groups read whole), for the tests. */
  stats?: { scored: number },
  /** Given: the k best groups of slots instead (`row` a group, `score` its best slot's), as `SlotGroups` number them. */
  grouping?: Grouping,
): { row: number; score: number }[] {
  const { weights, groups } = query;
  const { scores, best, marks } = scratch;
  const bounds = groups.map((members) =>
    Math.max(
      ...members.map((term) => termBounds.bound(term, postings[term]!, lengths, weights.get(term)!.weight, avgLength)),
    ),
  );
  const order = groups.map((_, g) => g).sort((a, b) => bounds[b]! - bounds[a]! || a - b);
  const touched: number[] = [];
  let read = 0;
  let threshold = -Infinity;
  for (; read < order.length; read++) {
    const left = order.slice(read).reduce((sum, g) => sum + bounds[g]!, 0);
    if (touched.length >= k && k > 0) {
      threshold = grouping ? kthBestGroup(touched, scores, k, grouping) : kthBest(touched, scores, k);
      if (left < threshold * (1 - ROOM)) break;
    }
    const members = groups[order[read]!]!;
    accumulateGroup(weights, members, postings, norms, scores, best, touched);
    if (stats) for (const term of members) stats.scored += postings[term]!.length;
  }
  let candidates = touched;
  if (read < order.length) {
    // Only the slots that the groups left can still lift to the k-th score are completed.
    const left = order.slice(read).reduce((sum, g) => sum + bounds[g]!, 0);
    candidates = touched.filter((slot) => scores[slot]! + left >= threshold * (1 - ROOM));
    for (const slot of candidates) marks[slot] = 1;
    for (const g of order.slice(read)) complete(weights, groups[g]!, postings, norms, scratch, candidates);
    for (const slot of candidates) marks[slot] = 0;
  }
  const top = grouping ? bestGroups(candidates, scores, k, grouping) : new TopK(k);
  if (!grouping) for (const slot of candidates) top.push(slot, scores[slot]!);
  for (const slot of touched) scores[slot] = 0;
  return top.sorted();
}

/**
 * Slots in groups (sections by their document): each slot's group number, -1 for none, and one
 * zeroed scratch entry per group. The k-th best group bounds as the k-th best slot does: a slot
 * that cannot reach it is neither its group's best (if that group is in the top k) nor lifts it in.
 */
export interface Grouping {
  ofSlot: Int32Array;
  best: Float64Array;
}

/** The k best groups among `slots`, each by its best slot's score (`best` is left zeroed). */
function bestGroups(slots: readonly number[], scores: Float64Array, k: number, { ofSlot, best }: Grouping): TopK {
  const seen: number[] = [];
  for (const slot of slots) {
    const group = ofSlot[slot]!;
    if (group < 0) continue;
    if (best[group] === 0) seen.push(group);
    if (scores[slot]! > best[group]!) best[group] = scores[slot]!;
  }
  const top = new TopK(k);
  for (const group of seen) {
    if (best[group]! >= top.floor) top.push(group, best[group]!);
    best[group] = 0;
  }
  return top;
}

const kthBestGroup = (slots: readonly number[], scores: Float64Array, k: number, grouping: Grouping) =>
  bestGroups(slots, scores, k, grouping).floor;

/** The k-th best score among `slots`. */
function kthBest(slots: readonly number[], scores: Float64Array, k: number): number {
  const top = new TopK(k);
  for (const slot of slots) if (scores[slot]! > top.floor) top.push(slot, scores[slot]!);
  return top.floor;
}

/**
 * The scores of `slots` (0: no match) in `scratch.scores`, which the caller zeroes: each group's
 * best term added in the groups' order, as `accumulate` sums them, reading only these slots'
 * entries of the query's postings.
 */
export function scoreSlots(
  { weights, groups }: TermWeights,
  postings: readonly Posting[],
  norms: Float64Array,
  scratch: Scratch,
  slots: readonly number[],
): Float64Array {
  for (const slot of slots) scratch.marks[slot] = 1;
  for (const members of groups) complete(weights, members, postings, norms, scratch, slots);
  for (const slot of slots) scratch.marks[slot] = 0;
  return scratch.scores;
}

/** Adds one group's score to each marked candidate (each group's best term, as `accumulateGroup` does). */
function complete(
  weights: TermWeights['weights'],
  members: readonly number[],
  postings: readonly Posting[],
  norms: Float64Array,
  { scores, best, marks }: Scratch,
  candidates: readonly number[],
): void {
  for (const term of members) {
    const { weight } = weights.get(term)!;
    const { slots, tfs, length } = postings[term]!;
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      if (marks[slot] === 0) continue;
      const score = termScore(weight, tfs[i]!, norms[slot]!);
      if (score > best[slot]!) best[slot] = score;
    }
  }
  for (const slot of candidates) {
    scores[slot] += best[slot]!;
    best[slot] = 0;
  }
}
