import { describe, expect, it } from 'vitest';
import type { PropositionHit, ResultHit } from '../shared/types';
import { extractAnswer } from './answer-extract';

function passage(id: string, text: string, start: number): PropositionHit {
  return { id, text, pages: [2], start, end: start + text.length, type: 'fact', score: 1, scores: { fused: 1 } };
}

function hit(docId: string, sectionId: string, passages: PropositionHit[]): ResultHit {
  return {
    docId,
    docName: `${docId}.md`,
    docTitle: docId,
    sectionId,
    headingPath: ['Notes'],
    pages: [2],
    score: 1,
    docScores: { fused: 1 },
    sectionScores: { fused: 1 },
    propositions: passages,
  };
}

describe('extractAnswer', () => {
  const clinic = hit('clinic', 's1', [
    passage(
      'p1',
      'The physician prescribed antibiotics to treat the bacterial infection. The course lasts ten days.',
      100,
    ),
    passage('p2', 'Tomatoes grow best in full sun.', 300),
  ]);
  const travel = hit('travel', 's2', [passage('p3', 'Trains arrive at the central station at noon.', 50)]);

  it('picks the sentence sharing most of the question, cited to its passage', () => {
    const answer = extractAnswer('what did the physician prescribe for the infection', [clinic, travel]);
    expect(answer.sentences[0]).toEqual({
      text: 'The physician prescribed antibiotics to treat the bacterial infection.',
      source: 1,
    });
    expect(answer.sources[0]!.passage.id).toBe('p1');
    expect(answer.sources[0]!.hit.docId).toBe('clinic');
    // Unrelated sentences score below half the best and are left out.
    expect(answer.sentences.map((s) => s.text)).not.toContain('Tomatoes grow best in full sun.');
  });

  it('keeps at most three sentences, in document order, numbering sources in that order', () => {
    const a = hit('a', 'sa', [
      passage('a2', 'Copper wire conducts heat well.', 500),
      passage('a1', 'Copper wire conducts electricity.', 10),
    ]);
    const b = hit('b', 'sb', [passage('b1', 'Copper wire is cheap. Copper wire bends.', 0)]);
    const answer = extractAnswer('copper wire', [a, b]);
    expect(answer.sentences).toHaveLength(3);
    // Document a first (it ranked first), in position order; then document b.
    expect(answer.sentences.map((s) => s.text)).toEqual([
      'Copper wire conducts electricity.',
      'Copper wire conducts heat well.',
      'Copper wire is cheap.',
    ]);
    expect(answer.sentences.map((s) => s.source)).toEqual([1, 2, 3]);
    expect(answer.sources.map((s) => s.passage.id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('cites one passage once when two of its sentences are used', () => {
    const answer = extractAnswer('physician antibiotics course ten days', [clinic]);
    expect(answer.sentences.map((s) => s.source)).toEqual([1, 1]);
    expect(answer.sources).toHaveLength(1);
  });

  it('is empty when search found nothing relevant', () => {
    expect(extractAnswer('anything', [])).toEqual({ sentences: [], sources: [] });
  });

  it("still answers with the retriever's best passage when no word is shared (a paraphrase)", () => {
    const answer = extractAnswer('doctor gave medicine for the sickness', [clinic, travel]);
    expect(answer.sentences[0]!.text).toContain('physician prescribed antibiotics');
  });
});
