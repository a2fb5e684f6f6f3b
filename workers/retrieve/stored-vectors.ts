/**
 * A restored index's vectors as the vectors table stores them (one record a document, int8 rows
 * in its sections' and propositions' order): each level's rows of every usable record joined into
 * one block, with their ids, for the level's vector index to take whole.
 */
import type { Level } from '../../common/types';
import { vectorIds, type Int8Rows, type StoredVectorRecord } from '../../common/vector-codec';

/** What the index holds, to tell a record of the documents it holds from one of another indexing. */
export interface HeldIds {
  docs: ReadonlyMap<string, unknown>;
  sectionsOfDoc: ReadonlyMap<string, string[]>;
  sections: ReadonlyMap<string, { docId: string }>;
  propositions: {
    docIdOf(id: string): string | undefined;
    forEachDocId(visit: (id: string, docId: string) => void): void;
  };
}

/**
 * Each level's ids and rows from `records` of `dims` dimensions. A record for a document the
 * index does not hold, or whose rows are not that document's (another indexing of it), is left out.
 */
export function rowsByLevel(
  records: StoredVectorRecord[],
  dims: number,
  held: HeldIds,
): Record<Level, { ids: string[]; rows: Int8Rows }> {
  const holds = (ids: string[], docId: string, docOf: (id: string) => string | undefined) =>
    ids.length === 0 || (docOf(ids[0]!) === docId && docOf(ids.at(-1)!) === docId);
  const propositionsOf = records.some((r) => !r.propositionIds)
    ? propositionsByDoc(held.propositions)
    : new Map<string, string[]>();
  const usable: (StoredVectorRecord & { sectionIds: string[]; propositionIds: string[] })[] = [];
  for (const record of records) {
    if (record.dims !== dims || !held.docs.has(record.docId)) continue;
    const ids = vectorIds(record, {
      sections: held.sectionsOfDoc.get(record.docId) ?? [],
      propositions: propositionsOf.get(record.docId) ?? [],
    });
    if (
      ids &&
      holds(ids.sections, record.docId, (id) => held.sections.get(id)?.docId) &&
      holds(ids.propositions, record.docId, (id) => held.propositions.docIdOf(id))
    )
      usable.push({ ...record, sectionIds: ids.sections, propositionIds: ids.propositions });
  }
  const withDoc = usable.filter((r) => r.doc);
  return {
    document: {
      ids: withDoc.map((r) => r.docId),
      rows: joinRows(
        withDoc.map((r) => r.doc!),
        dims,
      ),
    },
    section: {
      ids: usable.flatMap((r) => r.sectionIds),
      rows: joinRows(
        usable.map((r) => r.sections),
        dims,
      ),
    },
    proposition: {
      ids: usable.flatMap((r) => r.propositionIds),
      rows: joinRows(
        usable.map((r) => r.propositions),
        dims,
      ),
    },
  };
}

/** Each document's proposition ids in the index's order, which is the order they are stored in. */
function propositionsByDoc(propositions: HeldIds['propositions']): Map<string, string[]> {
  const byDoc = new Map<string, string[]>();
  let current: string | undefined;
  let ids: string[] = [];
  propositions.forEachDocId((id, docId) => {
    if (docId !== current) {
      current = docId;
      ids = byDoc.get(docId) ?? [];
      byDoc.set(docId, ids);
    }
    ids.push(id);
  });
  return byDoc;
}

/** Int8 rows of several records as one block, in the records' order. */
function joinRows(parts: Int8Rows[], dims: number): Int8Rows {
  const rows = parts.reduce((sum, part) => sum + part.scales.length, 0);
  const joined = { codes: new Int8Array(rows * dims), scales: new Float32Array(rows) };
  let row = 0;
  for (const part of parts) {
    joined.codes.set(part.codes, row * dims);
    joined.scales.set(part.scales, row);
    row += part.scales.length;
  }
  return joined;
}
