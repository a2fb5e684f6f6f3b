import { describe, expect, it } from 'vitest';
import { toPropositionColumns, type PropositionMeta } from './metadata-columns';
import { PropositionTable } from './proposition-table';

/** n propositions, 4 to a document, every third with a text of its own and some with pages. */
const propositions = (n: number, prefix = 'p'): PropositionMeta[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    docId: `${prefix}d${Math.floor(i / 4)}`,
    sectionId: `${prefix}s${Math.floor(i / 2)}`,
    order: i % 4,
    headingPath: ['Part', `${Math.floor(i / 4)}`],
    pages: i % 2 ? [i, i + 1] : [],
    start: i * 10,
    end: i * 10 + 9,
    type: 'fact',
    ...(i % 3 ? {} : { text: `own text ${i}` }),
  }));

describe('PropositionTable', () => {
  it('answers for restored columns as a map of the same objects would, through removals and additions', () => {
    const stored = propositions(70_000); // more than one text block
    const table = new PropositionTable();
    // As the BM25 index's slots: still answering for an id after the table was told it is gone.
    const slots = new Map(stored.map((p, row) => [p.id, row]));
    table.restore(structuredClone(toPropositionColumns(stored)), (id) => slots.get(id));
    const map = new Map(stored.map((p) => [p.id, p]));
    expect(table.size).toBe(map.size);
    for (const id of ['p0', 'p1', 'p65536', 'p69999']) expect(table.get(id)).toEqual(map.get(id));
    expect(table.get('nope')).toBeUndefined();

    for (const id of ['p1', 'p2', 'p3', 'p69999']) {
      table.delete(id);
      map.delete(id);
    }
    const again = { ...stored[2]!, text: 'indexed again' };
    for (const p of [...propositions(3, 'q'), again]) {
      table.set(p.id, p);
      map.set(p.id, p);
    }
    table.delete('q1');
    map.delete('q1');

    expect(table.size).toBe(map.size);
    expect([...table.keys()]).toEqual([...map.keys()]);
    expect([...table.values()]).toEqual([...map.values()]);
    expect(table.get('p2')).toEqual(again);
    expect(table.has('p3')).toBe(false);
    const docs: [string, string][] = [];
    table.forEachDocId((id, docId) => docs.push([id, docId]));
    expect(docs).toEqual([...map.values()].map((p) => [p.id, p.docId]));
    expect(table.docIdOf('q2')).toBe('qd0');
    expect(table.docIdOf('p5')).toBe('pd1');
    expect(() => table.restore(toPropositionColumns(stored), (id) => slots.get(id))).toThrow(/empty table/);
  });
});
