/** A tiny library for the engine's tests: documents written straight to IndexedDB (as another tab would), or handed to the engine as the file reader does. */
import { putChunks } from './chunk-store';
import type { CarrelDb } from '../../common/db';
import type { StoreRequest } from '../../common/ingest';
import { storedVectors } from '../../common/vector-codec';
import type { DocumentRecord, PropositionRecord, SectionRecord } from '../../common/types';

export const MODEL = 'test-model';
export const DIMS = 4;

/** One ready document with a section of two propositions and a word of its own. */
function documentRecords(docId: string, word: string, addedAt: number) {
  const doc: DocumentRecord = {
    id: docId,
    name: `${docId}.md`,
    kind: 'markdown',
    mime: 'text/markdown',
    size: 10,
    addedAt,
    status: 'ready',
    title: docId,
    summary: '',
    keywords: [],
    tokens: 8,
    sectionCount: 1,
    propositionCount: 2,
    chunkMode: 'three-level',
    modelId: MODEL,
  };
  const base = {
    docId,
    headingPath: ['Intro'],
    pages: [1],
    position: 0,
    tokens: 4,
    keywords: [],
    prevId: null,
    nextId: null,
  };
  const section: SectionRecord = {
    ...base,
    id: `${docId}-s`,
    order: 0,
    text: `${word} first. ${word} second.`,
    start: 0,
    end: 20,
    embedded: true,
  };
  const propositions: PropositionRecord[] = [0, 1].map((order) => ({
    ...base,
    id: `${docId}-p${order}`,
    sectionId: section.id,
    order,
    text: `${word} proposition ${order}`,
    start: order * 10,
    end: order * 10 + 9,
    type: 'fact',
  }));
  return { doc, section, propositions };
}

/** The document as the file reader hands it to the engine (which sets the model). */
export function readDocument(docId: string, word: string, addedAt = 1): StoreRequest {
  const { doc, section, propositions } = documentRecords(docId, word, addedAt);
  return {
    record: { ...doc, modelId: undefined },
    file: new File([word], `${docId}.md`),
    text: { docId, text: section.text },
    sections: [section],
    propositions,
  };
}

/** The document with unit vectors, written straight to IndexedDB. */
export async function addDocument(db: CarrelDb, docId: string, word: string, addedAt = 1): Promise<void> {
  const { doc, section, propositions } = documentRecords(docId, word, addedAt);
  const unit = (i: number) => Float32Array.from({ length: DIMS }, (_, d) => (d === i % DIMS ? 1 : 0));
  await db.transaction('rw', [db.documents, db.chunks, db.vectors], async () => {
    await db.documents.put(doc);
    await putChunks(db, docId, { sections: [section], propositions }, undefined);
    await db.vectors.put(
      storedVectors({
        modelId: MODEL,
        docId,
        dims: DIMS,
        doc: unit(0),
        sectionIds: [section.id],
        sections: unit(1),
        propositionIds: propositions.map((p) => p.id),
        propositions: new Float32Array([...unit(2), ...unit(3)]),
      }),
    );
  });
}
