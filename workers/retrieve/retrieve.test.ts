import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord, PropositionRecord, ResultHit, SearchOptions, SectionRecord } from '../../common/types';
import { assembleContext } from '../../common/text/prompt';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { fuseScores } from './fuse';
import { LibraryIndex, search, STAGE_K, traceSearch } from './search';
import { PqIndex } from '../index/pq-index';
import { Int8FlatIndex } from '../index/int8-index';
import { storedOrder, storedVectors, type StoredVectorRecord } from '../../common/vector-codec';

// Topic vectors: one axis per topic, so similarity is easy to reason about.
const DIMS = 4;
const topic = (axis: number, mix = 0) => {
  const v = new Float32Array(DIMS);
  v[axis] = 1 - mix;
  v[(axis + 1) % DIMS] = mix;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

/** Each document's vectors as the vectors table stores them, for restoring a snapshot. */
const LEVELS = ['document', 'section', 'proposition'] as const;
const vectorRecords = new Map<string, StoredVectorRecord>();

interface FakeSection {
  heading: string;
  propositions: { text: string; axis: number }[];
}

function addDoc(index: LibraryIndex, name: string, axis: number | null, sections: FakeSection[]) {
  const docId = name;
  let offset = 0;
  const sectionRecords: SectionRecord[] = [];
  const propositionRecords: PropositionRecord[] = [];
  const vectors = {
    doc: axis === null ? null : topic(axis),
    sections: new Map<string, Float32Array>(),
    propositions: new Map<string, Float32Array>(),
  };
  sections.forEach((s, si) => {
    const sectionId = `${docId}-s${si}`;
    const text = s.propositions.map((p) => p.text).join(' ');
    const base = {
      docId,
      order: si,
      headingPath: [s.heading],
      pages: [si + 1],
      position: 0,
      tokens: 10,
      keywords: [],
      prevId: null,
      nextId: null,
    };
    sectionRecords.push({ ...base, id: sectionId, text, start: offset, end: offset + text.length, embedded: true });
    vectors.sections.set(sectionId, topic(s.propositions[0]!.axis));
    s.propositions.forEach((p, pi) => {
      const id = `${sectionId}-p${pi}`;
      propositionRecords.push({
        ...base,
        id,
        sectionId,
        order: pi,
        text: p.text,
        start: offset,
        end: offset + p.text.length,
        type: 'fact',
      });
      vectors.propositions.set(id, topic(p.axis));
      offset += p.text.length + 1;
    });
  });
  const doc = { id: docId, name, title: name, keywords: [], summary: '' } as unknown as DocumentRecord;
  index.addDocument(doc, sectionRecords, propositionRecords, vectors);
  const rows = (map: Map<string, Float32Array>) => Float32Array.from([...map.values()].flatMap((v) => [...v]));
  const record = {
    modelId: 'test',
    docId,
    dims: DIMS,
    doc: vectors.doc,
    sectionIds: [...vectors.sections.keys()],
    sections: rows(vectors.sections),
    propositionIds: [...vectors.propositions.keys()],
    propositions: rows(vectors.propositions),
  };
  // Stored as the engine stores them: rows in the propositions' order, without their ids.
  vectorRecords.set(docId, storedVectors(record, storedOrder(sectionRecords, propositionRecords)));
}

function library() {
  const index = new LibraryIndex();
  addDoc(index, 'trains.md', 0, [
    {
      heading: 'Timetable',
      propositions: [
        { text: 'The train arrives at the station at noon.', axis: 0 },
        { text: 'Sleeper carriages run overnight.', axis: 0 },
      ],
    },
    { heading: 'Tickets', propositions: [{ text: 'Keep your ticket until the end of the journey.', axis: 0 }] },
  ]);
  addDoc(index, 'health.md', 1, [
    {
      heading: 'Treatment',
      propositions: [{ text: 'The physician prescribed antibiotics for the infection.', axis: 1 }],
    },
  ]);
  addDoc(index, 'garden.md', 2, [
    { heading: 'Tomatoes', propositions: [{ text: 'Tomatoes grow best in full sun.', axis: 2 }] },
  ]);
  return index;
}

const opts = (patch: Partial<SearchOptions> = {}): SearchOptions => ({ ...DEFAULT_SEARCH_OPTIONS, ...patch });

describe('LibraryIndex snapshot', () => {
  it('gives back the same index with the stored vectors, each id stored once and a document without vectors among them', () => {
    const index = library();
    const keywordsOnly = {
      id: 'notes.md',
      name: 'notes.md',
      title: 'notes',
      keywords: [],
      summary: '',
    } as unknown as DocumentRecord;
    const base = {
      docId: 'notes.md',
      order: 0,
      headingPath: ['Notes'],
      pages: [],
      position: 0,
      tokens: 5,
      keywords: [],
      prevId: null,
      nextId: null,
    };
    const section: SectionRecord = {
      ...base,
      id: 'notes-s0',
      text: 'Trains leave at dawn.',
      start: 0,
      end: 21,
      embedded: true,
    };
    index.addDocument(
      keywordsOnly,
      [section],
      [{ ...base, id: 'notes-p0', sectionId: 'notes-s0', text: section.text, start: 0, end: 21, type: 'fact' }],
      { doc: null, sections: new Map(), propositions: new Map() },
    );
    index.removeDocument('garden.md');

    const snapshot = structuredClone(index.toSnapshot());
    const ids = JSON.stringify(snapshot, (_, value: unknown) => (ArrayBuffer.isView(value) ? [] : value));
    expect(ids.split('"trains.md-s0-p1"')).toHaveLength(2);
    const restored = LibraryIndex.fromSnapshot(snapshot);
    expect(restored.vectors).toBeNull();
    // garden.md's record is among them, which the index no longer holds, and two for notes.md (as
    // after another indexing): one whose rows name health.md's proposition, one with a row for its
    // one section but three for its one proposition. All three are left out.
    expect(vectorRecords.get('trains.md')).not.toHaveProperty('propositionIds');
    expect(vectorRecords.get('trains.md')).not.toHaveProperty('sectionIds');
    const stale = [
      { ...vectorRecords.get('health.md')!, docId: 'notes.md', propositionIds: ['health.md-s0-p0'] },
      { ...vectorRecords.get('trains.md')!, docId: 'notes.md', sections: vectorRecords.get('health.md')!.sections },
    ];
    restored.restoreVectors(structuredClone([...vectorRecords.values(), ...stale]));
    expect(LEVELS.map((level) => restored.vectors![level].size)).toEqual(
      LEVELS.map((level) => index.vectors![level].size),
    );
    expect([...restored.sectionsOfDoc]).toEqual([...index.sectionsOfDoc]);
    expect([...restored.propositionsOfSection]).toEqual([...index.propositionsOfSection]);
    expect(restored.vectors!.proposition.size).toBe(index.vectors!.proposition.size);
    for (const query of [
      { text: 'train station', vector: topic(0) },
      { text: 'trains dawn', vector: topic(1) },
      { text: 'physician', vector: null },
    ]) {
      const hits = search(restored, query, opts({ minRelevance: undefined }));
      expect(hits.map((hit) => hit.propositions.map((p) => [p.id, p.score]))).toEqual(
        search(index, query, opts({ minRelevance: undefined })).map((hit) =>
          hit.propositions.map((p) => [p.id, p.score]),
        ),
      );
      expect(hits.length).toBeGreaterThan(0);
    }
  });
});

describe('LibraryIndex past the product-quantisation threshold', () => {
  it('restores proposition vectors into a PqIndex, and below it into the int8 flat index, with the same hits', () => {
    const index = library();
    const snapshot = structuredClone(index.toSnapshot());
    const below = LibraryIndex.fromSnapshot(snapshot);
    below.restoreVectors(structuredClone([...vectorRecords.values()]));
    expect(below.vectors!.proposition).toBeInstanceOf(Int8FlatIndex);
    const above = LibraryIndex.fromSnapshot(snapshot);
    above.pqAbovePropositions = 0;
    above.restoreVectors(structuredClone([...vectorRecords.values()]));
    expect(above.vectors!.proposition).toBeInstanceOf(PqIndex);
    expect(above.vectors!.section).not.toBeInstanceOf(PqIndex);
    const query = { text: 'train station', vector: topic(0) };
    const hits = (library: LibraryIndex) =>
      search(library, query, opts({ minRelevance: undefined })).map((hit) =>
        hit.propositions.map((p) => [p.id, p.score]),
      );
    expect(hits(above)).toEqual(hits(below));
    expect(hits(above).length).toBeGreaterThan(0);
  });
});

describe('search', () => {
  it.each(['three-stage', 'two-stage', 'flat-child', 'dense'] as const)(
    '%s finds a paraphrase by meaning',
    (strategy) => {
      const hits = search(library(), { text: 'doctor gave medicine', vector: topic(1, 0.1) }, opts({ strategy }));
      expect(hits[0]!.docName).toBe('health.md');
      expect(hits[0]!.propositions[0]!.text).toContain('antibiotics');
      expect(hits[0]!.propositions[0]!.scores.dense).toBeGreaterThan(0.9);
    },
  );

  it('bm25 finds exact words and reports raw BM25 scores', () => {
    const hits = search(library(), { text: 'ticket journey', vector: null }, opts({ strategy: 'bm25' }));
    expect(hits[0]!.headingPath).toEqual(['Tickets']);
    expect(hits[0]!.propositions[0]!.scores.bm25).toBeGreaterThan(0);
    expect(hits[0]!.propositions[0]!.scores.dense).toBeUndefined();
  });

  it('falls back to keywords when there is no query vector', () => {
    const hits = search(library(), { text: 'tomatoes sun', vector: null }, opts());
    expect(hits[0]!.docName).toBe('garden.md');
  });

  it('groups propositions under their section, best first', () => {
    const hits = search(library(), { text: 'train station sleeper', vector: topic(0) }, opts());
    const timetable = hits.find((h) => h.headingPath[0] === 'Timetable')!;
    expect(timetable.propositions).toHaveLength(2);
    expect(timetable.propositions[0]!.score).toBeGreaterThanOrEqual(timetable.propositions[1]!.score);
    expect(new Set(hits.map((h) => h.sectionId)).size).toBe(hits.length);
  });

  it('shows consecutive parts of one long section as one result, and parts apart as two', () => {
    const index = new LibraryIndex();
    const part = (text: string) => ({ heading: 'Line length', propositions: [{ text, axis: 0 }] });
    addDoc(index, 'style.md', 0, [
      part('Long lines are hard to read in a narrow window.'),
      part('The longest a line may be is 80 characters.'),
      { heading: 'Indentation', propositions: [{ text: 'Indent with four spaces, never tabs.', axis: 1 }] },
      part('A long line of a URL in a comment may run over.'),
    ]);
    const hits = search(index, { text: 'long line characters', vector: null }, opts());
    const parts = hits.filter((h) => h.headingPath[0] === 'Line length');
    expect(parts).toHaveLength(2);
    const joined = parts.find((h) => h.parts)!;
    expect(joined.parts!.toSorted()).toEqual(['style.md-s0', 'style.md-s1']);
    expect(joined.propositions.map((p) => p.text).join(' ')).toContain('80 characters');
    expect(joined.pages).toEqual([1, 2]);
    expect(parts.find((h) => !h.parts)!.sectionId).toBe('style.md-s3');
  });

  it('a part that ranks below the parts on either side of it makes their two results one', () => {
    const index = new LibraryIndex();
    const part = (text: string) => ({ heading: 'Cranes', propositions: [{ text, axis: 0 }] });
    addDoc(index, 'harbour.md', 0, [
      part('The harbour crane lifts forty tonnes.'),
      part('Ships of grain came in on Monday; the crane unloaded them.'),
      part('The harbour crane was repaired in March.'),
    ]);
    const hits = search(index, { text: 'harbour crane', vector: null }, opts());
    expect(hits).toHaveLength(1);
    expect(hits[0]!.parts!.toSorted()).toEqual(['harbour.md-s0', 'harbour.md-s1', 'harbour.md-s2']);
    const scores = hits[0]!.propositions.map((p) => p.score);
    expect(scores).toEqual(scores.toSorted((a, b) => b - a));
    expect(hits[0]!.propositions.at(-1)!.text).toContain('grain');
  });

  it('the escape hatch rescues a document that stage 1 missed', () => {
    const index = new LibraryIndex();
    // More documents than stage 1 keeps, whose summaries match the query better than the one that holds the answer.
    for (let i = 0; i < STAGE_K.document + 2; i++)
      addDoc(index, `decoy${i}.md`, 3, [
        { heading: 'Decoy', propositions: [{ text: `Decoy text number ${i}.`, axis: 2 }] },
      ]);
    addDoc(index, 'answer.md', 0, [
      { heading: 'Answer', propositions: [{ text: 'The exact answer sentence.', axis: 3 }] },
    ]);
    const query = { text: 'exact answer', vector: topic(3) };
    const without = search(index, query, opts({ escapeHatch: false, hybrid: false }));
    expect(without.some((h) => h.docName === 'answer.md')).toBe(false);
    const withHatch = search(index, query, opts({ escapeHatch: true, hybrid: false }));
    expect(withHatch.some((h) => h.docName === 'answer.md')).toBe(true);
  });

  it('restricts to chosen documents and honours the limit', () => {
    const index = library();
    const hits = search(index, { text: 'train', vector: topic(0) }, opts({ docIds: ['garden.md'] }));
    expect(hits.every((h) => h.docId === 'garden.md')).toBe(true);
    expect(search(index, { text: 'the', vector: topic(0, 0.5) }, opts({ limit: 1 }))).toHaveLength(1);
  });

  it('forgets a removed document', () => {
    const index = library();
    index.removeDocument('health.md');
    const hits = search(index, { text: 'physician antibiotics', vector: topic(1) }, opts());
    expect(hits.some((h) => h.docId === 'health.md')).toBe(false);
    expect(index.bm25.proposition.size).toBe(4);
    expect(index.vectors!.proposition.size).toBe(4);
  });
});

describe('page labels', () => {
  it('gives every passage of a result the labels printed on its pages', () => {
    const index = new LibraryIndex();
    const base = {
      docId: 'r',
      headingPath: ['Quitting R'],
      position: 0,
      tokens: 10,
      keywords: [],
      prevId: null,
      nextId: null,
    };
    const text = 'To quit R use the q function. It asks whether to save the workspace.';
    const section: SectionRecord = {
      ...base,
      id: 'r-s0',
      order: 0,
      text,
      start: 0,
      end: text.length,
      pages: [9, 10],
      pageLabels: ['3', '4'],
      embedded: true,
    };
    const props: PropositionRecord[] = [
      {
        ...base,
        id: 'r-p0',
        sectionId: 'r-s0',
        order: 0,
        text: text.slice(0, 29),
        start: 0,
        end: 29,
        pages: [9],
        pageLabels: ['3'],
        type: 'procedure',
      },
      {
        ...base,
        id: 'r-p1',
        sectionId: 'r-s0',
        order: 1,
        text: text.slice(30),
        start: 30,
        end: text.length,
        pages: [10],
        pageLabels: ['4'],
        type: 'fact',
      },
    ];
    index.addDocument(
      { id: 'r', name: 'r.pdf', title: 'R', keywords: [], summary: '' } as unknown as DocumentRecord,
      [section],
      props,
      { doc: null, sections: new Map(), propositions: new Map() },
    );
    const [hit] = search(index, { text: 'quit R save workspace', vector: null }, opts());
    expect(hit!.pageLabels).toEqual(['3', '4']);
    expect(Object.fromEntries(hit!.propositions.map((p) => [p.id, p.pageLabels]))).toEqual({
      'r-p0': ['3'],
      'r-p1': ['4'],
    });
  });
});

describe('relevance floor', () => {
  const floor = { dense: 0.525, coverage: 0.45 };

  it('answers nothing when the best proposition clears neither leg', () => {
    const index = library();
    // Orthogonal to every topic, and no word in common.
    const off = new Float32Array([0.5, -0.5, 0.5, -0.5]);
    expect(search(index, { text: 'quantum chromodynamics', vector: off }, opts({ minRelevance: floor }))).toEqual([]);
  });

  it('keeps a hit that clears either leg, and reports coverage', () => {
    const index = library();
    const byMeaning = search(index, { text: 'doctor medicine', vector: topic(1) }, opts({ minRelevance: floor }));
    expect(byMeaning[0]!.docName).toBe('health.md');
    const byWords = search(index, { text: 'tomatoes full sun', vector: null }, opts({ minRelevance: floor }));
    expect(byWords[0]!.propositions[0]!.scores.coverage).toBeGreaterThan(0.9);
  });

  it('under the floor keeps a few weak matches that share a word with the query, and only those', () => {
    const index = library();
    const off = new Float32Array([0.5, -0.5, 0.5, -0.5]);
    // "ticket" is one word of five that count: coverage far under the floor, dense orthogonal.
    const query = { text: 'how much did my lost ticket refund come to', vector: off };
    const { hits, stages, weak } = traceSearch(index, query, opts({ minRelevance: floor }));
    expect(stages.belowFloor).toBe(true);
    expect(weak).toBe(true);
    expect(hits.map((h) => h.headingPath.at(-1))).toEqual(['Tickets']);
    expect(hits[0]!.propositions[0]!.scores.coverage).toBeLessThan(floor.coverage);
    // Clearing the floor, the same query is a normal result.
    expect(traceSearch(index, query, opts({ minRelevance: { dense: 2, coverage: 0.01 } })).weak).toBe(false);
  });
});

describe('fuseScores', () => {
  const dense = new Map([
    ['a', 0.9],
    ['b', 0.5],
    ['c', 0.1],
  ]);
  const bm25 = new Map([
    ['b', 12],
    ['c', 2],
  ]);

  it('weights min-max normalised legs', () => {
    const fused = fuseScores(
      [
        { scores: dense, weight: 0.2 },
        { scores: bm25, weight: 0.8 },
      ],
      'weighted',
    );
    expect(fused.get('a')).toBeCloseTo(0.2);
    expect(fused.get('b')).toBeCloseTo(0.2 * 0.5 + 0.8);
    expect(fused.get('c')).toBeCloseTo(0);
  });

  it('does reciprocal rank fusion', () => {
    const fused = fuseScores(
      [
        { scores: dense, weight: 1 },
        { scores: bm25, weight: 1 },
      ],
      'rrf',
    );
    expect(fused.get('b')).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused.get('a')).toBeCloseTo(1 / 61);
  });
});

