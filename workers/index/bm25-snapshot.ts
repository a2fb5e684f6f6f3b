/**
 * The BM25 index's snapshot codec: the index as a few flat arrays for storing in IndexedDB, its
 * numbers as LEB128 varints and its postings as gaps, so start-up reads a few bytes a posting and
 * analyses no text.
 */
import type { Posting } from './bm25-postings';

/**
 * A Bm25Index as plain arrays, for storing in IndexedDB (see `toSnapshot`). Only the postings are
 * stored: each id's own term list is rebuilt from them, which is quicker than reading it twice over.
 */
export interface Bm25Snapshot {
  /** Absent when the snapshot was made in an order of ids its owner stores (`toSnapshot(order)`). */
  ids?: string[];
  /** Each id's length, as varints (LEB128: a byte for every seven bits a number needs). */
  lengths: Uint8Array;
  /** The term of each term number; absent when the snapshot was made with a vocabulary its owner stores. */
  vocabulary?: string[];
  /** How many postings each term has, as varints (most terms have few: one byte instead of four). */
  postingCounts: Uint8Array;
  /**
   * Each term's postings (positions in `ids`), `postingCounts[t]` of them for term t, one after
   * another, ascending within a term, each as its gap from the one before as a varint: a byte or
   * two instead of four.
   */
  postingGaps: Uint8Array;
  /** In the narrowest array that holds the largest frequency (almost always one byte). */
  postingTfs: Uint8Array | Uint16Array | Uint32Array;
}

/** The snapshot's arrays of `lengths` (one per id, in snapshot order) and `postings` (one per term), slots renumbered by `newSlot`. */
export function encodeSnapshot(
  lengths: number[],
  postings: readonly Posting[],
  newSlot: Uint32Array,
): Omit<Bm25Snapshot, 'ids' | 'vocabulary'> {
  const counts = Uint32Array.from(postings, (posting) => posting.length);
  const total = counts.reduce((sum, count) => sum + count, 0);
  let largest = 0;
  for (const posting of postings) for (let i = 0; i < posting.length; i++) largest = Math.max(largest, posting.tfs[i]!);
  const postingSlots = new Uint32Array(total);
  const postingTfs =
    largest < 2 ** 8 ? new Uint8Array(total) : largest < 2 ** 16 ? new Uint16Array(total) : new Uint32Array(total);
  let offset = 0;
  for (const posting of postings) {
    const slots = Array.from(posting.slots.subarray(0, posting.length), (slot) => newSlot[slot]!);
    const tfs = posting.tfs.subarray(0, posting.length);
    // Ascending for the gaps: already so unless documents were removed or the order differs from the slots'.
    const sorted = slots.every((slot, i) => i === 0 || slots[i - 1]! < slot)
      ? null
      : slots.map((_, i) => i).sort((a, b) => slots[a]! - slots[b]!);
    for (let i = 0; i < posting.length; i++) {
      const from = sorted ? sorted[i]! : i;
      postingSlots[offset + i] = slots[from]!;
      postingTfs[offset + i] = tfs[from]!;
    }
    offset += posting.length;
  }
  return {
    lengths: encodeVarints(lengths.length, (i) => lengths[i]!),
    postingCounts: encodeVarints(counts.length, (t) => counts[t]!),
    postingGaps: encodeGaps(postingSlots, counts),
    postingTfs,
  };
}

/** Each id's length and each term's postings (views into the decoded slots and the stored frequencies, as they are). */
export function decodeSnapshot(
  snapshot: Bm25Snapshot,
  idCount: number,
  termCount: number,
): { lengths: Uint32Array; postings: Posting[] } {
  const lengths = decodeVarints(snapshot.lengths, idCount);
  const postingCounts = decodeVarints(snapshot.postingCounts, termCount);
  const postingSlots = decodeGaps(snapshot.postingGaps, postingCounts);
  const { postingTfs } = snapshot;
  let offset = 0;
  const postings = Array.from(postingCounts, (length) => {
    const posting = {
      slots: postingSlots.subarray(offset, offset + length),
      tfs: postingTfs.subarray(offset, offset + length),
      length,
    };
    offset += length;
    return posting;
  });
  return { lengths, postings };
}

/** `count` whole numbers (`at(i)` the i-th) as LEB128 varints: a byte for every seven bits each needs. */
function encodeVarints(count: number, at: (i: number) => number): Uint8Array {
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += varintBytes(at(i));
  const out = new Uint8Array(bytes);
  let offset = 0;
  for (let i = 0; i < count; i++) offset = writeVarint(out, offset, at(i));
  return out;
}

/** The `count` numbers `encodeVarints` wrote. */
function decodeVarints(bytes: Uint8Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let byte = bytes[at++]!;
    // Most numbers (gaps, lengths, counts) fit one byte: no loop for those.
    if (byte < 0x80) {
      out[i] = byte;
      continue;
    }
    let value = byte & 0x7f;
    let scale = 0x80;
    do {
      byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80);
    out[i] = value;
  }
  if (at !== bytes.length) throw new Error('a BM25 snapshot does not hold the numbers it should');
  return out;
}

const varintBytes = (value: number) =>
  value < 2 ** 7 ? 1 : value < 2 ** 14 ? 2 : value < 2 ** 21 ? 3 : value < 2 ** 28 ? 4 : 5;

function writeVarint(out: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    out[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  out[at++] = value;
  return at;
}

/** Postings as varint gaps: each slot as its distance from the term's previous one. */
function encodeGaps(slots: Uint32Array, counts: Uint32Array): Uint8Array {
  let bytes = 0;
  forEachGap(slots, counts, (gap) => (bytes += varintBytes(gap)));
  const out = new Uint8Array(bytes);
  let at = 0;
  forEachGap(slots, counts, (gap) => (at = writeVarint(out, at, gap)));
  return out;
}

function forEachGap(slots: Uint32Array, counts: Uint32Array, visit: (gap: number) => void): void {
  let offset = 0;
  for (const count of counts) {
    let previous = 0;
    for (let end = offset + count; offset < end; offset++) {
      visit(slots[offset]! - previous);
      previous = slots[offset]!;
    }
  }
}

function decodeGaps(gaps: Uint8Array, counts: Uint32Array): Uint32Array {
  const slots = decodeVarints(
    gaps,
    counts.reduce((sum, count) => sum + count, 0),
  );
  let offset = 0;
  for (const count of counts) {
    for (let i = offset + 1, end = offset + count; i < end; i++) slots[i] += slots[i - 1]!;
    offset += count;
  }
  return slots;
}
