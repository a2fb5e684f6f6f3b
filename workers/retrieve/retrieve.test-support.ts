/**
 * Libraries for the retrieval tests: a small one of topic vectors (three documents, one axis a
 * topic), and documents for the keyword leg alone (`addKeywordDoc`).
 */
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
  vectorRecords.set(docId, vectorRecord(docId, DIMS, vectors, sectionRecords, propositionRecords));
}

/** A document's vectors stored as the engine stores them: rows in the propositions' order, without their ids. */
export function vectorRecord(
  docId: string,
  dims: number,
  vectors: { doc: Float32Array | null; sections: Map<string, Float32Array>; propositions: Map<string, Float32Array> },
  sections: SectionRecord[],
  propositions: PropositionRecord[],
) {
  const rows = (map: Map<string, Float32Array>) => Float32Array.from([...map.values()].flatMap((v) => [...v]));
  const record = {
    modelId: 'test',
    docId,
    dims,
    doc: vectors.doc,
    sectionIds: [...vectors.sections.keys()],
    sections: rows(vectors.sections),
    propositionIds: [...vectors.propositions.keys()],
    propositions: rows(vectors.propositions),
  };
  return storedVectors(record, storedOrder(sections, propositions));
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

/** Every passage the same vector: the dense leg says nothing, so the keyword leg decides. */
export const flat = () => Float32Array.from({ length: DIMS }, () => 0.5);

export interface KeywordSection {
  /** The section's heading, the last of its heading path; "part N" when not given. */
  heading?: string;
  text: string;
  /** The section's own language, when it differs from the document's. */
  lang?: string;
}

/** A document of one-passage sections, all with the same vector (`flat`), in `lang` when given. */
export function addKeywordDoc(index: LibraryIndex, name: string, sections: KeywordSection[], lang?: string) {
  const sectionRecords: SectionRecord[] = [];
  const propositionRecords: PropositionRecord[] = [];
  const vectors = {
    doc: flat(),
    sections: new Map<string, Float32Array>(),
    propositions: new Map<string, Float32Array>(),
  };
  let offset = 0;
  sections.forEach((s, order) => {
    const base = {
      docId: name,
      order,
      headingPath: [name, s.heading ?? `part ${order + 1}`],
      pages: [order + 1],
      position: order / sections.length,
      tokens: 40,
      keywords: [],
      prevId: null,
      nextId: null,
      text: s.text,
      start: offset,
      end: offset + s.text.length,
      ...(s.lang ? { lang: s.lang } : {}),
    };
    const sectionId = `${name}#s${order}`;
    sectionRecords.push({ ...base, id: sectionId, embedded: true });
    propositionRecords.push({ ...base, id: `${sectionId}p`, sectionId, type: 'fact' });
    vectors.sections.set(sectionId, flat());
    vectors.propositions.set(`${sectionId}p`, flat());
    offset += s.text.length + 1;
  });
  const doc = { id: name, name, title: name, keywords: [], summary: '', ...(lang ? { lang } : {}) };
  index.addDocument(doc as unknown as DocumentRecord, sectionRecords, propositionRecords, vectors);
}
