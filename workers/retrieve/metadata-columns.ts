/**
 * Propositions' and sections' metadata as columns, for the start-up snapshot. Stored as one object per
 * proposition, restoring 100,000 of them spent ~2.4 s in structured clone alone (ten properties and
 * two small arrays each); as a few typed arrays, interned tables and long strings it is a fraction
 * of that, and the objects are rebuilt here in a plain loop. Heading paths, document and section
 * ids are shared between the propositions that have the same ones. A proposition's text is here
 * only when it is not its document's text from `start` to `end` (rare): the texts table holds the
 * rest, read for the hits shown (workers/engine/document-texts.ts), so the snapshot is no second copy.
 */
import type { PropositionRecord, SectionRecord } from '../../common/types';

/**
 * What the index keeps of a proposition (the rows of these columns). `text` only when it is not
 * its document's text from `start` to `end`, or when the index was given no document text.
 */
export type PropositionMeta = Pick<
  PropositionRecord,
  'id' | 'docId' | 'sectionId' | 'order' | 'headingPath' | 'pages' | 'start' | 'end' | 'type'
> & { text?: string };

/** What the index keeps of a section. */
export type SectionMeta = Pick<SectionRecord, 'id' | 'docId' | 'order' | 'headingPath' | 'pages' | 'pageLabels'>;

/** Whole numbers in the narrowest array that holds them all (Float64Array for anything else). */
export type NumberColumn = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** Distinct values once, and per row the position of its value in `table`. */
interface InternedColumn<T> {
  table: T[];
  rows: NumberColumn;
}

export interface PropositionColumns {
  ids: string[];
  docIds: InternedColumn<string>;
  sectionIds: InternedColumn<string>;
  headingPaths: InternedColumn<string[]>;
  types: InternedColumn<PropositionMeta['type']>;
  order: NumberColumn;
  start: NumberColumn;
  end: NumberColumn;
  /** The own texts one after another, `TEXT_BLOCK` propositions to a string (one string would hit V8's length limit). */
  textBlocks: string[];
  /** -1 for a proposition without an own text. */
  textLengths: Int32Array;
  /** Each proposition's `pageCounts[i]` pages, one after another. */
  pageCounts: NumberColumn;
  pages: NumberColumn;
}

export interface SectionColumns {
  ids: string[];
  docIds: InternedColumn<string>;
  order: NumberColumn;
  headingPaths: InternedColumn<string[]>;
  pageCounts: NumberColumn;
  pages: NumberColumn;
  /** Null for a section without page labels. */
  pageLabels: InternedColumn<string[] | null>;
}

const TEXT_BLOCK = 65_536;

export function toPropositionColumns(propositions: PropositionMeta[]): PropositionColumns {
  const numbers = (pick: (p: PropositionMeta) => number) => narrowest(propositions.map(pick));
  const textBlocks: string[] = [];
  for (let i = 0; i < propositions.length; i += TEXT_BLOCK)
    textBlocks.push(
      propositions
        .slice(i, i + TEXT_BLOCK)
        .map((p) => p.text ?? '')
        .join(''),
    );
  return {
    ids: propositions.map((p) => p.id),
    docIds: intern(
      propositions,
      (p) => p.docId,
      (id) => id,
    ),
    sectionIds: intern(
      propositions,
      (p) => p.sectionId,
      (id) => id,
    ),
    headingPaths: intern(
      propositions,
      (p) => p.headingPath,
      (path) => JSON.stringify(path),
    ),
    types: intern(
      propositions,
      (p) => p.type,
      (type) => type,
    ),
    order: numbers((p) => p.order),
    start: numbers((p) => p.start),
    end: numbers((p) => p.end),
    textBlocks,
    textLengths: Int32Array.from(propositions, (p) => p.text?.length ?? -1),
    pageCounts: narrowest(propositions.map((p) => p.pages.length)),
    pages: narrowest(propositions.flatMap((p) => p.pages)),
  };
}

export function fromPropositionColumns(columns: PropositionColumns): PropositionMeta[] {
  const rows = propositionRows(columns);
  return Array.from(columns.ids, (_, i) => rows.row(i));
}

