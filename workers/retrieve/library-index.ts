/**
 * The in-memory library: per level (document, section, proposition) a vector index and a BM25
 * index, plus the metadata results are built from. A cache of Dexie, rebuilt at start-up.
 */
import type { DocumentRecord, Level, PropositionRecord, SectionRecord } from '../../src/shared/types';
import { Bm25Index, type Bm25Snapshot } from '../index/bm25';
import { FlatIndex, type FlatSnapshot } from '../index/flat-index';
import { Int8FlatIndex, type Int8Snapshot } from '../index/int8-index';
import type { VectorIndex } from '../index/vector-index';
import { decodeRows, encodeRows } from '../../src/shared/vector-codec';
import { fromPropositionColumns, fromSectionColumns, toPropositionColumns, toSectionColumns, type PropositionColumns, type PropositionMeta, type SectionColumns, type SectionMeta } from './metadata-columns';

export type DocMeta = Pick<DocumentRecord, 'id' | 'name' | 'title' | 'ocr'>;
export type { SectionMeta };

export interface DocumentVectors {
  doc: Float32Array | null;
  sections: Map<string, Float32Array>;
  propositions: Map<string, Float32Array>;
}

/**
 * Everything a LibraryIndex holds, as arrays and typed arrays that IndexedDB stores quickly:
 * restoring it re-tokenises and re-embeds nothing. Each id is stored once, in its level's metadata
 * (the BM25 indexes list theirs in the same order, vector indexes by position in it), and which
 * sections a document has and which propositions a section has is read off the metadata.
 */
export interface LibraryIndexSnapshot {
  docs: DocMeta[];
  sections: SectionColumns;
  propositions: PropositionColumns;
  /** Every term of the three BM25 indexes once: each numbers its terms by their place here. */
  terms: string[];
  bm25: Record<Level, Bm25Snapshot>;
  vectors: Record<Level, StoredVectorSnapshot> | null;
}

export type VectorSnapshot = FlatSnapshot | Int8Snapshot;

/**
 * A vector index as the snapshot stores it: without its ids (`rows` places each row in its level's
 * order), and float32 rows as int8 with a scale each: they are int8 in IndexedDB, so the index
 * holds their decoded values and decoding again gives the same.
 */
type StoredVectorSnapshot =
  | (Omit<Int8Snapshot, 'ids'> & { rows: Uint32Array })
  | { kind: 'float32-as-int8'; dims: number; rows: Uint32Array; codes: Int8Array; scales: Float32Array };

export type VectorIndexFactory = (dims: number, level: Level) => VectorIndex;

/**
 * Propositions, the level with by far the most rows, are held as int8 (a quarter of the memory of
 * float32, so a million fit in a tab); documents and sections stay exact float32.
 */
export const defaultVectorIndex: VectorIndexFactory = (dims, level) => (level === 'proposition' ? new Int8FlatIndex(dims) : new FlatIndex(dims));

export class LibraryIndex {
  readonly docs = new Map<string, DocMeta>();
  readonly sections = new Map<string, SectionMeta>();
  readonly propositions = new Map<string, PropositionMeta>();
  readonly sectionsOfDoc = new Map<string, string[]>();
  readonly propositionsOfSection = new Map<string, string[]>();
  bm25: Record<Level, Bm25Index> = { document: new Bm25Index(), section: new Bm25Index(), proposition: new Bm25Index() };
  vectors: Record<Level, VectorIndex> | null = null;

  constructor(private readonly createVectorIndex: VectorIndexFactory = defaultVectorIndex) {}

  /**
   * Indexes one document. Given its whole extracted text, a proposition that is that text from
   * `start` to `end` (almost all) keeps no text of its own here: `withHitTexts` finds it there again.
   */
  addDocument(doc: DocumentRecord, sections: SectionRecord[], propositions: PropositionRecord[], vectors: DocumentVectors, documentText?: string): void {
    if (this.docs.has(doc.id)) this.removeDocument(doc.id);
    this.docs.set(doc.id, { id: doc.id, name: doc.name, title: doc.title, ...(doc.ocr ? { ocr: doc.ocr } : {}) });
    this.sectionsOfDoc.set(doc.id, sections.map((s) => s.id));
    for (const s of sections) {
      this.sections.set(s.id, { id: s.id, docId: s.docId, order: s.order, headingPath: s.headingPath, pages: s.pages, pageLabels: s.pageLabels });
      this.propositionsOfSection.set(s.id, []);
      this.bm25.section.add(s.id, s.text, s.headingPath.join(' '));
    }
    for (const p of propositions) {
      const ownText = documentText === undefined || documentText.slice(p.start, p.end) !== p.text;
      this.propositions.set(p.id, { id: p.id, docId: p.docId, sectionId: p.sectionId, order: p.order, headingPath: p.headingPath, pages: p.pages, start: p.start, end: p.end, type: p.type, ...(ownText ? { text: p.text } : {}) });
      this.propositionsOfSection.get(p.sectionId)?.push(p.id);
      this.bm25.proposition.add(p.id, p.text, p.headingPath.join(' '), PROPOSITION_HEADING_WEIGHT);
    }
    const docText = sections.map((s) => s.text).join('\n');
    this.bm25.document.add(doc.id, docText || propositions.map((p) => p.text).join('\n'), `${doc.title} ${doc.keywords.join(' ')}`);
    this.addVectors(doc.id, vectors);
  }

