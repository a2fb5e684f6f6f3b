import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25';

const WORDS = ['granite', 'basalt', 'quartz', 'mica', 'feldspar', 'shale', 'slate', 'marble', 'chalk', 'flint'];

describe('BM25 length normalisation kept per index state', () => {
  it('scores every query as the per-id scoring does, while ids come and go between queries', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const text = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
    const index = new Bm25Index();
    const ids = new Set<string>();
    for (let step = 0; step < 300; step++) {
      // Each change moves the average length: cached normalisations made before it must not be used.
      if (ids.size > 5 && next() < 0.3) {
        const id = [...ids][Math.floor(next() * ids.size)]!;
        index.remove(id);
        ids.delete(id);
      } else {
        const id = `p${step}`;
        index.add(id, text(1 + Math.floor(next() * 30)));
        ids.add(id);
      }
      const query = text(1 + Math.floor(next() * 3));
      const all = index.scoreAll(query);
      expect(new Map([...index.scoreIds(query, ids)].sort())).toEqual(new Map([...all].sort()));
    }
  });
});
