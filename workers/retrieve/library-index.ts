/**
 * The in-memory library: per level (document, section, proposition) a vector index and a BM25
 * index, plus the metadata results are built from. A cache of Dexie, rebuilt at start-up.
 */
import type { DocumentRecord, Level, PropositionRecord, SectionRecord } from '../../common/types';
import { Bm25Index, type Bm25Snapshot } from '../index/bm25';
import { slotGroups, type SlotGroups } from '../index/slot-groups';
import { FlatIndex } from '../index/flat-index';
import { Int8FlatIndex } from '../index/int8-index';
import type { PqIndex } from '../index/pq-index';
import { PQ_ABOVE_PROPOSITIONS, PqMove } from './pq-move';
import type { VectorIndex } from '../index/vector-index';
import { decodeRows, type Int8Rows, type StoredVectorRecord } from '../../common/vector-codec';
import { rowsByLevel } from './stored-vectors';
import { PropositionTable } from './proposition-table';
import {
  fromSectionColumns,
  toPropositionColumns,
  toSectionColumns,
  type PropositionColumns,
  type SectionColumns,
  type SectionMeta,
} from './metadata-columns';

export type DocMeta = Pick<DocumentRecord, 'id' | 'name' | 'title' | 'ocr' | 'lang'> & {
  /** Languages of its passages other than its own (a two-language document). */
  otherLangs?: string[];
  /** Section id → language, for the sections in another language than the document's. */
  sectionLangs?: Record<string, string>;
};

/** The language a section is written in (ISO 639-1): its own, else its document's; English for one read before languages were told apart. */
export const sectionLang = (doc: DocMeta, sectionId: string): string =>
  doc.sectionLangs?.[sectionId] ?? doc.lang ?? 'en';
export type { SectionMeta };

export interface DocumentVectors {
  doc: Float32Array | null;
  sections: Map<string, Float32Array>;
  propositions: Map<string, Float32Array>;
}

/**
 * Everything a LibraryIndex holds but its vectors, as arrays and typed arrays that IndexedDB stores
 * quickly: restoring it re-tokenises nothing. Each id is stored once, in its level's metadata (the
 * BM25 indexes list theirs in the same order), and which sections a document has and which
 * propositions a section has is read off the metadata. The vectors are not in it: the vectors table
 * holds them already, int8 as the proposition index does, and a restore adds them from there
 * (`restoreVectors`).
 */
export interface LibraryIndexSnapshot {
  docs: DocMeta[];
  sections: SectionColumns;
  propositions: PropositionColumns;
  /** Every term of the three BM25 indexes once: each numbers its terms by their place here. */
  terms: string[];
  bm25: Record<Level, Bm25Snapshot>;
}

export type VectorIndexFactory = (dims: number, level: Level) => VectorIndex;

/**
 * Every level is held as int8, as the vectors table stores it: a quarter of the memory of float32
 * (at a million propositions the 250,000 section vectors take 25 MB instead of 100), scored as the
 * propositions are. The section and document stages keep their top 10 of float32's
 * (int8-stages.test.ts).
 */
export const defaultVectorIndex: VectorIndexFactory = (dims) => new Int8FlatIndex(dims);

export { PQ_ABOVE_PROPOSITIONS };

export class LibraryIndex {
  readonly docs = new Map<string, DocMeta>();
  readonly sections = new Map<string, SectionMeta>();
  readonly propositions = new PropositionTable();
  readonly sectionsOfDoc = new Map<string, string[]>();
  readonly propositionsOfSection = new Map<string, string[]>();
  /** Sections that hold a table of contents, a list of figures or an index (passages typed `contents`). */
  readonly contentsSections = new Set<string>();
  bm25: Record<Level, Bm25Index> = {
    document: new Bm25Index(),
    section: new Bm25Index(),
    proposition: new Bm25Index(),
  };
  vectors: Record<Level, VectorIndex> | null = null;
  /** `documentOfSection`'s tables, with and without contents sections, until the index changes. */
  private sectionDocs: { all?: SlotGroups; text?: SlotGroups } = {};
  /**
   * Set while a restored index waits for its stored vectors (`fromSnapshot` until `restoreVectors`):
   * the vectors of documents added meanwhile, put in after the stored ones. Search meanwhile uses
   * the keyword leg alone (`vectors` is null).
   */
  private pendingVectors: Map<string, DocumentVectors> | null = null;
  /** Proposition vectors above this many move to a PqIndex (`PQ_ABOVE_PROPOSITIONS`, pq-move.ts). */
  pqAbovePropositions = PQ_ABOVE_PROPOSITIONS;
  /** Moves the propositions to a PqIndex above `pqAbovePropositions` (pq-move.ts). */
  private readonly toPq = new PqMove();

