import { describe, expect, it } from 'vitest';
import { Bm25Index, type RelatedTerms } from './bm25';
import { slotNorms, termWeights, type Posting } from './bm25-postings';
import { scratchFor, TermBounds, topMatches } from './bm25-top';
import { bestOfSlotGroups, slotGroups, topOfSlotGroups } from './slot-groups';

function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A word of a vocabulary of `size` drawn with Zipf frequencies: a few very common, most rare. */
function zipfWord(next: () => number, size: number): string {
  const rank = Math.floor(Math.exp(next() * Math.log(size))) - 1;
  return `w${rank}x`;
}

/** `count` texts of 3–30 words, some with a word many times (skewed term frequencies). */
function texts(next: () => number, count: number, vocabulary: number): string[] {
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 3 + Math.floor(next() * 28) }, () => zipfWord(next, vocabulary));
    if (next() < 0.1) words.push(...Array<string>(2 + Math.floor(next() * 5)).fill(words[0]!));
    return words.join(' ');
  });
}

/** The straightforward top k (every match scored) next to the pruned one: same ids, same scores. */
function expectSameTop(index: Bm25Index, query: string, k: number, related?: RelatedTerms): void {
  const pruned = index.search(query, k, undefined, related);
  const plain = index.search(query, k, undefined, related, false);
  expect(pruned.map((hit) => hit.id)).toEqual(plain.map((hit) => hit.id));
  pruned.forEach((hit, i) => expect(hit.score).toBeCloseTo(plain[i]!.score, 9));
}