/** Stored proposition columns read row by row, each row made into an object only when asked for. */
export interface PropositionRows {
  ids: readonly string[];
  row(i: number): PropositionMeta;
  docIdOf(i: number): string;
}

/** `columns` as rows: two passes over their counts for where each row's pages and own text start, nothing else made. */
export function propositionRows(columns: PropositionColumns): PropositionRows {
  const {
    ids,
    docIds,
    sectionIds,
    headingPaths,
    types,
    order,
    start,
    end,
    textBlocks,
    textLengths,
    pageCounts,
    pages,
  } = columns;
  const pageStarts = new Uint32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i++) pageStarts[i + 1] = pageStarts[i]! + pageCounts[i]!;
  // Where each own text starts in its block (-1: none).
  const textStarts = new Int32Array(ids.length);
  for (let i = 0, at = 0; i < ids.length; i++) {
    if (i % TEXT_BLOCK === 0) at = 0;
    textStarts[i] = textLengths[i]! < 0 ? -1 : at;
    at += Math.max(0, textLengths[i]!);
  }
  const docIdOf = (i: number) => docIds.table[docIds.rows[i]!]!;
  return {
    ids,
    docIdOf,
    row(i) {
      const textAt = textStarts[i]!;
      const text =
        textAt < 0 ? undefined : textBlocks[Math.floor(i / TEXT_BLOCK)]!.slice(textAt, textAt + textLengths[i]!);
      return {
        id: ids[i]!,
        docId: docIdOf(i),
        sectionId: sectionIds.table[sectionIds.rows[i]!]!,
        order: order[i]!,
        headingPath: headingPaths.table[headingPaths.rows[i]!]!,
        pages: Array.from(pages.subarray(pageStarts[i]!, pageStarts[i + 1]!)),
        start: start[i]!,
        end: end[i]!,
        type: types.table[types.rows[i]!]!,
        ...(text === undefined ? {} : { text }),
      };
    },
  };
}

export function toSectionColumns(sections: SectionMeta[]): SectionColumns {
  return {
    ids: sections.map((s) => s.id),
    docIds: intern(
      sections,
      (s) => s.docId,
      (id) => id,
    ),
    order: narrowest(sections.map((s) => s.order)),
    headingPaths: intern(
      sections,
      (s) => s.headingPath,
      (path) => JSON.stringify(path),
    ),
    pageCounts: narrowest(sections.map((s) => s.pages.length)),
    pages: narrowest(sections.flatMap((s) => s.pages)),
    pageLabels: intern(
      sections,
      (s) => s.pageLabels ?? null,
      (labels) => JSON.stringify(labels),
    ),
  };
}

export function fromSectionColumns({
  ids,
  docIds,
  order,
  headingPaths,
  pageCounts,
  pages,
  pageLabels,
}: SectionColumns): SectionMeta[] {
  let pageAt = 0;
  return ids.map((id, i) => {
    const pageList: number[] = [];
    for (const last = pageAt + pageCounts[i]!; pageAt < last; pageAt++) pageList.push(pages[pageAt]!);
    const labels = pageLabels.table[pageLabels.rows[i]!]!;
    return {
      id,
      docId: docIds.table[docIds.rows[i]!]!,
      order: order[i]!,
      headingPath: headingPaths.table[headingPaths.rows[i]!]!,
      pages: pageList,
      ...(labels ? { pageLabels: labels } : {}),
    };
  });
}

function narrowest(values: number[]): NumberColumn {
  let largest = 0;
  for (const value of values) {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** 32) return Float64Array.from(values);
    largest = Math.max(largest, value);
  }
  return largest < 2 ** 8
    ? Uint8Array.from(values)
    : largest < 2 ** 16
      ? Uint16Array.from(values)
      : Uint32Array.from(values);
}

function intern<R, T>(records: R[], pick: (record: R) => T, keyOf: (value: T) => string): InternedColumn<T> {
  const positions = new Map<string, number>();
  const table: T[] = [];
  const rows = records.map((p) => {
    const value = pick(p);
    const key = keyOf(value);
    let position = positions.get(key);
    if (position === undefined) {
      position = table.length;
      positions.set(key, position);
      table.push(value);
    }
    return position;
  });
  return { table, rows: narrowest(rows) };
}