  constructor(private readonly createVectorIndex: VectorIndexFactory = defaultVectorIndex) {}

  /**
   * Indexes one document. Given its whole extracted text, a proposition that is that text from
   * `start` to `end` (almost all) keeps no text of its own here: `withHitTexts` finds it there again.
   */
  addDocument(
    doc: DocumentRecord,
    sections: SectionRecord[],
    propositions: PropositionRecord[],
    vectors: DocumentVectors,
    documentText?: string,
  ): void {
    if (this.docs.has(doc.id)) this.removeDocument(doc.id);
    const otherLangs = [...new Set([...sections, ...propositions].flatMap((c) => (c.lang ? [c.lang] : [])))];
    const ownLangs = sections.flatMap((s) => (s.lang && s.lang !== doc.lang ? [[s.id, s.lang] as const] : []));
    this.docs.set(doc.id, {
      id: doc.id,
      name: doc.name,
      title: doc.title,
      ...(doc.ocr ? { ocr: doc.ocr } : {}),
      ...(doc.lang ? { lang: doc.lang } : {}),
      ...(otherLangs.length ? { otherLangs } : {}),
      ...(ownLangs.length ? { sectionLangs: Object.fromEntries(ownLangs) } : {}),
    });
    // Each passage is read in its own language (a two-language document), else its document's.
    const langOfSection = new Map(sections.map((s) => [s.id, s.lang ?? doc.lang]));
    this.sectionsOfDoc.set(
      doc.id,
      sections.map((s) => s.id),
    );
    for (const s of sections) {
      this.sections.set(s.id, {
        id: s.id,
        docId: s.docId,
        order: s.order,
        headingPath: s.headingPath,
        pages: s.pages,
        pageLabels: s.pageLabels,
      });
      this.propositionsOfSection.set(s.id, []);
      this.bm25.section.add(s.id, s.text, s.headingPath.join(' '), undefined, s.lang ?? doc.lang);
    }
    for (const p of propositions) {
      const ownText = documentText === undefined || documentText.slice(p.start, p.end) !== p.text;
      this.propositions.set(p.id, {
        id: p.id,
        docId: p.docId,
        sectionId: p.sectionId,
        order: p.order,
        headingPath: p.headingPath,
        pages: p.pages,
        start: p.start,
        end: p.end,
        type: p.type,
        ...(ownText ? { text: p.text } : {}),
      });
      this.propositionsOfSection.get(p.sectionId)?.push(p.id);
      this.bm25.proposition.add(
        p.id,
        p.text,
        p.headingPath.join(' '),
        PROPOSITION_HEADING_WEIGHT,
        p.lang ?? langOfSection.get(p.sectionId) ?? doc.lang,
      );
    }
    for (const p of propositions) if (p.type === 'contents') this.contentsSections.add(p.sectionId);
    // A contents list names every subject of the document: no word of the document's own.
    const docText = sections
      .filter((s) => !this.contentsSections.has(s.id))
      .map((s) => s.text)
      .join('\n');
    this.bm25.document.add(
      doc.id,
      docText || propositions.map((p) => p.text).join('\n'),
      `${doc.title} ${doc.keywords.join(' ')}`,
      undefined,
      doc.lang,
    );
    this.addVectors(doc.id, vectors);
  }

