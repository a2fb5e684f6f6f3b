import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kernelModule } from '../../scripts/lib/kernels.mjs';
import { members, mixture } from '../../scripts/harness/clustered-vectors';
import { byteTable, CENTROIDS, encode, subspaceTable, trainCodebooks } from './pq-codes';
import { BlockedCodes, quantizeTable, tableMax } from './pq-fastscan';
import { PqIndex } from './pq-index';

/** A deterministic generator of integers below `limit`. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (limit: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % limit;
  };
}

/** Row-major random codes (two subspaces a byte) and a random table at the largest entries allowed. */
function randomCase(rows: number, subspaces: number, seed: number) {
  const next = random(seed);
  const codeBytes = Math.ceil(subspaces / 2);
  const codes = Uint8Array.from({ length: rows * codeBytes }, () => next(256));
  // An odd count of subspaces leaves the last byte's high nibble unused: zero, as encode leaves it.
  if (subspaces % 2) for (let r = 0; r < rows; r++) codes[r * codeBytes + codeBytes - 1]! &= 15;
  const top = tableMax(subspaces);
  const table = Uint8Array.from({ length: subspaces * CENTROIDS }, () => next(top + 1));
  return { codes, table, codeBytes };
}

/** The best `want` rows by table sum (of equal sums the lower row), computed plainly. */
function reference(
  codes: Uint8Array,
  table: Uint8Array,
  rows: number,
  subspaces: number,
  want: number,
  keep?: (row: number) => boolean,
) {
  const codeBytes = Math.ceil(subspaces / 2);
  const sums: { row: number; sum: number }[] = [];
  for (let row = 0; row < rows; row++) {
    if (keep && !keep(row)) continue;
    let sum = 0;
    for (let m = 0; m < subspaces; m++)
      sum += table[m * CENTROIDS + ((codes[row * codeBytes + (m >> 1)]! >> ((m & 1) * 4)) & 15)]!;
    sums.push({ row, sum });
  }
  return sums
    .sort((a, b) => b.sum - a.sum || a.row - b.row)
    .slice(0, want)
    .map(({ row }) => row);
}

