/**
 * Vectors are stored as int8 (issue 20): each row is `dims` signed bytes and one float32 scale
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
}

/** A `VectorRecord` as stored: every row int8 with one scale; read it through `readVectors`. */
export type StoredVectorRecord = Omit<VectorRecord, 'doc' | 'sections' | 'propositions'> & {
  doc: Int8Rows | null;
  sections: Int8Rows;
  propositions: Int8Rows;
};

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
    for (let d = row * dims; d < (row + 1) * dims; d++) codes[d] = Math.max(-127, Math.min(127, Math.round(data[d]! / scale)));
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

/** What to store for a document's vectors. */
export function storedVectors(record: VectorRecord): StoredVectorRecord {
  const { dims } = record;
  return {
    ...record,
    doc: record.doc ? encodeRows(record.doc, dims) : null,
    sections: encodeRows(record.sections, dims),
    propositions: encodeRows(record.propositions, dims),
  };
}

/** A stored vector record as float32 rows again. */
export function readVectors(record: StoredVectorRecord): VectorRecord {
  const { dims } = record;
  return {
    ...record,
    doc: record.doc ? decodeRows(record.doc, dims) : null,
    sections: decodeRows(record.sections, dims),
    propositions: decodeRows(record.propositions, dims),
  };
}

/** A record stored before vectors were int8 (schema 4 and older, backup format 2 and older) holds Float32Arrays. */
export function isFloat32Record(record: VectorRecord | StoredVectorRecord): record is VectorRecord {
  return record.sections instanceof Float32Array;
}
