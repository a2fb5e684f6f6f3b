/** A small library of topic vectors for the retrieval tests: three documents, one axis a topic. */
import type { DocumentRecord, PropositionRecord, SearchOptions, SectionRecord } from '../../common/types';
import { storedOrder, storedVectors, type StoredVectorRecord } from '../../common/vector-codec';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { LibraryIndex } from './library-index';

// Topic vectors: one axis per topic, so similarity is easy to reason about.
export const DIMS = 4;
export const topic = (axis: number, mix = 0) => {
  const v = new Float32Array(DIMS);
  v[axis] = 1 - mix;
  v[(axis + 1) % DIMS] = mix;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

/** Each document's vectors as the vectors table stores them, for restoring a snapshot. */
export const LEVELS = ['document', 'section', 'proposition'] as const;
export const vectorRecords = new Map<string, StoredVectorRecord>();

export interface FakeSection {
  heading: string;
  propositions: { text: string; axis: number }[];
}

export function addDoc(index: LibraryIndex, name: string, axis: number | null, sections: FakeSection[]) {
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

export function library() {
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

export const opts = (patch: Partial<SearchOptions> = {}): SearchOptions => ({ ...DEFAULT_SEARCH_OPTIONS, ...patch });
