/**
 * Vectors are stored as int8: each row is `dims` signed bytes and one float32 scale
 * (its largest |component| / 127), so a 100-dimension vector takes 104 bytes instead of 400. A
 * component comes back within scale / 2 of what was embedded, the same rounding the in-memory int8
 * index already searches with (recall@10 0.996 against float32 at 100,000 rows).
 */

/** Rows of int8 codes with one scale each: component d of row i is `codes[i * dims + d] * scales[i]`. */
export interface Int8Rows {
  codes: Int8Array;
  scales: Float32Array;
}

/**
 * All vectors of one document for one model, stored contiguously (row i of `sections` belongs to
 * `sectionIds[i]`), so start-up reads one row per document instead of one per chunk.
 */
export interface VectorRecord {
  modelId: string;
  docId: string;
  dims: number;
  /** The document summary's vector, or null when the summary has no known word. */
  doc: Float32Array | null;
  sectionIds: string[];
  sections: Float32Array;
  propositionIds: string[];
  propositions: Float32Array;
  /** How the texts were made into vectors (recipeFor in workers/embed/document-vectors.ts); absent: 1. */
  recipe?: number;
}

/**
 * A `VectorRecord` as stored: every row int8 with one scale; read it through `readVectors`. An id
 * takes about 14 bytes beside its row's 104, so a level's ids are left out when its rows follow the
 * document's sections or propositions in their stored order (`storedVectors` given that order):
 * then `missingSections` and `missingPropositions` list the places of those without a row (a
 * section not embedded, a text with no known word).
 */
export type StoredVectorRecord = Pick<VectorRecord, 'modelId' | 'docId' | 'dims' | 'recipe'> & {
  doc: Int8Rows | null;
  sections: Int8Rows;
  propositions: Int8Rows;
  /** Each row's id: in records stored before ids were left out, or whose rows do not follow the stored order. */
  sectionIds?: string[];
  propositionIds?: string[];
  missingSections?: number[];
  missingPropositions?: number[];
};

/** The ids of a document's sections and propositions, in the order they are stored. */
export interface StoredOrder {
  sections: readonly string[];
  propositions: readonly string[];
}

export function storedOrder(sections: readonly { id: string }[], propositions: readonly { id: string }[]): StoredOrder {
  return { sections: sections.map((s) => s.id), propositions: propositions.map((p) => p.id) };
}

/** Quantises `data` (rows of `dims` floats, one after another) to int8 rows. */
export function encodeRows(data: Float32Array, dims: number): Int8Rows {
  const rows = dims > 0 ? data.length / dims : 0;
  const codes = new Int8Array(rows * dims);
  const scales = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    let max = 0;
    for (let d = row * dims; d < (row + 1) * dims; d++) max = Math.max(max, Math.abs(data[d]!));
    // A zero row keeps scale 0: it decodes to zeros whatever its codes.
    const scale = max / 127;
    scales[row] = scale;
    if (scale === 0) continue;
    for (let d = row * dims; d < (row + 1) * dims; d++)
      codes[d] = Math.max(-127, Math.min(127, Math.round(data[d]! / scale)));
  }
  return { codes, scales };
}

/** The float32 rows `encodeRows` was given, to within half a scale step per component. */
export function decodeRows({ codes, scales }: Int8Rows, dims: number): Float32Array {
  const data = new Float32Array(codes.length);
  for (let row = 0; row < scales.length; row++) {
    const scale = scales[row]!;
    for (let d = row * dims; d < (row + 1) * dims; d++) data[d] = codes[d]! * scale;
  }
  return data;
}

/**
 * What to store for a document's vectors. Given `order`, the document's sections and propositions as
 * they are stored, a level's ids are left out when its rows follow that order.
 */
export function storedVectors(record: VectorRecord, order?: StoredOrder): StoredVectorRecord {
  const { modelId, docId, dims } = record;
  const sectionMissing = order && missingPlaces(record.sectionIds, order.sections);
  const propositionMissing = order && missingPlaces(record.propositionIds, order.propositions);
  return {
    modelId,
    docId,
    dims,
    doc: record.doc ? encodeRows(record.doc, dims) : null,
    sections: encodeRows(record.sections, dims),
    propositions: encodeRows(record.propositions, dims),
    ...(!sectionMissing
      ? { sectionIds: record.sectionIds }
      : sectionMissing.length
        ? { missingSections: sectionMissing }
        : {}),
    ...(!propositionMissing
      ? { propositionIds: record.propositionIds }
      : propositionMissing.length
        ? { missingPropositions: propositionMissing }
        : {}),
    ...(record.recipe ? { recipe: record.recipe } : {}),
  };
}

/**
 * A stored vector record as float32 rows again, with its rows' ids. `order` (the document's
 * sections and propositions as stored) is needed for a record stored without ids; it throws when
 * `order` does not fit the record's rows.
 */
export function readVectors(
  record: StoredVectorRecord,
  order: StoredOrder = { sections: [], propositions: [] },
): VectorRecord {
  const ids = vectorIds(record, order);
  if (!ids) throw new Error(`the stored vectors of ${record.docId} do not match its sections and propositions`);
  const { modelId, docId, dims } = record;
  return {
    modelId,
    docId,
    dims,
    doc: record.doc ? decodeRows(record.doc, dims) : null,
    sectionIds: ids.sections,
    sections: decodeRows(record.sections, dims),
    propositionIds: ids.propositions,
    propositions: decodeRows(record.propositions, dims),
    ...(record.recipe ? { recipe: record.recipe } : {}),
  };
}

/** The id of each section and proposition row of `record`; null when `order` does not fit its rows. */
export function vectorIds(
  record: StoredVectorRecord,
  order: StoredOrder,
): { sections: string[]; propositions: string[] } | null {
  const sections = rowIds(record.sectionIds, record.missingSections, order.sections, record.sections.scales.length);
  const propositions = rowIds(
    record.propositionIds,
    record.missingPropositions,
    order.propositions,
    record.propositions.scales.length,
  );
  return sections && propositions ? { sections, propositions } : null;
}

/** A level's row ids: its own, or `order` without the missing places, when that gives one a row. */
function rowIds(
  own: string[] | undefined,
  missingPlaces: number[] | undefined,
  order: readonly string[],
  rows: number,
): string[] | null {
  if (own) return own;
  const missing = new Set(missingPlaces);
  const ids = missing.size ? order.filter((_, place) => !missing.has(place)) : [...order];
  return ids.length === rows ? ids : null;
}

/** The places in `order` that `ids` skips, when `ids` is `order` with some left out; else null. */
function missingPlaces(ids: readonly string[], order: readonly string[]): number[] | null {
  const missing: number[] = [];
  let next = 0;
  order.forEach((id, place) => {
    if (ids[next] === id) next++;
    else missing.push(place);
  });
  return next === ids.length ? missing : null;
}

/** A record stored before vectors were int8 (schema 4 and older, backup format 2 and older) holds Float32Arrays. */
export function isFloat32Record(record: VectorRecord | StoredVectorRecord): record is VectorRecord {
  return record.sections instanceof Float32Array;
}
