/**
 * The arithmetic of the BM25 index (bm25.ts): postings of term numbers that grow in place, and the
 * scores a query's weighted terms add up over them.
 */

/** Term frequencies in the narrowest array that holds them: almost always one byte a posting. */
export type TermFrequencies = Uint8Array | Uint16Array | Uint32Array;

/**
 * Postings of one term: the first `length` entries of parallel typed arrays of slots and term
 * frequencies, in no particular order. They grow by doubling; a restored index starts with views
 * into the snapshot's arrays, so restoring copies nothing. The frequencies start as bytes and
 * widen only for a term that gets a larger one: at a million propositions, ~36M postings as
 * 32-bit frequencies were ~100 MB more than as bytes.
 */
export interface Posting {
  slots: Uint32Array;
  tfs: TermFrequencies;
  length: number;
}

export const EMPTY_POSTING: Posting = { slots: new Uint32Array(0), tfs: new Uint8Array(0), length: 0 };

/** A new empty posting list. */
export const newPosting = (): Posting => ({ slots: new Uint32Array(0), tfs: new Uint8Array(0), length: 0 });

/** A larger copy of `array` keeping its first `length` entries. */
export function grown<A extends TermFrequencies>(array: A, length: number, capacity: number): A {
  const copy = new (array.constructor as new (length: number) => A)(capacity);
  copy.set(array.subarray(0, length));
  return copy;
}

/** The largest frequency each kind of array holds. */
const widest = (tfs: TermFrequencies) => 2 ** (8 * tfs.BYTES_PER_ELEMENT) - 1;

export function appendPosting(posting: Posting, slot: number, tf: number): void {
  if (posting.length === posting.slots.length || tf > widest(posting.tfs)) {
    const capacity = Math.max(4, posting.length === posting.slots.length ? posting.length * 2 : posting.slots.length);
    posting.slots = grown(posting.slots, posting.length, capacity);
    const wider =
      tf > widest(posting.tfs) ? (tf < 2 ** 16 ? new Uint16Array(capacity) : new Uint32Array(capacity)) : null;
    if (wider) wider.set(posting.tfs.subarray(0, posting.length));
    posting.tfs = wider ?? grown(posting.tfs, posting.length, capacity);
  }
  posting.slots[posting.length] = slot;
  posting.tfs[posting.length++] = tf;
}

export const K1 = 1.2;
/**
 * Length normalisation. 0.85 rather than the textbook 0.75, measured on all three sets
 * (docs/retrieval.md): SciFact nDCG@10 0.6985 → 0.7016, questions top-1 16 → 17, SQuAD
 * top-3 0.9388 → 0.9368 (its top-1 and top-5 no worse); 0.5 and 0.9 did worse on balance.
 */
export const B = 0.85;

/** One term's BM25 score in a document: `norm` is K1 scaled by the document's length against the average. */
export const termScore = (weight: number, tf: number, norm: number) => (weight * tf * (K1 + 1)) / (tf + norm);

export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** Query terms by term number: each one's weight and its group (a typed term and its stand-ins) in `groups`. */
export interface TermWeights {
  weights: Map<number, { weight: number; group: number }>;
  groups: number[][];
}

/** Each slot's length normalisation of a term's frequency: K1 scaled by its length against the average. */
export function slotNorms(lengths: ArrayLike<number>, slots: number, avgLength: number): Float64Array {
  const norms = new Float64Array(slots);
  for (let slot = 0; slot < slots; slot++) norms[slot] = K1 * (1 - B + (B * lengths[slot]!) / avgLength);
  return norms;
}

/**
 * Adds every matching slot's score into `scratch`, each group's best term only (`best` is scratch
 * space of the same length, left zeroed); appends the slots it touches first to `touched` (caller
 * zeroes them). `norms` is `slotNorms` of the index's current state.
 */
export function accumulateGroup(
  weights: TermWeights['weights'],
  members: readonly number[],
  postings: readonly Posting[],
  norms: Float64Array,
  scratch: Float64Array,
  best: Float64Array,
  touched: number[],
): void {
  if (members.length === 1) {
    // A typed word with no stand-ins (most of them): straight into the sum.
    const { weight } = weights.get(members[0]!)!;
    const { slots, tfs, length } = postings[members[0]!]!;
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      if (scratch[slot] === 0) touched.push(slot);
      scratch[slot] += termScore(weight, tfs[i]!, norms[slot]!);
    }
    return;
  }
  const inGroup: number[] = [];
  for (const term of members) {
    const { weight } = weights.get(term)!;
    const { slots, tfs, length } = postings[term]!;
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      const score = termScore(weight, tfs[i]!, norms[slot]!);
      if (best[slot] === 0) inGroup.push(slot);
      if (score > best[slot]!) best[slot] = score;
    }
  }
  for (const slot of inGroup) {
    if (scratch[slot] === 0) touched.push(slot);
    scratch[slot] += best[slot]!;
    best[slot] = 0;
  }
}

/** `accumulateGroup` over every group of the query, in their order; returns the slots touched. */
export function accumulate(
  { weights, groups }: TermWeights,
  postings: readonly Posting[],
  norms: Float64Array,
  scratch: Float64Array,
  best: Float64Array,
): number[] {
  const touched: number[] = [];
  for (const members of groups) accumulateGroup(weights, members, postings, norms, scratch, best, touched);
  return touched;
}

/**
 * Query expansion for the keyword leg: index term → its share of a typed term's weight and the
 * typed term (or phrase) it stands in for. A passage scores each typed term once, by the best of
 * that term and the words standing in for it, so a passage with several synonyms of one word does
 * not outscore one that has the other words of the question.
 */
export type RelatedTerms = ReadonlyMap<string, { share: number; standsFor: string }>;

/**
 * Every slot's distinct term numbers and frequencies (for removal and scoring given ids): the
 * `counts[slot]` entries from `starts[slot]` of two growable arrays. Offsets instead of one small
 * array per slot: at a million propositions those arrays' own objects were ~200 MB of heap. A
 * removed slot's entries stay unused until the next snapshot compacts them.
 */
export interface ForwardIndex {
  starts: number[];
  counts: number[];
  terms: Uint32Array;
  tfs: Uint32Array;
  length: number;
}

/**
 * idf of each query term the index knows, by term number; `related` terms (query expansion)
 * count at their share of a typed term's, in the group of the typed term they stand for.
 */
export function termWeights(
  queryGroups: readonly { terms: string[] }[],
  related: RelatedTerms | undefined,
  n: number,
  termNumbers: ReadonlyMap<string, number>,
  postings: readonly Posting[],
): TermWeights {
  const weights = new Map<number, { weight: number; group: number }>();
  const groupOf = new Map<string, number[]>();
  const add = (term: string, share: number, standsFor: string) => {
    const number = termNumbers.get(term);
    if (number === undefined || weights.has(number)) return;
    const df = postings[number]!.length;
    if (df === 0) return;
    weights.set(number, { weight: share * idf(n, df), group: -1 });
    const members = groupOf.get(standsFor) ?? [];
    members.push(number);
    groupOf.set(standsFor, members);
  };
  if (n > 0) {
    for (const { terms } of queryGroups) for (const term of terms) add(term, 1, terms[0]!);
    if (related) for (const [term, { share, standsFor }] of related) add(term, share, standsFor);
  }
  // Groups in the order of their lowest term number, members in term-number order: both ways of
  // scoring sum in the same order.
  const groups = [...groupOf.values()].map((members) => members.sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
  groups.forEach((members, g) => members.forEach((term) => (weights.get(term)!.group = g)));
  return { weights, groups };
}
