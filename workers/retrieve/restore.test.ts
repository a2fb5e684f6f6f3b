import { describe, expect, it } from 'vitest';
import { LibraryIndex, search } from './search';
import { addDoc, DIMS, LEVELS, opts, topic, vectorRecords, type FakeSection } from './retrieve.test-support';

const WORDS = (
  'harbour tide boat river bridge engine signal garden tomato winter summer doctor fever lesson ' +
  'teacher window market bread cheese mountain valley storm thunder library reader letter stamp ' +
  'camera picture kitchen recipe pepper salt ladder roof'
).split(' ');

/** A seeded random number in [0, 1) (a linear congruential generator). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** `docs` documents of 1–4 sections of 1–5 propositions of 3–12 words, each passage on a random topic. */
function randomLibrary(index: LibraryIndex, docs: number, next: () => number, prefix = 'doc') {
  const pick = (n: number) => Math.floor(next() * n);
  for (let d = 0; d < docs; d++) {
    const sections: FakeSection[] = Array.from({ length: 1 + pick(4) }, (_, s) => ({
      heading: `${WORDS[pick(WORDS.length)]} ${s}`,
      propositions: Array.from({ length: 1 + pick(5) }, () => ({
        text: `${Array.from({ length: 3 + pick(10) }, () => WORDS[pick(WORDS.length)]).join(' ')}.`,
        axis: pick(DIMS),
      })),
    }));
    addDoc(index, `${prefix}${d}.md`, d % 5 === 0 ? null : pick(DIMS), sections);
  }
}

/**
 * Each hit's section and its propositions with their scores to 12 digits (BM25 adds a query's
 * terms in the order of their numbers, which the snapshot's shared vocabulary renumbers), hits and
 * propositions of equal scores in id order (ties may fall either way).
 */
const results = (index: LibraryIndex, text: string, vector: Float32Array | null) =>
  search(index, { text, vector }, opts({ minRelevance: undefined }))
    .map((hit) => ({
      section: hit.sectionId,
      score: Number(hit.score.toPrecision(12)),
      propositions: hit.propositions
        .map((p) => ({ id: p.id, score: Number(p.score.toPrecision(12)) }))
        .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)),
    }))
    .sort((a, b) => b.score - a.score || a.section.localeCompare(b.section));

describe('LibraryIndex restored from its snapshot', () => {
  it('answers every query of a random library exactly as a fresh build of the same documents', () => {
    const built = new LibraryIndex();
    vectorRecords.clear();
    randomLibrary(built, 80, random(7));
    const records = structuredClone([...vectorRecords.values()]);
    const restored = LibraryIndex.fromSnapshot(structuredClone(built.toSnapshot()));
    restored.restoreVectors(records);
    // Built anew, not the index the snapshot was made from: nothing of it carries over but what was stored.
    const fresh = new LibraryIndex();
    randomLibrary(fresh, 80, random(7));
    expect(LEVELS.map((level) => restored.vectors![level].size)).toEqual(
      LEVELS.map((level) => fresh.vectors![level].size),
    );
    const next = random(8);
    for (let q = 0; q < 30; q++) {
      const text = Array.from({ length: 1 + (q % 4) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
      const vector = q % 3 ? topic(q % DIMS, next()) : null;
      const expected = results(fresh, text, vector);
      expect(results(restored, text, vector)).toEqual(expected);
      if (q % 4 === 0) expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('answers from BM25 until its vectors are in, keeping the vectors of documents added and dropping those of documents removed meanwhile', () => {
    const built = new LibraryIndex();
    vectorRecords.clear();
    randomLibrary(built, 30, random(11));
    const records = structuredClone([...vectorRecords.values()]);
    const restored = LibraryIndex.fromSnapshot(structuredClone(built.toSnapshot()));
    expect(restored.vectorsPending).toBe(true);
    expect(restored.vectors).toBeNull();
    const query = { text: 'harbour storm', vector: topic(1) };
    expect(results(restored, query.text, query.vector)).toEqual(results(built, query.text, null));

    // Meanwhile a document is added to both, and one removed from both.
    for (const index of [built, restored]) {
      randomLibrary(index, 2, random(12), 'late');
      index.removeDocument('doc3.md');
    }
    expect(restored.vectors).toBeNull();
    restored.restoreVectors(records);
    expect(restored.vectorsPending).toBe(false);
    expect(LEVELS.map((level) => restored.vectors![level].size)).toEqual(
      LEVELS.map((level) => built.vectors![level].size),
    );
    expect(results(restored, query.text, query.vector)).toEqual(results(built, query.text, query.vector));
    expect(results(restored, query.text, query.vector)).not.toEqual(results(built, query.text, null));
  });

  it('answers as a fresh build after documents are removed and added once its vectors are in (rows found through the BM25 slots, then moved)', () => {
    const built = new LibraryIndex();
    vectorRecords.clear();
    randomLibrary(built, 40, random(21));
    const records = structuredClone([...vectorRecords.values()]);
    const restored = LibraryIndex.fromSnapshot(structuredClone(built.toSnapshot()));
    restored.restoreVectors(records);
    const queries = [
      { text: 'harbour storm', vector: topic(1) },
      { text: 'bread cheese market', vector: topic(3, 0.5) },
    ];
    const same = () => {
      for (const { text, vector } of queries)
        expect(results(restored, text, vector)).toEqual(results(built, text, vector));
    };
    same();
    for (const index of [built, restored]) index.removeDocument('doc7.md');
    same();
    for (const index of [built, restored]) randomLibrary(index, 3, random(22), 'late');
    same();
    expect(results(restored, queries[0]!.text, queries[0]!.vector).length).toBeGreaterThan(0);
  });
});
