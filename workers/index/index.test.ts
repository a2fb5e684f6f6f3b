import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, words } from '../../common/text/analyzer';
import { Bm25Index } from './bm25';
import { topK } from './top-k';
import { FlatIndex } from './flat-index';
import { Int8FlatIndex } from './int8-index';
import { VoyIndex } from '../../scripts/harness/voy-index';
import { encodeRows } from '../../common/vector-codec';

function randomUnitVectors(n: number, dims: number, seed = 1): Float32Array {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const data = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += (data[i * dims + d] = random()) ** 2;
    for (let d = 0; d < dims; d++) data[i * dims + d]! /= Math.sqrt(norm);
  }
  return data;
}

describe('analyze', () => {
  it('finds the same words as Intl.Segmenter in spaced scripts (its fast path)', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    const text = "Don't split e.g. 3.14, 1,000 or naïve café's x_y; Ελληνικά κείμενα; русский текст: a:b";
    const segmented = [...segmenter.segment(text.toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment);
    expect(segmented).toContain('1,000');
    expect(words(text.toLowerCase())).toEqual(segmented);
  });

  it('lowercases, drops stopwords and stems', () => {
    expect(analyze('The Trains were running to the Stations')).toEqual(['train', 'run', 'station']);
  });
  it('segments Chinese and Japanese text into words', () => {
    expect(analyze('我喜欢北京的天气').length).toBeGreaterThan(1);
    expect(analyze('東京は日本の首都です').length).toBeGreaterThan(1);
  });
  it('keeps numbers and drops punctuation', () => {
    expect(analyze('RFC 2616, section 3.2!')).toEqual(['rfc', '2616', 'section', '3.2']);
  });
  it('indexes an identifier whole and by its parts', () => {
    expect(analyze('path.join()')).toEqual(['path.join', 'path', 'join']);
    expect(analyze('readFileSync')).toEqual(['readfilesync', 'read', 'file', 'sync']);
    expect(analyze('XMLHttpRequest')).toEqual(['xmlhttprequest', 'xml', 'http', 'request']);
    expect(analyze('def __iter__(self)')).toEqual(['def', '__iter__', 'iter', 'self']);
    expect(analyze('HISTSIZE is.na lm(')).toEqual(['histsiz', 'is.na', 'na', 'lm']);
  });
  it('leaves abbreviations, decimals and plain words whole', () => {
    expect(analyze('e.g. 3.14 naïve')).toEqual(['e.g', '3.14', 'naïv']);
  });
});

