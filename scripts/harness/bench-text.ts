/**
 * The bench's generated text: sentences of the built-in model's own vocabulary drawn in Zipf
 * proportions from a deterministic PRNG, so every run searches the same library; and the built-in
 * embedder that embeds them.
 */
import { BUILTIN_MODEL } from '../../common/models';
import type { Embedder } from '../../workers/embed/embedder';
import { loadEmbedder } from '../../workers/embed/embedders';
import { prng } from './clustered-vectors';

export { prng };

const VOCAB_SIZE = 20_000;

let embedder: Embedder | null = null;
let words: string[] = [];
let cumulative: Float64Array = new Float64Array();

/** Loads the model and the vocabulary; returns the model load time. */
export async function init(): Promise<{ modelLoadMs: number; dims: number; device: string; vocab: number }> {
  const began = performance.now();
  embedder = await loadEmbedder(BUILTIN_MODEL);
  const modelLoadMs = performance.now() - began;
  const tokenizer = (await (await fetch(`/models/${BUILTIN_MODEL.id}/tokenizer.json`)).json()) as {
    model: { vocab: Record<string, number> };
  };
  // The vocabulary is in frequency order: rank r gets weight 1/(r+1) (Zipf).
  words = Object.entries(tokenizer.model.vocab)
    .sort((a, b) => a[1] - b[1])
    .map(([w]) => w)
    .filter((w) => /^[a-z]{2,}$/.test(w))
    .slice(0, VOCAB_SIZE);
  cumulative = new Float64Array(words.length);
  let sum = 0;
  words.forEach((_, r) => (cumulative[r] = sum += 1 / (r + 1)));
  return { modelLoadMs, dims: embedder.dims, device: embedder.device, vocab: words.length };
}

/** The embedder `init` loaded. */
export function benchEmbedder(): Embedder {
  if (!embedder) throw new Error('the bench was not started: call bench.init() first');
  return embedder;
}

function word(random: () => number): string {
  const target = random() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return words[lo]!;
}

/** Between `min` and `max` words of the vocabulary (after `init`). */
export function sentence(random: () => number, min: number, max: number): string {
  const n = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length: n }, () => word(random)).join(' ');
}

/** `count` generated propositions (after `init`), for the backend figures (backends.ts). */
export function sampleSentences(count: number, seed = 7): string[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => `${sentence(random, 8, 20)}.`);
}

/** Every vector of `texts`, a zero vector for one the model could not embed. */
export async function embedAll(texts: string[]): Promise<Float32Array[]> {
  const model = benchEmbedder();
  const vectors = await model.embed(texts, { batchSize: 64 });
  return vectors.map((v) => v ?? new Float32Array(model.dims));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (x: number, digits = 2) => Number(x.toFixed(digits));