  removeDocument(docId: string): void {
    const sectionIds = this.sectionsOfDoc.get(docId) ?? [];
    const propositionIds = sectionIds.flatMap((id) => this.propositionsOfSection.get(id) ?? []);
    this.bm25.document.remove(docId);
    sectionIds.forEach((id) => this.bm25.section.remove(id));
    propositionIds.forEach((id) => this.bm25.proposition.remove(id));
    this.vectors?.document.remove([docId]);
    this.vectors?.section.remove(sectionIds);
    this.vectors?.proposition.remove(propositionIds);
    sectionIds.forEach((id) => (this.sections.delete(id), this.propositionsOfSection.delete(id)));
    propositionIds.forEach((id) => this.propositions.delete(id));
    this.sectionsOfDoc.delete(docId);
    this.docs.delete(docId);
  }

  /** The whole index for storing; null when its vector indexes cannot be saved (only flat and int8 ones can). */
  toSnapshot(): LibraryIndexSnapshot | null {
    const { vectors } = this;
    const order = this.idOrder();
    const vectorSnapshots = vectors ? mapLevels((level) => storedVectorSnapshot(vectors[level], order[level])) : null;
    if (vectorSnapshots && LEVELS.some((level) => !vectorSnapshots[level])) return null;
    const terms = [...new Set(LEVELS.flatMap((level) => this.bm25[level].terms()))];
    return {
      docs: [...this.docs.values()],
      sections: toSectionColumns([...this.sections.values()]),
      propositions: toPropositionColumns([...this.propositions.values()]),
      terms,
      bm25: mapLevels((level) => this.bm25[level].toSnapshot(order[level], terms)),
      vectors: vectorSnapshots as Record<Level, StoredVectorSnapshot> | null,
    };
  }

  static fromSnapshot(snapshot: LibraryIndexSnapshot): LibraryIndex {
    const index = new LibraryIndex();
    for (const doc of snapshot.docs) {
      index.docs.set(doc.id, doc);
      index.sectionsOfDoc.set(doc.id, []);
    }
    for (const section of fromSectionColumns(snapshot.sections)) {
      index.sections.set(section.id, section);
      index.sectionsOfDoc.get(section.docId)?.push(section.id);
      index.propositionsOfSection.set(section.id, []);
    }
    for (const proposition of fromPropositionColumns(snapshot.propositions)) {
      index.propositions.set(proposition.id, proposition);
      index.propositionsOfSection.get(proposition.sectionId)?.push(proposition.id);
    }
    const order = index.idOrder();
    index.bm25 = mapLevels((level) => Bm25Index.fromSnapshot(snapshot.bm25[level], order[level], snapshot.terms));
    const { vectors } = snapshot;
    index.vectors = vectors ? mapLevels((level) => vectorIndexFromSnapshot(vectors[level], order[level])) : null;
    return index;
  }

  /** Each level's ids in the metadata's order: the order the snapshot lists everything per level in. */
  private idOrder(): Record<Level, string[]> {
    return { document: [...this.docs.keys()], section: [...this.sections.keys()], proposition: [...this.propositions.keys()] };
  }

  private addVectors(docId: string, vectors: DocumentVectors): void {
    const dims = vectors.doc?.length ?? vectors.propositions.values().next().value?.length;
    if (!dims) return;
    this.vectors ??= {
      document: this.createVectorIndex(dims, 'document'),
      section: this.createVectorIndex(dims, 'section'),
      proposition: this.createVectorIndex(dims, 'proposition'),
    };
    if (vectors.doc) this.vectors.document.add([docId], vectors.doc);
    const addAll = (index: VectorIndex, map: Map<string, Float32Array>) => {
      const data = new Float32Array(map.size * dims);
      [...map.values()].forEach((v, i) => data.set(v, i * dims));
      index.add([...map.keys()], data);
    };
    addAll(this.vectors.section, vectors.sections);
    addAll(this.vectors.proposition, vectors.propositions);
  }
}

const LEVELS: Level[] = ['document', 'section', 'proposition'];

/**
 * A proposition's heading path (most documents' open with their title) is a keyword field of it, its words
 * counting once beside the proposition's own: measured better than 0, 2 or 3, and than leaving
 * the title out, on all three evaluation sets (docs/retrieval.md).
 */
const PROPOSITION_HEADING_WEIGHT = 1;


function storedVectorSnapshot(index: VectorIndex, order: string[]): StoredVectorSnapshot | null {
  if (!(index instanceof FlatIndex || index instanceof Int8FlatIndex)) return null;
  const { ids, ...snapshot } = index.toSnapshot();
  const position = new Map(order.map((id, i) => [id, i]));
  const rows = Uint32Array.from(ids, (id) => position.get(id)!);
  if (snapshot.kind === 'int8') return { ...snapshot, rows };
  const { codes, scales } = encodeRows(snapshot.data, snapshot.dims);
  return { kind: 'float32-as-int8', dims: snapshot.dims, rows, codes, scales };
}

function vectorIndexFromSnapshot(snapshot: StoredVectorSnapshot, order: string[]): VectorIndex {
  const ids = Array.from(snapshot.rows, (row) => order[row]!);
  if (snapshot.kind === 'int8') return Int8FlatIndex.fromSnapshot({ ...snapshot, ids });
  return FlatIndex.fromSnapshot({ kind: 'float32', dims: snapshot.dims, ids, data: decodeRows(snapshot, snapshot.dims) });
}

function mapLevels<T>(make: (level: Level) => T): Record<Level, T> {
  return { document: make('document'), section: make('section'), proposition: make('proposition') };
}
