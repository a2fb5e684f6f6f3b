/**
 * The extractive answer (src/lib/answer-extract.ts) runs on the main thread, with no model. Its
 * sentences are scored by meaning here, where the model is: each sentence it may quote gets its
 * similarity to the question. The built-in model does it whatever model searches (a table lookup,
 * cheap for a few dozen sentences), so the weight measured with it holds.
 */
import { answerPassages, answerSentences } from '../../src/shared/text/answer-cues';
import type { ResultHit } from '../../src/shared/types';
import type { Embedder } from '../embed/embedder';

/** `hits` with `meaning` on the passages the extractive answer reads; as they were when the question has no known word. */
export async function withAnswerMeaning(hits: ResultHit[], question: string, embedder: Embedder): Promise<ResultHit[]> {
  const [asked] = await embedder.embed([question], { as: 'query' });
  if (!asked) return hits;
  const read = answerPassages(hits).map(({ hit, passage }) => ({ passage, spans: answerSentences(passage, hit) }));
  const vectors = await embedder.embed(
    read.flatMap(({ passage, spans }) => spans.map((s) => passage.text.slice(s.start, s.end))),
  );
  let next = 0;
  const meaning = new Map(
    read.map(({ passage, spans }) => [
      passage,
      spans.flatMap(({ start }) => {
        const vector = vectors[next++];
        return vector ? [{ start, similarity: dot(asked, vector) }] : [];
      }),
    ]),
  );
  return hits.map((hit) => ({
    ...hit,
    propositions: hit.propositions.map((p) => (meaning.has(p) ? { ...p, meaning: meaning.get(p) } : p)),
  }));
}

/** Cosine similarity of two unit vectors. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
