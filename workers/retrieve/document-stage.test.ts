import { describe, expect, it } from 'vitest';
import { scoreDocuments } from './document-stage';
import { bestParts, type LevelScores } from './level-scores';
import { LibraryIndex } from './library-index';
import { addDoc, DIMS, opts, topic, vectorRecords, type FakeSection } from './retrieve.test-support';
import type { Query } from './search';

const WORDS = (
  'harbour tide boat river bridge engine signal garden tomato winter summer doctor fever lesson teacher ' +
  'window market bread cheese mountain valley storm thunder library reader letter stamp camera picture'
).split(' ');

function random(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A word drawn with Zipf-like frequencies: the first few common, the rest rare. */
const word = (next: () => number) => WORDS[Math.floor(Math.exp(next() * Math.log(WORDS.length + 1))) - 1]!;

/** `docs` documents of 1–12 sections of 1–3 propositions, a few long documents among them. */
function randomLibrary(index: LibraryIndex, docs: number, next: () => number) {
  const pick = (n: number) => Math.floor(next() * n);
  for (let d = 0; d < docs; d++) {
    const sections: FakeSection[] = Array.from({ length: 1 + pick(d % 10 === 0 ? 40 : 12) }, (_, s) => ({
      heading: `${word(next)} ${s}`,
      propositions: Array.from({ length: 1 + pick(3) }, () => ({
        text: `${Array.from({ length: 3 + pick(15) }, () => word(next)).join(' ')}.`,
        axis: pick(DIMS),
      })),
    }));
    addDoc(index, `doc${d}.md`, d % 7 === 0 ? null : pick(DIMS), sections);
  }
}

/** Every document scored: its best section over every match, as a share of the best document's, fused with the dense leg. */
function everyDocument(index: LibraryIndex, query: Query, weight: number): Map<string, number> {
  const bm25 = bestParts(index, query);
  const best = Math.max(...bm25.values());
  const dense = new Map(index.vectors!.document.search(query.vector!, 30).map(({ id, score }) => [id, score]));
  const [min, max] = [Math.min(...dense.values()), Math.max(...dense.values())];
  const fused = new Map<string, number>();
  for (const id of new Set([...dense.keys(), ...bm25.keys()])) {
    const near = dense.has(id) ? (max > min ? (dense.get(id)! - min) / (max - min) : 1) : 0;
    fused.set(id, weight * near + (1 - weight) * ((bm25.get(id) ?? 0) / best));
  }
  return fused;
}

/** The pruned stage's best `keep` against every document scored: the same scores, each document's exact. */
function expectSameTop(stage: LevelScores, every: Map<string, number>, keep: number) {
  const byScore = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1]).slice(0, keep);
  const pruned = byScore(stage.fused);
  const exact = byScore(every);
  pruned.forEach(([id, score], i) => {
    expect(score).toBeCloseTo(exact[i]![1], 9);
    expect(score).toBeCloseTo(every.get(id)!, 9);
  });
  expect(pruned.length).toBe(exact.length);
}

describe('the document stage', () => {
  it('ranks its best documents as scoring every document does, built and restored, and completes the others', () => {
    const next = random(5);
    const built = new LibraryIndex();
    randomLibrary(built, 400, next);
    const restored = LibraryIndex.fromSnapshot(built.toSnapshot());
    restored.restoreVectors([...vectorRecords.values()]);
    const weight = opts().denseWeight;
    for (const index of [built, restored]) {
      for (let q = 0; q < 30; q++) {
        const text = Array.from({ length: 1 + Math.floor(next() * 4) }, () => word(next)).join(' ');
        const query: Query = { text, vector: topic(q % DIMS, next() * 0.5) };
        const every = everyDocument(index, query, weight);
        for (const keep of [30, 60]) {
          const stage = scoreDocuments(index, query, opts(), 30, keep);
          expectSameTop(stage, every, keep);
          // A later stage's documents get the score scoring every document gives them.
          const others = [...index.docs.keys()].filter((id) => !stage.fused.has(id));
          expect(others.length).toBeGreaterThan(0);
          stage.complete(others);
          for (const id of others) expect(stage.fused.get(id) ?? 0).toBeCloseTo(every.get(id) ?? 0, 9);
        }
      }
    }
  });

  it('gives the keyword leg alone when there is no query vector', () => {
    const index = new LibraryIndex();
    randomLibrary(index, 100, random(9));
    const query: Query = { text: 'harbour bridge', vector: null };
    const stage = scoreDocuments(index, query, opts(), 30, 30);
    const bm25 = bestParts(index, query);
    const best = Math.max(...bm25.values());
    expect(stage.dense.size).toBe(0);
    for (const [id, score] of stage.fused) expect(score).toBeCloseTo(bm25.get(id)! / best, 12);
    expect(Math.max(...stage.fused.values())).toBe(1);
  });
});
