import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kernelModule } from '../../scripts/lib/kernels.mjs';
import { Int8FlatIndex } from './int8-index';
import { dot, Int8Scan, quantizeQuery } from './int8-scan';

/** Deterministic unit vectors. */
function vectors(count: number, dims: number, seed = 1): Float32Array {
  const out = new Float32Array(count * dims);
  for (let i = 0; i < out.length; i++) out[i] = (Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453) % 1;
  for (let row = 0; row < count; row++) {
    const v = out.subarray(row * dims, (row + 1) * dims);
    const norm = Math.hypot(...v);
    v.forEach((x, d) => (v[d] = x / norm));
  }
  return out;
}

describe('the int8 scan in WebAssembly SIMD', () => {
  it('is built from its source: the committed module matches int8-scan.wat', async () => {
    const source = readFileSync(fileURLToPath(new URL('./int8-scan.wat', import.meta.url)), 'utf8');
    const committed = readFileSync(fileURLToPath(new URL('./int8-scan-wasm.ts', import.meta.url)), 'utf8');
    expect(committed).toBe(await kernelModule(source, 'int8-scan.wat'));
  });

  it('gives every row the score the JavaScript loop gives it, for dimensions that are not a multiple of 16', () => {
    for (const dims of [100, 384, 7]) {
      const rows = 300;
      const data = Int8Array.from(vectors(rows, dims), (x) => Math.round(x * 127));
      const scales = Float32Array.from({ length: rows }, (_, r) => 0.5 + r / rows);
      const query = quantizeQuery(vectors(1, dims, 7));
      const scores = new Int8Scan(dims).scores(data, scales, rows, query.values);
      expect(scores).not.toBeNull();
      const relative = Array.from({ length: rows }, (_, row) =>
        Math.abs(scores![row]! / (dot(data, row * dims, dims, query.values) * scales[row]!) - 1),
      );
      // The kernel multiplies in float32, JavaScript in float64.
      expect(Math.max(...relative)).toBeLessThan(1e-6);
    }
  });

  it('keeps an int32 sum for the flattest vectors of 1,024 dimensions', () => {
    const dims = 1024;
    const flat = new Float32Array(dims).fill(1 / 32);
    const query = quantizeQuery(flat);
    const data = new Int8Array(dims).fill(127);
    const score = new Int8Scan(dims).scores(data, new Float32Array([1]), 1, query.values)![0]!;
    expect(score * query.scale).toBeCloseTo((127 * dims) / 32, 0);
  });
});

describe('Int8FlatIndex with the SIMD scan', () => {
  it('finds what an exact float scan finds, and follows additions and removals', () => {
    const dims = 100;
    const count = 2_000;
    const all = vectors(count, dims);
    const ids = Array.from({ length: count }, (_, i) => `p${i}`);
    const index = new Int8FlatIndex(dims);
    index.add(ids.slice(0, 1_900), all.subarray(0, 1_900 * dims));
    const query = all.slice(1_234 * dims, 1_235 * dims);
    expect(index.search(query, 1)[0]).toMatchObject({ id: 'p1234' });
    expect(index.search(query, 1)[0]!.score).toBeCloseTo(1, 2);

    // Rows moved into removed rows' places, and rows added since the last scan, are scanned anew
    // (the kernel's copy has room for them all: nothing forces a whole copy).
    index.remove(['p1234', 'p3']);
    expect(index.search(query, 1)[0]!.id).not.toBe('p1234');
    const moved = all.slice(1_899 * dims, 1_900 * dims);
    expect(index.search(moved, 1)[0]).toMatchObject({ id: 'p1899' });
    index.add(ids.slice(1_900), all.subarray(1_900 * dims));
    const late = all.slice(1_999 * dims);
    expect(index.search(late, 1)[0]).toMatchObject({ id: 'p1999' });

    // search and score agree, and a filter is honoured.
    const top = index.search(late, 5, (id) => id !== 'p1999');
    expect(top.map((hit) => hit.id)).not.toContain('p1999');
    const scored = index.score(
      late,
      top.map((hit) => hit.id),
    );
    for (const hit of top) expect(scored.get(hit.id)).toBeCloseTo(hit.score, 5);
  });
});
