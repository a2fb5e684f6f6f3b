/**
 * The in-memory library: per level (document, section, proposition) a vector index and a BM25
 * index, plus the metadata results are built from. A cache of Dexie, rebuilt at start-up.
 */
import type { DocumentRecord, Level, PropositionRecord, SectionRecord } from '../../src/shared/types';
import { Bm25Index, type Bm25Snapshot } from '../index/bm25';
import { FlatIndex, type FlatSnapshot } from '../index/flat-index';
import { Int8FlatIndex, type Int8Snapshot } from '../index/int8-index';
import type { VectorIndex } from '../index/vector-index';
import { fromPropositionColumns, toPropositionColumns, type PropositionColumns, type PropositionMeta } from './proposition-columns';

export type DocMeta = Pick<DocumentRecord, 'id' | 'name' | 'title' | 'ocr'>;
export type SectionMeta = Pick<SectionRecord, 'id' | 'docId' | 'order' | 'headingPath' | 'pages' | 'pageLabels'>;

export interface DocumentVectors {
  doc: Float32Array | null;
  sections: Map<string, Float32Array>;
  propositions: Map<string, Float32Array>;
}

/**
 * Everything a LibraryIndex holds, as arrays and typed arrays that IndexedDB stores quickly:
 * restoring it re-tokenises and re-embeds nothing.
 */
export interface LibraryIndexSnapshot {
  docs: DocMeta[];
  sections: SectionMeta[];
  propositions: PropositionColumns;
  sectionsOfDoc: [string, string[]][];
  propositionsOfSection: [string, string[]][];
  bm25: Record<Level, Bm25Snapshot>;
  vectors: Record<Level, VectorSnapshot> | null;
}

export type VectorSnapshot = FlatSnapshot | Int8Snapshot;

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
    const vectorSnapshots = vectors ? mapLevels((level) => vectorSnapshot(vectors[level])) : null;
    if (vectorSnapshots && LEVELS.some((level) => !vectorSnapshots[level])) return null;
    return {
      docs: [...this.docs.values()],
      sections: [...this.sections.values()],
      propositions: toPropositionColumns([...this.propositions.values()]),
      sectionsOfDoc: [...this.sectionsOfDoc],
      propositionsOfSection: [...this.propositionsOfSection],
      bm25: mapLevels((level) => this.bm25[level].toSnapshot()),
      vectors: vectorSnapshots as Record<Level, VectorSnapshot> | null,
    };
  }

  static fromSnapshot(snapshot: LibraryIndexSnapshot): LibraryIndex {
    const index = new LibraryIndex();
    for (const doc of snapshot.docs) index.docs.set(doc.id, doc);
    for (const section of snapshot.sections) index.sections.set(section.id, section);
    for (const proposition of fromPropositionColumns(snapshot.propositions)) index.propositions.set(proposition.id, proposition);
    for (const [id, ids] of snapshot.sectionsOfDoc) index.sectionsOfDoc.set(id, ids);
    for (const [id, ids] of snapshot.propositionsOfSection) index.propositionsOfSection.set(id, ids);
    index.bm25 = mapLevels((level) => Bm25Index.fromSnapshot(snapshot.bm25[level]));
    const { vectors } = snapshot;
    index.vectors = vectors ? mapLevels((level) => vectorIndexFromSnapshot(vectors[level])) : null;
    return index;
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


function vectorSnapshot(index: VectorIndex): VectorSnapshot | null {
  if (index instanceof FlatIndex || index instanceof Int8FlatIndex) return index.toSnapshot();
  return null;
}

function vectorIndexFromSnapshot(snapshot: VectorSnapshot): VectorIndex {
  return snapshot.kind === 'int8' ? Int8FlatIndex.fromSnapshot(snapshot) : FlatIndex.fromSnapshot(snapshot);
}

function mapLevels<T>(make: (level: Level) => T): Record<Level, T> {
  return { document: make('document'), section: make('section'), proposition: make('proposition') };
}
