import { describe, expect, it } from 'vitest';
import { IdSlots } from './id-slots';

/** A seeded random number in [0, 1) (a linear congruential generator). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('IdSlots', () => {
  it('answers as a Map does through thousands of random adds and removals, grown and made whole', () => {
    const next = random(3);
    const ids: (string | null)[] = [];
    const free: number[] = [];
    const slots = new IdSlots(ids);
    const expected = new Map<string, number>();
    for (let step = 0; step < 20_000; step++) {
      const id = `p${Math.floor(next() * 3000).toString(36)}`;
      const slot = expected.get(id);
      if (slot !== undefined && next() < 0.6) {
        expect(slots.delete(id)).toBe(true);
        ids[slot] = null;
        free.push(slot);
        expected.delete(id);
      } else if (slot === undefined) {
        const at = free.pop() ?? ids.length;
        ids[at] = id;
        slots.set(id, at);
        expected.set(id, at);
      }
    }
    expect(expected.size).toBeGreaterThan(500);
    const whole = IdSlots.of(ids);
    for (const table of [slots, whole]) {
      expect(table.size).toBe(expected.size);
      for (const [id, slot] of expected) expect(table.get(id)).toBe(slot);
      for (let n = 0; n < 3000; n++) {
        const id = `p${n.toString(36)}`;
        expect(table.has(id)).toBe(expected.has(id));
      }
    }
    expect(slots.delete('not-there')).toBe(false);
  });

  it('tells apart ids of one or two characters and ids that differ in their last character', () => {
    const ids = ['', 'a', 'b', 'ab', 'ba', 'abc', 'abd', 'p1x', 'p1y'];
    const slots = IdSlots.of(ids);
    ids.forEach((id, slot) => expect(slots.get(id)).toBe(slot));
    expect(slots.get('abe')).toBeUndefined();
  });
});