  /** The languages of the documents and passages held (ISO 639-1; 'en' for those read before languages were told apart). */
  languages(): Set<string> {
    const langs = new Set<string>();
    for (const doc of this.docs.values()) {
      langs.add(doc.lang ?? 'en');
      for (const lang of doc.otherLangs ?? []) langs.add(lang);
    }
    return langs;
  }

  /** Each section's document as slot groups of the section BM25 index; contents sections in none unless `contents`. */
  documentOfSection(contents: boolean): SlotGroups {
    const key = contents ? 'all' : 'text';
    const docOf = (id: string) =>
      contents || !this.contentsSections.has(id) ? this.sections.get(id)?.docId : undefined;
    return (this.sectionDocs[key] = slotGroups(this.bm25.section, docOf, this.sectionDocs[key]));
  }

  removeDocument(docId: string): void {
    const sectionIds = this.sectionsOfDoc.get(docId) ?? [];
    const propositionIds = sectionIds.flatMap((id) => this.propositionsOfSection.get(id) ?? []);
    // Before BM25's: the table finds restored propositions by their BM25 slots.
    propositionIds.forEach((id) => this.propositions.delete(id));
    this.bm25.document.remove(docId);
    sectionIds.forEach((id) => this.bm25.section.remove(id));
    propositionIds.forEach((id) => this.bm25.proposition.remove(id));
    this.removeVectors(docId, sectionIds, propositionIds);
    sectionIds.forEach(
      (id) => (this.sections.delete(id), this.propositionsOfSection.delete(id), this.contentsSections.delete(id)),
    );
    this.sectionsOfDoc.delete(docId);
    this.docs.delete(docId);
  }

  /** Gives a document the index holds new vectors (made again, for the same sections and propositions). */
  replaceVectors(docId: string, vectors: DocumentVectors): void {
    const sectionIds = this.sectionsOfDoc.get(docId) ?? [];
    this.removeVectors(
      docId,
      sectionIds,
      sectionIds.flatMap((id) => this.propositionsOfSection.get(id) ?? []),
    );
    this.addVectors(docId, vectors);
  }

  private removeVectors(docId: string, sectionIds: string[], propositionIds: string[]): void {
    this.pendingVectors?.delete(docId);
    if (this.vectors) this.toPq.noteChange();
    this.vectors?.document.remove([docId]);
    this.vectors?.section.remove(sectionIds);
    this.vectors?.proposition.remove(propositionIds);
  }

  /** The whole index but its vectors, for storing. */
  toSnapshot(): LibraryIndexSnapshot {
    const order = this.idOrder();
    const terms = [...new Set(LEVELS.flatMap((level) => this.bm25[level].terms()))];
    return {
      docs: [...this.docs.values()],
      sections: toSectionColumns([...this.sections.values()]),
      propositions: toPropositionColumns([...this.propositions.values()]),
      terms,
      bm25: mapLevels((level) => this.bm25[level].toSnapshot(order[level], terms)),
    };
  }

