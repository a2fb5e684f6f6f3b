/**
 * Propositions' metadata as columns, for the start-up snapshot. Stored as one object per
 * proposition, restoring 100,000 of them spent ~2.4 s in structured clone alone (ten properties and
 * two small arrays each); as a few typed arrays, interned tables and long strings it is a fraction
 * of that, and the objects are rebuilt here in a plain loop. Heading paths, document and section
 * ids are shared between the propositions that have the same ones. A proposition's text is here
 * only when it is not its document's text from `start` to `end` (rare): the texts table holds the
 * rest, read for the hits shown (workers/engine/document-texts.ts), so the snapshot is no second copy.
 */
import type { PropositionRecord } from '../../src/shared/types';

/**
 * What the index keeps of a proposition (the rows of these columns). `text` only when it is not
 * its document's text from `start` to `end`, or when the index was given no document text.
 */
export type PropositionMeta = Pick<PropositionRecord, 'id' | 'docId' | 'sectionId' | 'order' | 'headingPath' | 'pages' | 'start' | 'end' | 'type'> & { text?: string };

/** Distinct values once, and per row the position of its value in `table`. */
interface InternedColumn<T> {
  table: T[];
  rows: Uint32Array;
}

export interface PropositionColumns {
  ids: string[];
  docIds: InternedColumn<string>;
  sectionIds: InternedColumn<string>;
  headingPaths: InternedColumn<string[]>;
  types: InternedColumn<PropositionMeta['type']>;
  order: Float64Array;
  start: Float64Array;
  end: Float64Array;
  /** The own texts one after another, `TEXT_BLOCK` propositions to a string (one string would hit V8's length limit). */
  textBlocks: string[];
  /** -1 for a proposition without an own text. */
  textLengths: Int32Array;
  /** Each proposition's `pageCounts[i]` pages, one after another. */
  pageCounts: Uint32Array;
  pages: Float64Array;
}

const TEXT_BLOCK = 65_536;

export function toPropositionColumns(propositions: PropositionMeta[]): PropositionColumns {
  const numbers = (pick: (p: PropositionMeta) => number) => Float64Array.from(propositions, pick);
  const textBlocks: string[] = [];
  for (let i = 0; i < propositions.length; i += TEXT_BLOCK) textBlocks.push(propositions.slice(i, i + TEXT_BLOCK).map((p) => p.text ?? '').join(''));
  return {
    ids: propositions.map((p) => p.id),
    docIds: intern(propositions, (p) => p.docId, (id) => id),
    sectionIds: intern(propositions, (p) => p.sectionId, (id) => id),
    headingPaths: intern(propositions, (p) => p.headingPath, (path) => JSON.stringify(path)),
    types: intern(propositions, (p) => p.type, (type) => type),
    order: numbers((p) => p.order),
    start: numbers((p) => p.start),
    end: numbers((p) => p.end),
    textBlocks,
    textLengths: Int32Array.from(propositions, (p) => p.text?.length ?? -1),
    pageCounts: Uint32Array.from(propositions, (p) => p.pages.length),
    pages: Float64Array.from(propositions.flatMap((p) => p.pages)),
  };
}

export function fromPropositionColumns(columns: PropositionColumns): PropositionMeta[] {
  const { ids, docIds, sectionIds, headingPaths, types, order, start, end, textBlocks, textLengths, pageCounts, pages } = columns;
  const propositions: PropositionMeta[] = new Array(ids.length);
  let textAt = 0;
  let pageAt = 0;
  for (let i = 0; i < ids.length; i++) {
    if (i % TEXT_BLOCK === 0) textAt = 0;
    const block = textBlocks[Math.floor(i / TEXT_BLOCK)]!;
    const length = textLengths[i]!;
    const text = length < 0 ? undefined : block.slice(textAt, (textAt += length));
    const pageList: number[] = [];
    for (const last = pageAt + pageCounts[i]!; pageAt < last; pageAt++) pageList.push(pages[pageAt]!);
    propositions[i] = {
      id: ids[i]!,
      docId: docIds.table[docIds.rows[i]!]!,
      sectionId: sectionIds.table[sectionIds.rows[i]!]!,
      order: order[i]!,
      headingPath: headingPaths.table[headingPaths.rows[i]!]!,
      pages: pageList,
      start: start[i]!,
      end: end[i]!,
      type: types.table[types.rows[i]!]!,
      ...(text === undefined ? {} : { text }),
    };
  }
  return propositions;
}

function intern<T>(propositions: PropositionMeta[], pick: (p: PropositionMeta) => T, keyOf: (value: T) => string): InternedColumn<T> {
  const positions = new Map<string, number>();
  const table: T[] = [];
  const rows = Uint32Array.from(propositions, (p) => {
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
  return { table, rows };
}
