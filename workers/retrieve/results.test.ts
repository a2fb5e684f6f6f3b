import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord, PropositionRecord, ResultHit, SectionRecord } from '../../common/types';
import { assembleContext } from '../../common/text/prompt';
import { fuseScores } from './fuse';
import { LibraryIndex, search, traceSearch } from './search';
import { library, opts, topic } from './retrieve.test-support';

describe('page labels', () => {
  it('gives every passage of a result the labels printed on its pages', () => {
    const index = new LibraryIndex();
    const base = {
      docId: 'r',
      headingPath: ['Quitting R'],
      position: 0,
      tokens: 10,
      keywords: [],
      prevId: null,
      nextId: null,
    };
    const text = 'To quit R use the q function. It asks whether to save the workspace.';
    const section: SectionRecord = {
      ...base,
      id: 'r-s0',
      order: 0,
      text,
      start: 0,
      end: text.length,
      pages: [9, 10],
      pageLabels: ['3', '4'],
      embedded: true,
    };
    const props: PropositionRecord[] = [
      {
        ...base,
        id: 'r-p0',
        sectionId: 'r-s0',
        order: 0,
        text: text.slice(0, 29),
        start: 0,
        end: 29,
        pages: [9],
        pageLabels: ['3'],
        type: 'procedure',
      },
      {
        ...base,
        id: 'r-p1',
        sectionId: 'r-s0',
        order: 1,
        text: text.slice(30),
        start: 30,
        end: text.length,
        pages: [10],
        pageLabels: ['4'],
        type: 'fact',
      },
    ];
    index.addDocument(
      { id: 'r', name: 'r.pdf', title: 'R', keywords: [], summary: '' } as unknown as DocumentRecord,
      [section],
      props,
      { doc: null, sections: new Map(), propositions: new Map() },
    );
    const [hit] = search(index, { text: 'quit R save workspace', vector: null }, opts());
    expect(hit!.pageLabels).toEqual(['3', '4']);
    expect(Object.fromEntries(hit!.propositions.map((p) => [p.id, p.pageLabels]))).toEqual({
      'r-p0': ['3'],
      'r-p1': ['4'],
    });
  });
});

describe('relevance floor', () => {
  const floor = { dense: 0.525, coverage: 0.45 };

  it('answers nothing when the best proposition clears neither leg', () => {
    const index = library();
    // Orthogonal to every topic, and no word in common.
    const off = new Float32Array([0.5, -0.5, 0.5, -0.5]);
    expect(search(index, { text: 'quantum chromodynamics', vector: off }, opts({ minRelevance: floor }))).toEqual([]);
  });

  it('keeps a hit that clears either leg, and reports coverage', () => {
    const index = library();
    const byMeaning = search(index, { text: 'doctor medicine', vector: topic(1) }, opts({ minRelevance: floor }));
    expect(byMeaning[0]!.docName).toBe('health.md');
    const byWords = search(index, { text: 'tomatoes full sun', vector: null }, opts({ minRelevance: floor }));
    expect(byWords[0]!.propositions[0]!.scores.coverage).toBeGreaterThan(0.9);
  });

  it('under the floor keeps a few weak matches that share a word with the query, and only those', () => {
    const index = library();
    const off = new Float32Array([0.5, -0.5, 0.5, -0.5]);
    // "ticket" is one word of five that count: coverage far under the floor, dense orthogonal.
    const query = { text: 'how much did my lost ticket refund come to', vector: off };
    const { hits, stages, weak } = traceSearch(index, query, opts({ minRelevance: floor }));
    expect(stages.belowFloor).toBe(true);
    expect(weak).toBe(true);
    expect(hits.map((h) => h.headingPath.at(-1))).toEqual(['Tickets']);
    expect(hits[0]!.propositions[0]!.scores.coverage).toBeLessThan(floor.coverage);
    // Clearing the floor, the same query is a normal result.
    expect(traceSearch(index, query, opts({ minRelevance: { dense: 2, coverage: 0.01 } })).weak).toBe(false);
  });
});