  /** The index a snapshot holds, without vectors until `restoreVectors` adds them. */
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
    // The propositions stay columns: read here without making an object of each.
    const { ids, sectionIds, types } = snapshot.propositions;
    // Restored propositions are found by their BM25 slots, the same rows; so the table hears of a change before BM25 does.
    index.propositions.restore(snapshot.propositions, (id) => index.bm25.proposition.slotOfId(id));
    const contents = types.table.indexOf('contents');
    // A section's propositions are one run of rows: each list is cut from the ids at its exact length
    // (pushed one by one, each of 250,000 lists held room for 17 ids, ~13 MB more at a million propositions).
    for (let row = 0, runStart = 0; row < ids.length; row++) {
      const section = sectionIds.rows[row]!;
      if (types.rows[row] === contents) index.contentsSections.add(sectionIds.table[section]!);
      if (row + 1 < ids.length && sectionIds.rows[row + 1] === section) continue;
      const list = index.propositionsOfSection.get(sectionIds.table[section]!);
      const run = ids.slice(runStart, row + 1);
      if (list) index.propositionsOfSection.set(sectionIds.table[section]!, list.length ? list.concat(run) : run);
      runStart = row + 1;
    }
    const order = { document: [...index.docs.keys()], section: [...index.sections.keys()], proposition: ids };
    index.bm25 = mapLevels((level) => Bm25Index.fromSnapshot(snapshot.bm25[level], order[level], snapshot.terms));
    index.pendingVectors = new Map();
    return index;
  }

  /**
   * Gives a restored index (`fromSnapshot`, no vectors yet) its documents' stored vectors, each
   * level's rows joined into one block: the int8 proposition rows go in as they are stored. A
   * record for a document the index does not hold, or whose rows are not that document's (another
   * indexing of it), is left out; so is one of a document added since the restore, whose own
   * vectors then go in.
   */
  restoreVectors(records: StoredVectorRecord[]): void {
    const added = this.pendingVectors ?? new Map<string, DocumentVectors>();
    this.pendingVectors = null;
    this.vectorsFromRecords(records.filter((record) => !added.has(record.docId)));
    for (const [docId, vectors] of added) this.addVectors(docId, vectors);
  }

  /** Whether a restored index still waits for its stored vectors (`restoreVectors`). */
  get vectorsPending(): boolean {
    return this.pendingVectors !== null;
  }

  private vectorsFromRecords(records: StoredVectorRecord[]): void {
    const dims = records[0]?.dims;
    if (this.vectors || !dims) return;
    const rows = rowsByLevel(records, dims, this);
    this.vectors = mapLevels((level) => this.vectorIndexOf(dims, level, rows[level].ids, rows[level].rows));
    void this.settleVectors();
  }

  /**
   * Settles once the proposition vectors are in the index they stay in: above
   * `pqAbovePropositions`, a PqIndex built a slice at a time after a restore or `settleVectors`,
   * while the int8 flat scan answers (pq-move.ts).
   */
  get vectorsSettled(): Promise<void> {
    return this.toPq.settled;
  }

  /**
   * Moves proposition vectors held by the int8 flat index to a PqIndex once they are past
   * `pqAbovePropositions`, as a restore does (a library that grew there since it was opened). The
   * engine calls it after storing its snapshot, when the library has been quiet a while.
   */
  settleVectors(): Promise<void> {
    const flat = this.vectors?.proposition;
    if (!(flat instanceof Int8FlatIndex) || flat.size <= this.pqAbovePropositions) return this.toPq.settled;
    const put = (pq: PqIndex) => (this.vectors!.proposition = pq);
    return this.toPq.start(flat, this.bm25.proposition.idNumbers, () => this.vectors?.proposition, put);
  }

  /** A level's vector index holding `rows`: flat and int8 indexes take them whole, any other kind row by row. */
  private vectorIndexOf(dims: number, level: Level, ids: string[], rows: Int8Rows): VectorIndex {
    const index = this.createVectorIndex(dims, level);
    // Rows found through the BM25 slots, which hold the same ids: no Map of a million ids (RowStore).
    if (index instanceof Int8FlatIndex) return Int8FlatIndex.fromRows(dims, ids, rows, this.bm25[level].idNumbers);
    if (index instanceof FlatIndex) return FlatIndex.fromRows(dims, ids, decodeRows(rows, dims));
    index.add(ids, decodeRows(rows, dims));
    return index;
  }

  /** Each level's ids in the metadata's order: the order the snapshot lists everything per level in. */
  private idOrder(): Record<Level, string[]> {
    return {
      document: [...this.docs.keys()],
      section: [...this.sections.keys()],
      proposition: [...this.propositions.keys()],
    };
  }

  private addVectors(docId: string, vectors: DocumentVectors): void {
    if (this.pendingVectors) return void this.pendingVectors.set(docId, vectors);
    this.toPq.noteChange();
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

function mapLevels<T>(make: (level: Level) => T): Record<Level, T> {
  return { document: make('document'), section: make('section'), proposition: make('proposition') };
}
