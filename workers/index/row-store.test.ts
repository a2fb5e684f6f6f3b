import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowStore } from './row-store';
import { TopK, topK } from './top-k';

/** A store of one value per row in a float column and two in an int8 column, both derived from the id. */
function store(capacity = 2) {
  return new RowStore({ a: new Float32Array(capacity), b: new Int8Array(capacity * 2) }, { a: 1, b: 2 });
}
function put(s: ReturnType<typeof store>, id: string, value: number) {
  const row = s.append(id);
  s.columns.a[row] = value;
  s.columns.b.set([value, -value], row * 2);
}
function read(s: ReturnType<typeof store>, id: string) {
  const row = s.row(id);
  return row === undefined ? undefined : [s.columns.a[row], s.columns.b[row * 2], s.columns.b[row * 2 + 1]];
}

describe('RowStore', () => {
  it('keeps every id on its own values through appends, replacements, growth and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 100 })), {
          maxLength: 60,
        }),
        (ops) => {
          const s = store();
          const expected = new Map<string, number>();
          for (const [add, key, value] of ops) {
            const id = `id${key}`;
            if (add) {
              put(s, id, value);
              expected.set(id, value);
            } else {
              s.remove([id]);
              expected.delete(id);
            }
          }
          expect(s.size).toBe(expected.size);
          expect(new Set(s.rowIds)).toEqual(new Set(expected.keys()));
          for (const [id, value] of expected) expect(read(s, id)).toEqual([value, value, -value]);
        },
      ),
    );
  });

  it('restores stored ids and columns without copying them, and grows into new arrays on an append', () => {
    const columns = { a: Float32Array.from([3, 2]), b: Int8Array.from([3, -3, 2, -2]) };
    const stored = columns.a;
    const restored = RowStore.restore(['z', 'y'], columns, { a: 1, b: 2 });
    expect(restored.columns.a).toBe(stored);
    expect(read(restored, 'z')).toEqual([3, 3, -3]);
    put(restored, 'w', 7);
    expect([...stored]).toEqual([3, 2]);
    expect(read(restored, 'w')).toEqual([7, 7, -7]);
    expect(read(restored, 'y')).toEqual([2, 2, -2]);
  });
});

describe('top-k', () => {
  it('returns the k best, best first, whatever the order they come in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { maxLength: 80 }),
        fc.integer({ min: 0, max: 10 }),
        (scores, k) => {
          const best = new TopK(k);
          scores.forEach((score, row) => best.push(row, score));
          const expected = [...scores].sort((a, b) => b - a).slice(0, k);
          expect(best.sorted().map((entry) => entry.score)).toEqual(expected);
        },
      ),
    );
  });

  it('picks the best ids of a score map', () => {
    expect(
      topK(
        new Map([
          ['a', 0.1],
          ['b', 0.9],
          ['c', 0.5],
        ]),
        2,
      ),
    ).toEqual([
      { id: 'b', score: 0.9 },
      { id: 'c', score: 0.5 },
    ]);
  });
});