describe('Bm25Index', () => {
  const index = new Bm25Index();
  index.add('cats', 'Cats are small domestic animals that purr.');
  index.add('dogs', 'Dogs are loyal animals that bark at strangers.');
  index.add('cars', 'Cars need fuel and regular maintenance.');

  it('ranks the document with the query terms first', () => {
    expect(index.search('why do cats purr', 3)[0]!.id).toBe('cats');
    expect(index.search('fuel', 3).map((s) => s.id)).toEqual(['cars']);
  });

  it('matches a hand computation for one term', () => {
    // "fuel": n=3, df=1, idf = ln(1 + 2.5/1.5); tf=1; doc length 4 terms (car, need, fuel, regular, mainten → 5).
    const lengths = [
      analyze('Cats are small domestic animals that purr.'),
      analyze('Dogs are loyal animals that bark at strangers.'),
      analyze('Cars need fuel and regular maintenance.'),
    ].map((t) => t.length);
    const avg = lengths.reduce((a, b) => a + b) / 3;
    const idf = Math.log(1 + 2.5 / 1.5);
    const expected = (idf * 2.2) / (1 + 1.2 * (0.25 + (0.75 * lengths[2]!) / avg));
    expect(index.search('fuel', 1)[0]!.score).toBeCloseTo(expected, 10);
  });

  it('adds and removes without a rebuild', () => {
    const local = new Bm25Index();
    local.add('a', 'alpha beta');
    local.add('b', 'beta gamma');
    local.remove('a');
    expect(local.size).toBe(1);
    expect(local.search('alpha', 5)).toEqual([]);
    expect(local.search('beta', 5).map((s) => s.id)).toEqual(['b']);
  });

  it('scores given ids exactly as a full scoring does, reusing slots after removals', () => {
    const local = new Bm25Index();
    ['alpha beta beta', 'beta gamma', 'gamma delta alpha', 'delta', 'alpha alpha alpha epsilon'].forEach((text, i) =>
      local.add(`d${i}`, text),
    );
    local.remove('d1');
    local.add('d5', 'beta delta');
    const all = local.scoreAll('alpha beta delta');
    expect([...all.keys()].sort()).toEqual(['d0', 'd2', 'd3', 'd4', 'd5']);
    const some = local.scoreIds('alpha beta delta', ['d0', 'd3', 'd5', 'missing']);
    expect([...some]).toEqual([
      ['d0', all.get('d0')],
      ['d3', all.get('d3')],
      ['d5', all.get('d5')],
    ]);
    expect(local.search('alpha beta delta', 2)).toEqual(topK(all, 2));
  });

  it('survives a snapshot round trip without analysing text again', () => {
    const local = new Bm25Index();
    local.add('a', 'Installing packages from the repository', 'Installation');
    local.add('b', 'Removing packages and their data');
    local.add('c', 'temporary');
    local.remove('c');
    const copy = Bm25Index.fromSnapshot(structuredClone(local.toSnapshot()));
    expect(copy.size).toBe(2);
    for (const query of ['installation packages', 'data', 'repository removing']) {
      expect(copy.search(query, 5)).toEqual(local.search(query, 5));
      expect(copy.maxScore(query)).toBe(local.maxScore(query));
      // Each id's term list is rebuilt from the postings, not stored: scoring given ids still agrees.
      expect(copy.scoreIds(query, ['a', 'b'])).toEqual(local.scoreIds(query, ['a', 'b']));
    }
    // The restored index keeps working incrementally (each id's term list is made from the postings then).
    copy.remove('a');
    copy.add('d', 'repository mirrors');
    expect(copy.search('repository packages', 5).map((s) => s.id)).toEqual(['d', 'b']);
    const fresh = new Bm25Index();
    fresh.add('b', 'Removing packages and their data');
    fresh.add('d', 'repository mirrors');
    const scores = copy.scoreIds('repository packages data', ['b', 'd']);
    for (const [id, score] of fresh.scoreIds('repository packages data', ['b', 'd']))
      expect(scores.get(id)).toBeCloseTo(score, 12);
    expect(scores.size).toBe(2);
  });

  it('stores postings as gaps, counts and lengths as varints, surviving removals, reused slots and numbers of several bytes', () => {
    const local = new Bm25Index();
    const texts = new Map<string, string>();
    const add = (id: string, text: string) => {
      local.add(id, text);
      texts.set(id, text);
    };
    for (let i = 0; i < 20_000; i++) add(`d${i}`, i % 19_999 === 0 ? 'rare common' : i % 3 ? 'common' : 'common third');
    for (let i = 0; i < 300; i += 7) {
      local.remove(`d${i}`);
      texts.delete(`d${i}`);
    }
    add('late', 'rare third'); // takes a freed slot: its postings are no longer ascending
    add('long', Array.from({ length: 300 }, (_, i) => `tide${i}`).join(' ')); // a length of two bytes
    const snapshot = local.toSnapshot();
    const postings = [...texts.values()].reduce((sum, text) => sum + new Set(analyze(text)).size, 0);
    expect(snapshot.postingGaps.byteLength).toBeLessThan(postings * 2);
    // Three terms of one byte, 'common' and 'third' of three and two; one byte a length but the long one's.
    expect(snapshot.postingCounts.byteLength).toBeLessThan(local.terms().length + 4);
    expect(snapshot.lengths.byteLength).toBe(local.size + 1);
    const copy = Bm25Index.fromSnapshot(structuredClone(snapshot));
    for (const query of ['rare', 'third', 'common rare', 'tide7 common'])
      expect(copy.scoreAll(query)).toEqual(local.scoreAll(query));
  });

  it('numbers its terms by a vocabulary its owner shares between indexes, and refuses one that lacks a term', () => {
    const local = new Bm25Index();
    local.add('a', 'tides follow the moon');
    local.add('b', 'spring tides');
    local.remove('a'); // "moon" and "follow" stay in the vocabulary with no postings
    expect(local.terms().sort()).toEqual(['spring', 'tide']);
    const shared = ['harbour', 'tide', 'boat', 'spring'];
    const snapshot = local.toSnapshot(['b'], shared);
    expect(snapshot).not.toHaveProperty('vocabulary');
    const copy = Bm25Index.fromSnapshot(structuredClone(snapshot), ['b'], shared);
    expect(copy.scoreAll('spring tides harbour')).toEqual(local.scoreAll('spring tides harbour'));
    expect(copy.maxScore('spring harbour')).toBe(local.maxScore('spring harbour'));
    expect(() => local.toSnapshot(['b'], ['tide'])).toThrow(/every term/);
  });

  it('stores term frequencies in the narrowest array that holds them', () => {
    const local = new Bm25Index();
    local.add('short', 'word word other');
    expect(local.toSnapshot().postingTfs).toBeInstanceOf(Uint8Array);
    local.add('long', 'word '.repeat(300));
    const snapshot = local.toSnapshot();
    expect(snapshot.postingTfs).toBeInstanceOf(Uint16Array);
    const copy = Bm25Index.fromSnapshot(snapshot);
    expect(copy.scoreIds('word', ['short', 'long'])).toEqual(local.scoreIds('word', ['short', 'long']));
  });

  it('keeps a frequency past a byte whole, in the index it was added to and in its snapshot', () => {
    const local = new Bm25Index();
    local.add('mid', `${'word '.repeat(200)}${'other '.repeat(100)}`);
    local.add('long', 'word '.repeat(300)); // 300 does not fit the byte its term's frequencies started in
    local.add('short', 'word other');
    expect(local.search('word', 3).map((hit) => hit.id)).toEqual(['long', 'mid', 'short']);
    const copy = Bm25Index.fromSnapshot(structuredClone(local.toSnapshot()));
    copy.add('later', 'word '.repeat(70_000)); // past two bytes, in a restored index
    expect(copy.search('word', 4).map((hit) => hit.id)).toEqual(['later', 'long', 'mid', 'short']);
  });

  it('boosts heading text', () => {
    const local = new Bm25Index();
    local.add('plain', 'installing packages with the manager');
    local.add('titled', 'installing packages with the manager', 'Installation');
    expect(local.search('installation', 2)[0]!.id).toBe('titled');
  });
});

