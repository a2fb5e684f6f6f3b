import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSentences } from '../../src/shared/text/answer-cues';
import type { PropositionHit, ResultHit } from '../../src/shared/types';
import { createEmbedder, type Embedder } from '../embed/embedder';
import { withAnswerMeaning } from './answer-meaning';

const MODELS = fileURLToPath(new URL('../../public/models/', import.meta.url));

function passage(id: string, text: string, score: number): PropositionHit {
  return { id, text, pages: [1], start: 0, end: text.length, type: 'fact', score, scores: { fused: score } };
}

function hit(sectionId: string, propositions: PropositionHit[], headingPath: string[] = []): ResultHit {
  return {
    docId: 'doc',
    docName: 'doc.md',
    docTitle: 'Travel notes',
    sectionId,
    headingPath,
    pages: [1],
    score: propositions[0]!.score,
    docScores: { fused: 1 },
    sectionScores: { fused: 1 },
    propositions,
  };
}

let embedder: Embedder;
beforeAll(async () => {
  embedder = await createEmbedder({ modelId: 'carrel-glove-50k', modelBaseUrl: MODELS, device: 'cpu' });
});
afterAll(() => embedder?.dispose());

describe('withAnswerMeaning (the built-in model, in Node)', () => {
  it('scores each sentence the answer may quote, and a paraphrase of the question above an unrelated one', async () => {
    const text = 'Timetable\n\nThe railway service reaches the depot at midday. He enjoys fishing in the lake.';
    const trains = hit('s1', [passage('p1', text, 1)], ['Timetable']);
    const [scored] = await withAnswerMeaning([trains], 'when does the train arrive at the station', embedder);
    const meaning = scored!.propositions[0]!.meaning!;
    // One similarity per candidate sentence, keyed as the answer reads them; the heading is none.
    expect(meaning.map((m) => m.start)).toEqual(answerSentences(trains.propositions[0]!, trains).map((s) => s.start));
    expect(meaning).toHaveLength(2);
    expect(meaning[0]!.similarity).toBeGreaterThan(meaning[1]!.similarity + 0.1);
  });

  it('leaves alone the passages the answer does not read, and the hits it was given', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      passage(`p${i}`, `Sentence number ${i} about trains.`, 1 - i / 100),
    );
    const hits = [hit('s1', many)];
    const [scored] = await withAnswerMeaning(hits, 'trains', embedder);
    expect(scored!.propositions.filter((p) => p.meaning).map((p) => p.id)).toEqual(many.slice(0, 9).map((p) => p.id));
    expect(hits[0]!.propositions.some((p) => p.meaning)).toBe(false);
  });
});
