/** The evaluation's data loading and QA matching, on the real benchmark files (node side, no browser). */
import { describe, expect, it } from 'vitest';
import { asMarkdownFile, loadBeir, loadQa } from '../scripts/lib/beir.mjs';
import { answerShares, containsAnswer } from '../scripts/lib/qa.mjs';

const BENCH = new URL('../../shared/eval/benchmark/', import.meta.url).pathname;

describe('loadBeir on SciFact', () => {
  it('reads every query with a relevant document, the qrels and the corpus', () => {
    const { queries, qrels, corpus } = loadBeir(`${BENCH}scifact`);
    expect(queries).toHaveLength(300);
    expect([...qrels.values()].reduce((n, docs) => n + docs.size, 0)).toBe(339);
    expect(corpus).toHaveLength(5183);
  });

  it('--limit keeps the first queries; --corpus-limit keeps their judged documents plus M others', () => {
    const { queries, qrels, corpus } = loadBeir(`${BENCH}scifact`, { limit: 20, corpusLimit: 100 });
    expect(queries.map((q: { _id: string }) => q._id).slice(0, 3)).toEqual(['1', '3', '5']);
    const judged = new Set(queries.flatMap((q: { _id: string }) => [...qrels.get(q._id).keys()]));
    const ids = new Set(corpus.map((d: { _id: string }) => d._id));
    expect([...judged].every((id) => ids.has(id))).toBe(true);
    expect(corpus.length).toBe(judged.size + 100);
  });

  it('makes each entry a Markdown file named after its id, headed by its title', () => {
    expect(asMarkdownFile({ _id: '42', title: 'A title', text: 'Body.' })).toEqual({
      name: '42.md',
      text: '# A title\n\nBody.',
    });
  });
});

describe('QA answer matching', () => {
  it('loads the 16 SQuAD articles and the answerable questions', () => {
    const { articles, questions } = loadQa(`${BENCH}squad2-dev-half`);
    expect(articles).toHaveLength(16);
    expect(questions).toHaveLength(2910);
    expect(questions[0].answers).toContain('France');
  });

  it('finds any accepted answer case-insensitively, across line breaks', () => {
    expect(containsAnswer(['Normandy, a region in\nFRANCE.'], ['in France', 'Paris'])).toBe(true);
    expect(containsAnswer(['Normandy'], ['France'])).toBe(false);
  });

  it('counts top-1/3/5 propositions, top-3 sections and the extractive answer separately', () => {
    const result = { propositions: ['a', 'b', 'France'], sectionTexts: ['x'], answer: 'Normandy, in France.' };
    expect(answerShares([result], [['france']])).toEqual({
      top1_proposition: 0,
      top3_propositions: 1,
      top5_propositions: 1,
      top3_sections: 0,
      extractive_answer: 1,
    });
  });
});
