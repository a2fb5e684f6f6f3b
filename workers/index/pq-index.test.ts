import { describe, expect, it } from 'vitest';
import { members, mixture } from '../../scripts/harness/clustered-vectors';
import { Int8FlatIndex } from './int8-index';
import { CENTROIDS, decode, encode, encodeInt8Rows, trainCodebooks } from './pq-codes';
import { PQ_MIN_TRAIN_ROWS, PqIndex } from './pq-index';

const DIMS = 100;

function libraryOf(count: number, dims = DIMS) {
  const mix = mixture(dims, 200);
  const vectors = members(mix, count);
  const ids = Array.from({ length: count }, (_, i) => `p${i}`);
  return { mix, vectors, ids };
}

describe('4-bit product quantisation codes', () => {
  it('decodes a vector made of centroids to exactly that vector, and encodes it back to the same code', () => {
    for (const dims of [100, 7]) {
      const { vectors } = libraryOf(2000, dims);
      const books = trainCodebooks(dims, 2000, (r, d) => vectors[r * dims + d]!);
      const codes = new Uint8Array(books.codeBytes);
      encode(books, vectors.subarray(0, dims), codes, 0);
      const decoded = decode(books, codes, 0);
      const again = new Uint8Array(books.codeBytes);
      encode(books, decoded, again, 0);
      expect([...again]).toEqual([...codes]);
      expect([...decode(books, again, 0)]).toEqual([...decoded]);
    }
  });

  it('encodes int8 rows to the codes their float values get', () => {
    for (const dims of [100, 7]) {
      const { vectors } = libraryOf(500, dims);
      const data = Int8Array.from(vectors, (x) => Math.round(x * 127));
      const scales = new Float32Array(500).fill(1 / 127);
      const books = trainCodebooks(dims, 500, (r, d) => data[r * dims + d]! / 127);
      const fast = new Uint8Array(500 * books.codeBytes);
      encodeInt8Rows(books, data, scales, 0, 500, fast);
      const slow = new Uint8Array(500 * books.codeBytes);
      for (let r = 0; r < 500; r++)
        encode(
          books,
          Float32Array.from(data.subarray(r * dims, (r + 1) * dims), (x) => x / 127),
          slow,
          r * books.codeBytes,
        );
      expect([...fast]).toEqual([...slow]);
    }
  });

  it('reconstructs vectors far closer than the codebook spread, using every centroid', () => {
    const { vectors } = libraryOf(5000);
    const books = trainCodebooks(DIMS, 5000, (r, d) => vectors[r * DIMS + d]!);
    const codes = new Uint8Array(5000 * books.codeBytes);
    let error = 0;
    let energy = 0;
    for (let r = 0; r < 5000; r++) {
      const v = vectors.subarray(r * DIMS, (r + 1) * DIMS);
      encode(books, v, codes, r * books.codeBytes);
      const back = decode(books, codes, r * books.codeBytes);
      for (let d = 0; d < DIMS; d++) {
        error += (v[d]! - back[d]!) ** 2;
        energy += v[d]! ** 2;
      }
    }
    // 16 centroids in 2 dimensions leave about a tenth of the energy as error on this data.
    expect(error / energy).toBeLessThan(0.15);
    const used = new Set([...codes].map((b) => b & 15));
    expect(used.size).toBe(CENTROIDS);
  });
});

describe('PqIndex', () => {
  it('finds the exact int8 scan top 10 with recall at least 0.95 on clustered data', () => {
    const count = 20_000;
    const { mix, vectors, ids } = libraryOf(count);
    const pq = new PqIndex(DIMS, 300);
    pq.add(ids, vectors);
    expect(pq.trained).toBe(true);
    const exact = new Int8FlatIndex(DIMS);
    exact.add(ids, vectors);
    const queries = members(mix, 40);
    let found = 0;
    for (let q = 0; q < 40; q++) {
      const query = queries.subarray(q * DIMS, (q + 1) * DIMS);
      const truth = new Set(exact.search(query, 10).map((hit) => hit.id));
      const hits = pq.search(query, 10);
      found += hits.filter((hit) => truth.has(hit.id)).length;
      // Re-ranked hits carry the exact int8 score, as the flat index gives it.
      const scores = exact.score(query, [hits[0]!.id]);
      expect(hits[0]!.score).toBeCloseTo(scores.get(hits[0]!.id)!, 6);
    }
    expect(found / 400).toBeGreaterThanOrEqual(0.95);
    // Without the re-rank (keeping only 10 candidates) recall is lower: the re-rank is doing work.
    pq.rerank = 10;
    let bareFound = 0;
    for (let q = 0; q < 40; q++) {
      const query = queries.subarray(q * DIMS, (q + 1) * DIMS);
      const truth = new Set(exact.search(query, 10).map((hit) => hit.id));
      bareFound += pq.search(query, 10).filter((hit) => truth.has(hit.id)).length;
    }
    expect(bareFound).toBeLessThan(found);
  }, 120_000);

  it('searches exactly before it has enough rows to train, and honours the filter, removals and re-adds', () => {
    const { vectors, ids } = libraryOf(PQ_MIN_TRAIN_ROWS + 500);
    const small = new PqIndex(DIMS);
    const exact = new Int8FlatIndex(DIMS);
    small.add(ids.slice(0, 1000), vectors.subarray(0, 1000 * DIMS));
    exact.add(ids.slice(0, 1000), vectors.subarray(0, 1000 * DIMS));
    const query = vectors.subarray(5 * DIMS, 6 * DIMS);
    expect(small.trained).toBe(false);
    expect(small.search(query, 10).map((h) => h.id)).toEqual(exact.search(query, 10).map((h) => h.id));

    const index = new PqIndex(DIMS);
    index.add(ids, vectors);
    expect(index.trained).toBe(true);
    expect(index.search(query, 1)[0]!.id).toBe('p5');
    const even = (id: string) => Number(id.slice(1)) % 2 === 0;
    expect(index.search(query, 10, even).every((hit) => even(hit.id))).toBe(true);
    index.remove(['p5']);
    expect(index.size).toBe(ids.length - 1);
    expect(index.search(query, 10).some((hit) => hit.id === 'p5')).toBe(false);
    index.add(['p5'], query);
    expect(index.search(query, 1)[0]!.id).toBe('p5');
    expect(index.reconstruct('p5')).toHaveLength(DIMS);
  });

  it('restores from stored int8 rows and trains on them', () => {
    const { vectors, ids } = libraryOf(PQ_MIN_TRAIN_ROWS);
    const flat = new Int8FlatIndex(DIMS);
    flat.add(ids, vectors);
    const codes = Int8Array.from(vectors, (x) => Math.round(x * 127));
    const scales = new Float32Array(ids.length).fill(1 / 127);
    const restored = PqIndex.fromRows(DIMS, ids, { codes, scales });
    expect(restored.trained).toBe(true);
    const query = vectors.subarray(9 * DIMS, 10 * DIMS);
    expect(restored.search(query, 1)[0]!.id).toBe('p9');
    expect(restored.size).toBe(ids.length);
  });
});
