// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { oldLibrary } from './old-schema.test-support';
import { openDb, type VectorRecord } from './db';
import { decodeRows, encodeRows, readVectors, storedVectors } from './vector-codec';

const DIMS = 100;

/** Deterministic vectors shaped like embeddings: unit length, components of both signs. */
function unitRows(rows: number, seed = 1): Float32Array {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const data = Float32Array.from({ length: rows * DIMS }, random);
  for (let row = 0; row < rows; row++) {
    const vector = data.subarray(row * DIMS, (row + 1) * DIMS);
    const norm = Math.hypot(...vector);
    vector.forEach((x, d) => (vector[d] = x / norm));
  }
  return data;
}

const RECORD: VectorRecord = {
  modelId: 'carrel-glove-50k',
  docId: 'tides',
  dims: DIMS,
  doc: unitRows(1, 7),
  sectionIds: ['s0', 's1'],
  sections: unitRows(2, 11),
  propositionIds: ['p0', 'p1', 'p2'],
  propositions: unitRows(3, 13),
};

describe('int8 vectors', () => {
  it('round-trips each component to within half a scale step, a row in dims + 4 bytes', () => {
    const data = unitRows(50);
    const rows = encodeRows(data, DIMS);
    expect(rows.codes.byteLength + rows.scales.byteLength).toBe(50 * (DIMS + 4));
    const back = decodeRows(rows, DIMS);
    for (let row = 0; row < 50; row++) {
      const scale = rows.scales[row]!;
      for (let d = row * DIMS; d < (row + 1) * DIMS; d++)
        expect(Math.abs(back[d]! - data[d]!)).toBeLessThanOrEqual(scale / 2 + 1e-7);
    }
    // The largest component of each row is exact up to float rounding: it is ±127 steps.
    expect(Math.max(...rows.codes.map(Math.abs))).toBe(127);
  });

  it('keeps a zero row zero, and an empty array empty', () => {
    const zero = encodeRows(new Float32Array(DIMS), DIMS);
    expect(zero.scales[0]).toBe(0);
    expect(decodeRows(zero, DIMS).every((x) => x === 0)).toBe(true);
    const empty = encodeRows(new Float32Array(0), DIMS);
    expect([empty.codes.length, empty.scales.length]).toEqual([0, 0]);
    expect(decodeRows(empty, DIMS)).toEqual(new Float32Array(0));
  });

  it('stores a document’s vectors as int8 and reads them back as float32', () => {
    const stored = storedVectors(RECORD);
    expect(stored.propositions.codes).toBeInstanceOf(Int8Array);
    expect(stored.propositionIds).toEqual(RECORD.propositionIds);
    const back = readVectors(stored);
    expect(back.propositions).toBeInstanceOf(Float32Array);
    expect(back.propositions.length).toBe(RECORD.propositions.length);
    expect(Math.max(...back.sections.map((x, i) => Math.abs(x - RECORD.sections[i]!)))).toBeLessThan(0.01);
    expect(readVectors(storedVectors({ ...RECORD, doc: null })).doc).toBeNull();
  });

  it('leaves the rows’ ids out when they follow the document’s sections and propositions, naming only the places without a row', () => {
    const order = { sections: ['s0', 'sx', 's1'], propositions: ['p0', 'px', 'p1', 'p2'] };
    const stored = storedVectors(RECORD, order);
    expect(stored).not.toHaveProperty('sectionIds');
    expect(stored).not.toHaveProperty('propositionIds');
    expect([stored.missingSections, stored.missingPropositions]).toEqual([[1], [1]]);
    const back = readVectors(structuredClone(stored), order);
    expect([back.sectionIds, back.propositionIds]).toEqual([RECORD.sectionIds, RECORD.propositionIds]);
    const exact = storedVectors(RECORD, { sections: RECORD.sectionIds, propositions: RECORD.propositionIds });
    expect(Object.keys(exact).filter((key) => /Ids|missing/.test(key))).toEqual([]);
    // Rows in another order than the stored one keep their ids.
    expect(storedVectors(RECORD, { sections: ['s1', 's0'], propositions: RECORD.propositionIds })).toMatchObject({
      sectionIds: RECORD.sectionIds,
    });
    expect(() => readVectors(stored, { sections: order.sections, propositions: ['p0', 'px'] })).toThrow(/do not match/);
  });

  it('upgrading a version 4 library stores its float32 vectors as int8, which read back close', async () => {
    const name = 'vector-codec-test-upgrade';
    const old = oldLibrary(name, 4);
    await old.table('vectors').bulkPut([
      RECORD,
      {
        ...RECORD,
        docId: 'empty',
        doc: null,
        sectionIds: [],
        sections: new Float32Array(0),
        propositionIds: [],
        propositions: new Float32Array(0),
      },
    ]);
    old.close();

    const db = openDb(name);
    expect(db.verno).toBeGreaterThanOrEqual(5);
    const stored = (await db.vectors.get(['carrel-glove-50k', 'tides']))!;
    expect(stored.propositions.codes).toBeInstanceOf(Int8Array);
    expect(stored.propositions.codes.byteLength + stored.propositions.scales.byteLength).toBe(3 * (DIMS + 4));
    const back = readVectors(stored);
    const cosine = (a: Float32Array, b: Float32Array) =>
      a.reduce((sum, x, i) => sum + x * b[i]!, 0) / Math.hypot(...a) / Math.hypot(...b);
    for (let row = 0; row < 3; row++) {
      const at = (data: Float32Array) => data.subarray(row * DIMS, (row + 1) * DIMS);
      expect(cosine(at(back.propositions), at(RECORD.propositions))).toBeGreaterThan(0.999);
    }
    expect(readVectors((await db.vectors.get(['carrel-glove-50k', 'empty']))!)).toMatchObject({
      doc: null,
      sectionIds: [],
      propositions: new Float32Array(0),
    });
    db.close();
  });
});
