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

  it("finds a restored store's rows through its owner's numbers, follows them when they change, and takes a Map once rows move", () => {
    const slots = new Map([
      ['z', 2],
      ['y', 0],
      ['x', 1],
    ]);
    let [count, changes] = [3, 0];
    const idOf = (n: number) => [...slots].find(([, slot]) => slot === n)?.[0];
    const numbers = { numberOf: (id: string) => slots.get(id), idOf, count: () => count, changes: () => changes };
    const columns = { a: Float32Array.from([3, 2]), b: Int8Array.from([3, -3, 2, -2]) };
    const restored = RowStore.restore(['z', 'y'], columns, { a: 1, b: 2 }, numbers);
    expect([restored.row('z'), restored.row('y'), restored.row('x'), restored.row('w')]).toEqual([
      0,
      1,
      undefined,
      undefined,
    ]);
    // The owner renumbers (an id removed and others added): read from the new numbers, not the old table.
    slots.set('y', 3).set('z', 0).delete('x');
    [count, changes] = [4, 1];
    expect([restored.row('z'), restored.row('y')]).toEqual([0, 1]);
    restored.remove(['z']);
    expect([restored.row('z'), restored.row('y')]).toEqual([undefined, 0]);
    expect(read(restored, 'y')).toEqual([2, 2, -2]);
  });

  it('falls back to a Map when an id has no number of its own', () => {
    const numbers = {
      numberOf: (id: string) => (id === 'z' ? 0 : undefined),
      idOf: (n: number) => (n === 0 ? 'z' : undefined),
      count: () => 1,
      changes: () => 0,
    };
    const restored = RowStore.restore(['z', 'y'], { a: Float32Array.from([3, 2]) }, { a: 1 }, numbers);
    expect([restored.row('z'), restored.row('y')]).toEqual([0, 1]);
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
