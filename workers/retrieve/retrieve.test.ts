import { describe, expect, it } from 'vitest';
import type { DocumentRecord, SectionRecord } from '../../common/types';
import { LibraryIndex, search, STAGE_K } from './search';
import { PqIndex } from '../index/pq-index';
import { Int8FlatIndex } from '../index/int8-index';
import { addDoc, LEVELS, library, opts, topic, vectorRecords } from './retrieve.test-support';

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
  it('restores proposition vectors into a PqIndex, and below it into the int8 flat index, with the same hits', async () => {
    const index = library();
    const snapshot = structuredClone(index.toSnapshot());
    const below = LibraryIndex.fromSnapshot(snapshot);
    below.restoreVectors(structuredClone([...vectorRecords.values()]));
    await below.vectorsSettled;
    expect(below.vectors!.proposition).toBeInstanceOf(Int8FlatIndex);
    const above = LibraryIndex.fromSnapshot(snapshot);
    above.pqAbovePropositions = 0;
    above.restoreVectors(structuredClone([...vectorRecords.values()]));
    // The int8 scan answers while the 4-bit codes are built, a slice at a time.
    expect(above.vectors!.proposition).toBeInstanceOf(Int8FlatIndex);
    await above.vectorsSettled;
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

  it('moves a library that grew past the threshold in the session to a PqIndex when asked, with the same hits', async () => {
    const query = { text: 'train station', vector: topic(0) };
    const hits = (library: LibraryIndex) =>
      search(library, query, opts({ minRelevance: undefined })).map((hit) =>
        hit.propositions.map((p) => [p.id, p.score]),
      );
    const grown = library();
    const before = hits(grown);
    await grown.settleVectors();
    expect(grown.vectors!.proposition).toBeInstanceOf(Int8FlatIndex);
    grown.pqAbovePropositions = 0;
    const settling = grown.settleVectors();
    expect(grown.vectors!.proposition).toBeInstanceOf(Int8FlatIndex);
    await settling;
    expect(grown.vectors!.proposition).toBeInstanceOf(PqIndex);
    expect(hits(grown)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('keeps the int8 scan when a document leaves while the 4-bit codes are built from the rows', async () => {
    const above = LibraryIndex.fromSnapshot(structuredClone(library().toSnapshot()));
    above.pqAbovePropositions = 0;
    above.restoreVectors(structuredClone([...vectorRecords.values()]));
    const gone = 'garden.md';
    above.removeDocument(gone);
    await above.vectorsSettled;
    expect(above.vectors!.proposition).toBeInstanceOf(Int8FlatIndex);
    const hits = search(above, { text: 'train station', vector: topic(0) }, opts({ minRelevance: undefined }));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((hit) => hit.docId === gone)).toBe(false);
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