describe('the PQ fast scan in WebAssembly SIMD', () => {
  it('is built from its source: the committed module matches pq-fastscan.wat', async () => {
    const source = readFileSync(fileURLToPath(new URL('./pq-fastscan.wat', import.meta.url)), 'utf8');
    const committed = readFileSync(fileURLToPath(new URL('./pq-fastscan-wasm.ts', import.meta.url)), 'utf8');
    expect(committed).toBe(await kernelModule(source, 'pq-fastscan.wat'));
  });

  it('picks the rows a plain sum of table entries picks, in the kernel and in the JavaScript fallback', () => {
    // 50 subspaces (100 dims), 4 (7 dims), 51 and 3 (odd counts: the kernel's last single subspace),
    // 192 (384 dims: sums up to 48,960), 300 (600 dims: entries at most 218 so sums fit 16 bits); row
    // counts that are not a multiple of 32; `want` small enough that the buffer refills many times.
    for (const [subspaces, rows, want] of [
      [50, 5_003, 100],
      [4, 1_001, 37],
      [51, 2_000, 64],
      [3, 500, 20],
      [192, 777, 300],
      [300, 300, 50],
      [50, 20, 100],
    ] as const) {
      const { codes, table } = randomCase(rows, subspaces, subspaces * 31 + rows);
      const expected = reference(codes, table, rows, subspaces, want);
      for (const simd of [true, false]) {
        const blocked = new BlockedCodes(subspaces, 0, simd);
        expect(blocked.simd).toBe(simd);
        // Added in two parts, as rows arrive, growing the memory between them.
        const half = Math.floor(rows / 2) + 3;
        const codeBytes = Math.ceil(subspaces / 2);
        blocked.setRows(0, codes.subarray(0, half * codeBytes), Math.min(half, rows));
        if (half < rows) blocked.setRows(half, codes.subarray(half * codeBytes), rows - half);
        expect(blocked.candidates(table, rows, want)).toEqual(expected);
        expect([...blocked.rowCodes(rows - 1)]).toEqual([...codes.subarray((rows - 1) * codeBytes, rows * codeBytes)]);
      }
    }
  });

  it('honours a filter, leaves out rows past the count, and follows moved rows', () => {
    const subspaces = 50;
    const rows = 3_000;
    const { codes, table, codeBytes } = randomCase(rows, subspaces, 7);
    const blocked = new BlockedCodes(subspaces, rows);
    blocked.setRows(0, codes, rows);
    const asked = new Uint8Array(rows);
    const odd = (row: number) => row % 3 === 1;
    const counted = (row: number) => (asked[row]!++, odd(row));
    expect(blocked.candidates(table, rows, 50, counted)).toEqual(reference(codes, table, rows, subspaces, 50, odd));
    // Each row is put to the filter at most once, however often the buffer is compacted.
    expect(Math.max(...asked)).toBe(1);
    // Only the rows before the best of all count (the rest were removed): it must not come back.
    const best = reference(codes, table, rows, subspaces, 1)[0]!;
    expect(best).toBeGreaterThan(100);
    const within = blocked.candidates(table, best, 20);
    expect(within).not.toContain(best);
    expect(within).toEqual(reference(codes, table, best, subspaces, 20));
    // Moving the last row into row 5 gives row 5 its codes.
    blocked.move(rows - 1, 5);
    codes.copyWithin(5 * codeBytes, (rows - 1) * codeBytes, rows * codeBytes);
    expect(blocked.candidates(table, rows - 1, 64)).toEqual(reference(codes, table, rows - 1, subspaces, 64));
  });

  it('keeps the order of the float ADC scores up to the table rounding', () => {
    const dims = 100;
    const rows = 4_000;
    const mix = mixture(dims, 50);
    const vectors = members(mix, rows);
    const books = trainCodebooks(dims, rows, (r, d) => vectors[r * dims + d]!);
    const codes = new Uint8Array(rows * books.codeBytes);
    for (let r = 0; r < rows; r++)
      encode(books, vectors.subarray(r * dims, (r + 1) * dims), codes, r * books.codeBytes);
    const blocked = new BlockedCodes(books.subspaces, rows);
    blocked.setRows(0, codes, rows);
    const query = members(mix, 1);
    const adc = byteTable(books, query);
    const floatScores = Array.from({ length: rows }, (_, row) => {
      let sum = 0;
      for (let b = 0; b < books.codeBytes; b++) sum += adc[b * 256 + codes[row * books.codeBytes + b]!]!;
      return { row, sum };
    }).sort((a, b) => b.sum - a.sum);
    const fast = new Set(blocked.candidates(quantizeTable(subspaceTable(books, query), books.subspaces), rows, 100));
    // Every one of the float scan's best 20 is among the fast scan's best 100.
    for (const { row } of floatScores.slice(0, 20)) expect(fast.has(row)).toBe(true);
  });
});

describe('PqIndex on the fast scan', () => {
  it('keeps each row its own codes through removals and re-adds, and never returns removed rows', () => {
    const dims = 100;
    const rows = 5_000;
    const mix = mixture(dims, 100);
    const vectors = members(mix, rows);
    const ids = Array.from({ length: rows }, (_, i) => `p${i}`);
    const index = new PqIndex(dims, 200);
    index.add(ids, vectors);
    const before = new Map(ids.map((id) => [id, index.reconstruct(id)!]));
    const removed = ids.filter((_, i) => i % 7 === 0);
    index.remove(removed);
    index.add(['p1', 'p2'], vectors.slice(dims, 3 * dims));
    for (const id of ids) {
      if (removed.includes(id)) expect(index.reconstruct(id)).toBeNull();
      else expect([...index.reconstruct(id)!]).toEqual([...before.get(id)!]);
    }
    const gone = new Set(removed);
    for (let q = 0; q < 20; q++) {
      const query = vectors.subarray(q * 7 * dims, (q * 7 + 1) * dims);
      const hits = index.search(query, 10);
      expect(hits).toHaveLength(10);
      for (const hit of hits) expect(gone.has(hit.id)).toBe(false);
    }
  });
});
