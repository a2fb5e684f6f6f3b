/** Adjacent sentences' similarity by an embedding model: where a long section's topic shifts (DESIGN §4). */
import type { Embedder } from '../embed/embedder';

/** For n texts, the n − 1 cosines of each to the next (0 where a text has no word the model knows). */
export async function adjacentSimilarity(embedder: Embedder, texts: string[]): Promise<number[]> {
  const vectors = await embedder.embed(texts);
  return vectors.slice(1).map((v, i) => {
    const u = vectors[i];
    if (!u || !v) return 0;
    let dot = 0;
    for (let k = 0; k < v.length; k++) dot += u[k]! * v[k]!;
    return dot;
  });
}
