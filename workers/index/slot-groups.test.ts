import { describe, expect, it } from 'vitest';
import { Bm25Index, type RelatedTerms } from './bm25';
import { bestOfSlotGroups, slotGroups, topOfSlotGroups, type SlotGroups } from './slot-groups';

const WORDS = ['granite', 'basalt', 'quartz', 'mica', 'feldspar', 'shale', 'slate', 'marble', 'chalk', 'flint'];

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** The pruned top k groups against the k best of every group's best: same groups, same scores. */
function expectSameTopGroups(index: Bm25Index, query: string, groups: SlotGroups, k: number, related?: RelatedTerms) {
  const every = [...bestOfSlotGroups(index, query, groups, related)];
  // Best first; of equal scores the lower group number, as the top k keeps them.
  const number = new Map(groups.names.map((name, i) => [name, i]));
  every.sort((a, b) => b[1] - a[1] || number.get(a[0])! - number.get(b[0])!);
  const pruned = [...topOfSlotGroups(index, query, groups, k, related)];
  expect(pruned.map(([name]) => name)).toEqual(every.slice(0, k).map(([name]) => name));
  pruned.forEach(([, score], i) => expect(score).toBeCloseTo(every[i]![1], 9));
}

describe('bestOfSlotGroups', () => {
  it('gives what scoring every match gives, in the same order, on random indexes, also after changes', () => {
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
        // Every match scored, each group's best kept, groups in the order first matched.
        const plain = new Map<string, number>();
        for (const [id, score] of index.scoreAll(query, undefined, related)) {
          const group = groupOf.get(id);
          if (group !== undefined && (!keep || keep(group)) && score > (plain.get(group) ?? 0)) plain.set(group, score);
        }
        expect([...bestOfSlotGroups(index, query, groups, related, keep)]).toEqual([...plain]);
        for (const k of [1, 3, 10, 20]) expectSameTopGroups(index, query, groups, k, related);
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