describe.each([
  ['FlatIndex', (dims: number) => new FlatIndex(dims, 4), 5],
  ['VoyIndex', (dims: number) => new VoyIndex(dims), 5],
  // int8 scores are within ~1% of the exact cosine.
  ['Int8FlatIndex', (dims: number) => new Int8FlatIndex(dims, 4), 2],
])('%s', (_name, create, digits) => {
  const dims = 16;
  const n = 300;
  const data = randomUnitVectors(n, dims);
  const ids = Array.from({ length: n }, (_, i) => `v${i}`);

  it('returns the nearest neighbours with cosine scores', () => {
    const index = create(dims);
    index.add(ids, data);
    const query = data.slice(5 * dims, 6 * dims);
    const result = index.search(query, 5);
    expect(result[0]).toEqual({ id: 'v5', score: expect.closeTo(1, digits) });
    const brute = ids
      .map((id, i) => ({ id, score: data.slice(i * dims, (i + 1) * dims).reduce((s, x, d) => s + x * query[d]!, 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5);
    expect(result.map((r) => r.id)).toEqual(brute.map((b) => b.id));
  });

  it('removes rows and honours filters', () => {
    const index = create(dims);
    index.add(ids, data);
    index.remove(['v5', 'v6']);
    expect(index.size).toBe(n - 2);
    const query = data.slice(5 * dims, 6 * dims);
    expect(index.search(query, 10).map((r) => r.id)).not.toContain('v5');
    const even = index.search(query, 10, (id) => Number(id.slice(1)) % 2 === 0);
    expect(even).toHaveLength(10);
    expect(even.every((r) => Number(r.id.slice(1)) % 2 === 0)).toBe(true);
    expect(index.score(query, ['v7', 'v5']).has('v5')).toBe(false);
  });

  it('survives many identical vectors (duplicate chunks)', () => {
    const index = create(dims);
    const same = new Float32Array(40 * dims);
    for (let i = 0; i < 40; i++) same.set(data.subarray(0, dims), i * dims);
    index.add(
      Array.from({ length: 40 }, (_, i) => `dup${i}`),
      same,
    );
    expect(index.search(data.subarray(0, dims), 3)).toHaveLength(3);
    index.remove(['dup0']);
    expect(index.size).toBe(39);
  });
});

describe('Int8FlatIndex', () => {
  it('scores every row within 1% of the exact cosine, also when restored from stored int8 rows', () => {
    const dims = 100;
    const data = randomUnitVectors(200, dims, 3);
    const ids = Array.from({ length: 200 }, (_, i) => `r${i}`);
    const exact = new FlatIndex(dims);
    const int8 = new Int8FlatIndex(dims);
    exact.add(ids, data);
    int8.add(ids, data);
    const restored = Int8FlatIndex.fromRows(dims, [...ids], encodeRows(data, dims));
    restored.remove(['r1']);
    const query = data.subarray(0, dims);
    expect(restored.score(query, ids)).toEqual(new Map([...int8.score(query, ids)].filter(([id]) => id !== 'r1')));
    const scores = restored.score(query, ids);
    expect(scores.size).toBe(199);
    for (const [id, score] of exact.score(query, ids))
      if (id !== 'r1') expect(Math.abs(scores.get(id)! - score)).toBeLessThan(0.01);
    expect(restored.search(query, 1)).toEqual([{ id: 'r0', score: expect.closeTo(1, 2) }]);
  });
});

describe('FlatIndex properties', () => {
  it('agrees with a brute-force scan after random adds and removes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 30 }), (removals) => {
        const dims = 8;
        const data = randomUnitVectors(60, dims, 7);
        const index = new FlatIndex(dims, 2);
        index.add(
          Array.from({ length: 60 }, (_, i) => `r${i}`),
          data,
        );
        const removed = new Set(removals.map((i) => `r${i}`));
        index.remove([...removed]);
        const query = data.subarray(0, dims);
        const expected = Array.from({ length: 60 }, (_, i) => `r${i}`).filter((id) => !removed.has(id));
        const scores = index.score(query, expected);
        const best = index.search(query, 3).map((r) => r.id);
        const brute = [...scores]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([id]) => id);
        return index.size === expected.length && best.join() === brute.join();
      }),
    );
  });
});
