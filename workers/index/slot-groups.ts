/**
 * Grouping a BM25 index's matches (sections by their document, for the document stage) by numbers
 * made once per state of the index: each matching slot then reads its group from a typed array
 * instead of looking its id up in maps, which was most of the document stage's time (at 100,000
 * propositions, 25,000 sections, a common word matches most of them).
 */
import type { Bm25Index, Bm25Query, RelatedTerms } from './bm25';

/** Every slot's group: `names[ofSlot[slot]]`, or none for -1. */
export interface SlotGroups {
  readonly names: readonly string[];
  readonly ofSlot: Int32Array;
  readonly owner: Bm25Index;
  readonly changes: number;
}

/**
 * Each slot's group by `groupOf` of its id (undefined: none); `cached` is given back while its
 * index has not changed since it was made.
 */
export function slotGroups(
  index: Bm25Index,
  groupOf: (id: string) => string | undefined,
  cached?: SlotGroups,
): SlotGroups {
  if (cached?.owner === index && cached.changes === index.changes) return cached;
  const names: string[] = [];
  const numbers = new Map<string, number>();
  const ids = index.slotIds;
  const ofSlot = new Int32Array(ids.length).fill(-1);
  ids.forEach((id, slot) => {
    const name = id === null ? undefined : groupOf(id);
    if (name === undefined) return;
    let number = numbers.get(name);
    if (number === undefined) numbers.set(name, (number = names.push(name) - 1));
    ofSlot[slot] = number;
  });
  return { names, ofSlot, owner: index, changes: index.changes };
}

/**
 * The best score among each group's matches, for the groups `keep` accepts, in the order the
 * groups were first matched.
 */
export function bestOfSlotGroups(
  index: Bm25Index,
  query: Bm25Query,
  groups: SlotGroups,
  related?: RelatedTerms,
  keep?: (name: string) => boolean,
): Map<string, number> {
  if (groups.owner !== index || groups.changes !== index.changes) throw new Error('slot groups of another index state');
  const best = new Float64Array(groups.names.length);
  const order: number[] = [];
  const { ofSlot } = groups;
  index.forEachMatch(query, related, (slot, score) => {
    const group = ofSlot[slot]!;
    if (group < 0 || !(score > best[group]!)) return;
    if (best[group] === 0) order.push(group);
    best[group] = score;
  });
  const scores = new Map<string, number>();
  for (const group of order) {
    const name = groups.names[group]!;
    if (!keep || keep(name)) scores.set(name, best[group]!);
  }
  return scores;
}

/**
 * The k groups with the best matches, each by its best (what `bestOfSlotGroups` gives for them),
 * best first; of equal scores the lower group number. Pruned: the common words' postings are read
 * only for the slots still in reach (bm25-top.ts).
 */
export function topOfSlotGroups(
  index: Bm25Index,
  query: Bm25Query,
  groups: SlotGroups,
  k: number,
  related?: RelatedTerms,
): Map<string, number> {
  if (groups.owner !== index || groups.changes !== index.changes) throw new Error('slot groups of another index state');
  const top = index.topGroups(query, k, groups.ofSlot, groups.names.length, related);
  return new Map(top.map(({ row, score }) => [groups.names[row]!, score]));
}
