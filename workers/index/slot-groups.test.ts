import { describe, expect, it } from 'vitest';
import { Bm25Index, type RelatedTerms } from './bm25';
import { bestOfSlotGroups, slotGroups } from './slot-groups';

const WORDS = ['granite', 'basalt', 'quartz', 'mica', 'feldspar', 'shale', 'slate', 'marble', 'chalk', 'flint'];

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('bestOfSlotGroups', () => {
  it('gives what bestOfGroups gives, in the same order, on random indexes, also after changes', () => {
    const next = random(7);
    const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
    const text = (n: number) => Array.from({ length: n }, pick).join(' ');
    for (let round = 0; round < 20; round++) {
      const index = new Bm25Index();
      const groupOf = new Map<string, string | undefined>();
      const add = (id: string) => {
        index.add(id, text(1 + Math.floor(next() * 12)), next() < 0.3 ? text(2) : '');
        groupOf.set(id, next() < 0.1 ? undefined : `doc-${Math.floor(next() * 15)}`);
      };
      for (let i = 0; i < 200; i++) add(`s${i}`);
      let groups = slotGroups(index, (id) => groupOf.get(id));
      for (let step = 0; step < 6; step++) {
        const query = text(1 + Math.floor(next() * 4));
        const related: RelatedTerms | undefined =
          next() < 0.5 ? new Map([[pick(), { share: 0.3, standsFor: query.split(' ')[0]! }]]) : undefined;
        const keep = next() < 0.5 ? (name: string) => name.endsWith('1') || name.endsWith('4') : undefined;
        const plain = index.bestOfGroups(
          query,
          (id) => {
            const group = groupOf.get(id);
            return group !== undefined && (!keep || keep(group)) ? group : undefined;
          },
          related,
        );
        expect([...bestOfSlotGroups(index, query, groups, related, keep)]).toEqual([...plain]);
        // Change the index: the groups are made again, and stale ones are refused.
        index.remove(`s${Math.floor(next() * 200)}`);
        add(`s${200 + round * 10 + step}`);
        expect(() => bestOfSlotGroups(index, query, groups)).toThrow();
        const cached = groups;
        groups = slotGroups(index, (id) => groupOf.get(id), groups);
        expect(groups).not.toBe(cached);
        expect(slotGroups(index, (id) => groupOf.get(id), groups)).toBe(groups);
      }
    }
  });
});