describe('BM25 top k with MaxScore pruning', () => {
  it('finds what scoring every match finds, on random indexes with skewed frequencies, after removals and a restore', () => {
    const next = random(11);
    const index = new Bm25Index();
    const all = texts(next, 3000, 2000);
    all.forEach((text, i) => index.add(`p${i}`, text, i % 7 === 0 ? zipfWord(next, 2000) : ''));
    // Removals leave holes that later adds reuse: postings out of slot order.
    for (let i = 0; i < 300; i++) index.remove(`p${Math.floor(next() * 3000)}`);
    texts(next, 200, 2000).forEach((text, i) => index.add(`q${i}`, text));
    const restored = Bm25Index.fromSnapshot(index.toSnapshot());
    for (let q = 0; q < 60; q++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 6) }, () => zipfWord(next, 2000));
      // Some words stand in for a typed one at a share of its weight (query expansion).
      const related: RelatedTerms = new Map(
        Array.from({ length: Math.floor(next() * 5) }, () => [
          zipfWord(next, 2000),
          { share: 0.1 + next() * 0.5, standsFor: words[Math.floor(next() * words.length)]! },
        ]),
      );
      // Scoring given ids: from their own terms when built, from the postings when just restored.
      const ids = Array.from({ length: 50 }, () => `p${Math.floor(next() * 3000)}`);
      expect(restored.scoreIds(words.join(' '), ids, related)).toEqual(index.scoreIds(words.join(' '), ids, related));
      for (const k of [1, 10, 60, 500]) {
        expectSameTop(index, words.join(' '), k, q % 2 ? related : undefined);
        expectSameTop(restored, words.join(' '), k, q % 2 ? related : undefined);
      }
    }
  });

  it("finds the best groups (sections by document) that every group's best finds, built and restored", () => {
    const next = random(23);
    const index = new Bm25Index();
    // Groups of 1 to 40 sections, a few ids in none (contents sections).
    const groupOf = new Map<string, string | undefined>();
    texts(next, 3000, 2000).forEach((text, i) => {
      index.add(`s${i}`, text);
      groupOf.set(`s${i}`, next() < 0.05 ? undefined : `d${Math.floor(Math.sqrt(i * 300))}`);
    });
    for (let i = 0; i < 200; i++) index.remove(`s${Math.floor(next() * 3000)}`);
    const restored = Bm25Index.fromSnapshot(index.toSnapshot());
    for (const each of [index, restored]) {
      const groups = slotGroups(each, (id) => groupOf.get(id));
      const number = new Map(groups.names.map((name, i) => [name, i]));
      for (let q = 0; q < 40; q++) {
        const words = Array.from({ length: 1 + Math.floor(next() * 5) }, () => zipfWord(next, 2000)).join(' ');
        const related: RelatedTerms = new Map([
          [zipfWord(next, 2000), { share: 0.3, standsFor: words.split(' ')[0]! }],
        ]);
        const every = [...bestOfSlotGroups(each, words, groups, q % 2 ? related : undefined)].sort(
          (a, b) => b[1] - a[1] || number.get(a[0])! - number.get(b[0])!,
        );
        for (const k of [1, 5, 30, 100]) {
          const pruned = [...topOfSlotGroups(each, words, groups, k, q % 2 ? related : undefined)];
          expect(pruned.map(([name]) => name)).toEqual(every.slice(0, k).map(([name]) => name));
          pruned.forEach(([, score], i) => expect(score).toBeCloseTo(every[i]![1], 9));
        }
      }
    }
  });

  it('keeps the first indexed of equal scores, whatever order the postings are in', () => {
    const index = new Bm25Index();
    ['alpha beta', 'alpha beta', 'alpha gamma', 'alpha beta'].forEach((text, i) => index.add(`d${i}`, text));
    index.remove('d0');
    index.add('d4', 'alpha beta');
    // d4 took d0's slot, the first: its postings come last, but it ranks first of the equal ones.
    expect(index.search('alpha beta', 2).map((hit) => hit.id)).toEqual(['d4', 'd1']);
    expect(index.search('alpha beta', 2, undefined, undefined, false).map((hit) => hit.id)).toEqual(['d4', 'd1']);
  });

  it("scores a common word's postings only for the slots a rarer word's matches leave in reach", () => {
    const slots = 10_000;
    const posting = (ids: number[], tf: number): Posting => ({
      slots: Uint32Array.from(ids),
      tfs: new Uint32Array(ids.length).fill(tf),
      length: ids.length,
    });
    // "rare" in 20 slots, "common" in every other one.
    const postings = [
      posting(
        Array.from({ length: 20 }, (_, i) => i * 500),
        2,
      ),
      posting(
        Array.from({ length: slots / 2 }, (_, i) => i * 2),
        1,
      ),
    ];
    const query = termWeights(
      [{ terms: ['rare'] }, { terms: ['common'] }],
      undefined,
      slots,
      new Map([
        ['rare', 0],
        ['common', 1],
      ]),
      postings,
    );
    const lengths = new Uint32Array(slots).fill(10);
    const state = { norms: slotNorms(lengths, slots, 10), lengths, avgLength: 10, bounds: new TermBounds() };
    const scratch = { scores: new Float64Array(slots), best: new Float64Array(slots), marks: new Uint8Array(slots) };
    const stats = { scored: 0 };
    const top = topMatches(query, postings, state, 10, scratch, stats);
    // Only the rare word's list was scored whole; the common word's only completed those 20 slots.
    expect(stats.scored).toBe(20);
    expect(top.map(({ row }) => row)).toEqual(Array.from({ length: 10 }, (_, i) => i * 500));
    expect(scratch.scores.every((score) => score === 0) && scratch.marks.every((mark) => mark === 0)).toBe(true);
  });

  it('makes scratch arrays as long as the slots at first, half as long again when outgrown, and keeps them otherwise', () => {
    const none = { scores: new Float64Array(0), best: new Float64Array(0), marks: new Uint8Array(0) };
    const first = scratchFor(none, 1000);
    expect([first.scores.length, first.best.length, first.marks.length]).toEqual([1000, 1000, 1000]);
    expect(scratchFor(first, 1000)).toBe(first);
    expect(scratchFor(first, 1001).scores.length).toBe(1500);
    expect(scratchFor(first, 4000).best.length).toBe(4000);
  });
});