describe('fuseScores', () => {
  const dense = new Map([
    ['a', 0.9],
    ['b', 0.5],
    ['c', 0.1],
  ]);
  const bm25 = new Map([
    ['b', 12],
    ['c', 2],
  ]);

  it('weights min-max normalised legs', () => {
    const fused = fuseScores(
      [
        { scores: dense, weight: 0.2 },
        { scores: bm25, weight: 0.8 },
      ],
      'weighted',
    );
    expect(fused.get('a')).toBeCloseTo(0.2);
    expect(fused.get('b')).toBeCloseTo(0.2 * 0.5 + 0.8);
    expect(fused.get('c')).toBeCloseTo(0);
  });

  it('does reciprocal rank fusion', () => {
    const fused = fuseScores(
      [
        { scores: dense, weight: 1 },
        { scores: bm25, weight: 1 },
      ],
      'rrf',
    );
    expect(fused.get('b')).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused.get('a')).toBeCloseTo(1 / 61);
  });
});

describe('assembleContext', () => {
  const countTokens = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const hit = (docId: string, sectionId: string, props: [string, number][], rank: number): ResultHit => ({
    docId,
    docName: `${docId}.md`,
    docTitle: docId,
    sectionId,
    headingPath: ['Part', sectionId],
    pages: [3],
    score: 1 / (rank + 1),
    docScores: { fused: 1 },
    sectionScores: { fused: 1 },
    propositions: props.map(([text, start], i) => ({
      id: `${sectionId}-${i}`,
      text,
      pages: [3],
      start,
      end: start + text.length,
      type: 'fact',
      score: 1,
      scores: { fused: 1 },
    })),
  });
  const hits = [
    hit(
      'b',
      'b1',
      [
        ['Second sentence of b.', 22],
        ['First sentence of b.', 0],
      ],
      0,
    ),
    hit('a', 'a1', [['Alpha facts are here.', 0]], 1),
    hit('b', 'b2', [['First sentence of b.', 500]], 2),
  ];

  it('orders by document then position, merges adjacent hits and drops duplicates', () => {
    const { pieces } = assembleContext(hits, { budget: 4000, countTokens });
    expect(pieces.map((p) => p.text)).toEqual(['First sentence of b. Second sentence of b.', 'Alpha facts are here.']);
    expect(pieces.map((p) => p.n)).toEqual([1, 2]);
  });

  it('cites every piece with document, heading path and page', () => {
    const { prompt, pieces } = assembleContext(hits, { budget: 4000, countTokens });
    expect(pieces.every((p) => p.docName && p.headingPath.length && p.pages.length)).toBe(true);
    expect(prompt).toContain('[1] b (b.md), Part › b1, p. 3');
    expect(prompt).toContain('[2] a (a.md), Part › a1, p. 3');
  });

  it('cites the page labels the document prints, for merged pieces too', () => {
    const labelled = hits.map((h) => ({
      ...h,
      pages: [9],
      pageLabels: ['3'],
      propositions: h.propositions.map((p) => ({ ...p, pages: [9], pageLabels: ['3'] })),
    }));
    const { prompt } = assembleContext(labelled, { budget: 4000, countTokens });
    expect(prompt).toContain('[1] b (b.md), Part › b1, p. 3');
    expect(prompt).not.toContain('p. 9');
  });

  it('never exceeds the token budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 400 }),
        fc.array(fc.lorem({ maxCount: 30 }), { minLength: 1, maxLength: 20 }),
        (budget, texts) => {
          const many = texts.map((t, i) => hit(`d${i % 3}`, `s${i}`, [[t, i * 1000]], i));
          const context = assembleContext(many, { budget, countTokens });
          return context.tokens <= budget && countTokens(context.prompt) === context.tokens;
        },
      ),
    );
  });
});
