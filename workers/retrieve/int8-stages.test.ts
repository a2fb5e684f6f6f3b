/**
 * The document and section stages on int8 vectors (every level's default) against the same stages
 * on exact float32 vectors, on a random clustered library of 100-dimensional vectors: built, and
 * restored from the vectors table's records.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentRecord, PropositionRecord, SectionRecord } from '../../common/types';
import type { StoredVectorRecord } from '../../common/vector-codec';
import { FlatIndex } from '../index/flat-index';
import { Int8FlatIndex } from '../index/int8-index';
import { LibraryIndex, traceSearch } from './search';
import { opts, vectorRecord } from './retrieve.test-support';

const DIMS = 100;
const DOCS = 300;
const SECTIONS = 6;
const PROPOSITIONS = 4;

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** `around` plus noise of `spread` per unit of length, normalised. */
function near(around: Float32Array | null, spread: number, random: () => number): Float32Array {
  const v = new Float32Array(DIMS);
  for (let d = 0; d < DIMS; d++) v[d] = (around ? around[d]! : 0) + (spread * gaussian(random)) / Math.sqrt(DIMS);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** The same random library in both indexes, and each document's vectors as the vectors table stores them. */
function libraries() {
  const random = seeded(11);
  const float32 = new LibraryIndex((dims, level) =>
    level === 'proposition' ? new Int8FlatIndex(dims) : new FlatIndex(dims),
  );
  const int8 = new LibraryIndex();
  const records: StoredVectorRecord[] = [];
  for (let d = 0; d < DOCS; d++) {
    const docId = `doc${d}`;
    const centre = near(null, 1, random);
    const base = {
      docId,
      headingPath: ['h'],
      pages: [1],
      position: 0,
      tokens: 5,
      keywords: [],
      prevId: null,
      nextId: null,
    };
    const sections: SectionRecord[] = [];
    const propositions: PropositionRecord[] = [];
    const vectors = { doc: near(centre, 0.3, random), sections: new Map(), propositions: new Map() };
    for (let s = 0; s < SECTIONS; s++) {
      const sectionId = `${docId}-s${s}`;
      const sectionVector = near(centre, 1.2, random);
      vectors.sections.set(sectionId, sectionVector);
      sections.push({ ...base, id: sectionId, order: s, text: `part ${s}`, start: 0, end: 6, embedded: true });
      for (let p = 0; p < PROPOSITIONS; p++) {
        const id = `${sectionId}-p${p}`;
        vectors.propositions.set(id, near(sectionVector, 0.8, random));
        propositions.push({ ...base, id, sectionId, order: p, text: `part ${s}`, start: 0, end: 6, type: 'fact' });
      }
    }
    const doc = {
      id: docId,
      name: `${docId}.md`,
      title: docId,
      keywords: [],
      summary: '',
    } as unknown as DocumentRecord;
    float32.addDocument(doc, sections, propositions, vectors);
    int8.addDocument(doc, sections, propositions, vectors);
    records.push(vectorRecord(docId, DIMS, vectors, sections, propositions));
  }
  const restored = LibraryIndex.fromSnapshot(structuredClone(int8.toSnapshot()));
  restored.restoreVectors(records);
  const queries = Array.from({ length: 100 }, () => {
    const doc = Math.floor(random() * DOCS);
    const sectionVector = vectors(records[doc]!, Math.floor(random() * SECTIONS));
    return near(sectionVector, 1.5, random);
  });
  return { float32, int8, restored, queries };
}

/** One section's vector out of a stored record, as floats. */
function vectors(record: StoredVectorRecord, section: number): Float32Array {
  const { codes, scales } = record.sections;
  return Float32Array.from(codes.subarray(section * DIMS, (section + 1) * DIMS), (c) => c * scales[section]!);
}

/** The share of `exact`'s first ten that `approximate`'s first ten hold. */
const recallAt10 = (approximate: string[], exact: string[]) =>
  exact.slice(0, 10).filter((id) => approximate.slice(0, 10).includes(id)).length / Math.min(10, exact.length);

describe('int8 document and section stages', () => {
  let built: ReturnType<typeof libraries> | undefined;
  const library = () => (built ??= libraries());

  it('hold every level as int8, built and restored', () => {
    const { int8, restored } = library();
    for (const index of [int8, restored])
      for (const level of ['document', 'section', 'proposition'] as const)
        expect(index.vectors![level]).toBeInstanceOf(Int8FlatIndex);
  });

  it('keep recall@10 ≥ 0.99 of the float32 stages, built and restored', () => {
    const { float32, int8, restored, queries } = library();
    const dense = opts({ strategy: 'three-stage', hybrid: false, minRelevance: undefined });
    const recalls = { int8: { documents: 0, sections: 0 }, restored: { documents: 0, sections: 0 } };
    let sameSections = 0;
    for (const vector of queries) {
      const query = { text: 'part', vector };
      const exact = traceSearch(float32, query, dense).stages!;
      expect(exact.documents).toHaveLength(30);
      expect(exact.sections.length).toBeGreaterThanOrEqual(10);
      for (const [name, index] of [
        ['int8', int8],
        ['restored', restored],
      ] as const) {
        const stages = traceSearch(index, query, dense).stages!;
        recalls[name].documents += recallAt10(stages.documents, exact.documents) / queries.length;
        recalls[name].sections += recallAt10(stages.sections, exact.sections) / queries.length;
        if (name === 'int8' && stages.sections.join() === exact.sections.join()) sameSections++;
      }
    }
    for (const name of ['int8', 'restored'] as const) {
      expect(recalls[name].documents).toBeGreaterThanOrEqual(0.99);
      expect(recalls[name].sections).toBeGreaterThanOrEqual(0.99);
    }
    console.log(JSON.stringify({ recalls, sameSections, queries: queries.length }));
  });
});