describe('assembleContext', () => {
  const countTokens = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const hit = (docId: string, sectionId: string, props: [string, number][], rank: number): ResultHit => ({
    docId,
    docName: `${docId}.md`,
    docTitle: docId,
    sectionId,
    headingPath: ['Part', sectionId],
    pages: [3],
    score: 1 / (rank + 1),
    docScores: { fused: 1 },
    sectionScores: { fused: 1 },
    propositions: props.map(([text, start], i) => ({
      id: `${sectionId}-${i}`,
      text,
      pages: [3],
      start,
      end: start + text.length,
      type: 'fact',
      score: 1,
      scores: { fused: 1 },
    })),
  });
  const hits = [
    hit(
      'b',
      'b1',
      [
        ['Second sentence of b.', 22],
        ['First sentence of b.', 0],
      ],
      0,
    ),
    hit('a', 'a1', [['Alpha facts are here.', 0]], 1),
    hit('b', 'b2', [['First sentence of b.', 500]], 2),
  ];

  it('orders by document then position, merges adjacent hits and drops duplicates', () => {
    const { pieces } = assembleContext(hits, { budget: 4000, countTokens });
    expect(pieces.map((p) => p.text)).toEqual(['First sentence of b. Second sentence of b.', 'Alpha facts are here.']);
    expect(pieces.map((p) => p.n)).toEqual([1, 2]);
  });

  it('cites every piece with document, heading path and page', () => {
    const { prompt, pieces } = assembleContext(hits, { budget: 4000, countTokens });
    expect(pieces.every((p) => p.docName && p.headingPath.length && p.pages.length)).toBe(true);
    expect(prompt).toContain('[1] b (b.md), Part › b1, p. 3');
    expect(prompt).toContain('[2] a (a.md), Part › a1, p. 3');
  });

  it('cites the page labels the document prints, for merged pieces too', () => {
    const labelled = hits.map((h) => ({
      ...h,
      pages: [9],
      pageLabels: ['3'],
      propositions: h.propositions.map((p) => ({ ...p, pages: [9], pageLabels: ['3'] })),
    }));
    const { prompt } = assembleContext(labelled, { budget: 4000, countTokens });
    expect(prompt).toContain('[1] b (b.md), Part › b1, p. 3');
    expect(prompt).not.toContain('p. 9');
  });

  it('never exceeds the token budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 400 }),
        fc.array(fc.lorem({ maxCount: 30 }), { minLength: 1, maxLength: 20 }),
        (budget, texts) => {
          const many = texts.map((t, i) => hit(`d${i % 3}`, `s${i}`, [[t, i * 1000]], i));
          const context = assembleContext(many, { budget, countTokens });
          return context.tokens <= budget && countTokens(context.prompt) === context.tokens;
        },
      ),
    );
  });
});
