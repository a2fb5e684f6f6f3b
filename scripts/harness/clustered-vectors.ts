/**
 * Synthetic embeddings for the vector-index benches and tests: a Gaussian mixture of unit-length
 * centres with unit-length members. Real sentence embeddings are clustered by topic; uniform random
 * vectors are not (every pair is nearly orthogonal), which makes a quantised index look worse than
 * it is and its recall meaningless.
 */

/** mulberry32: a small deterministic PRNG (the bench's text draws from it too). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Mixture {
  dims: number;
  centres: Float32Array;
  /** Standard deviation of each component's noise around a centre. */
  spread: number;
  random: () => number;
}

/** A mixture of `count` centres; `spread` 0.07 at 100 dimensions puts a member at cosine about 0.8 from its centre. */
export function mixture(dims: number, count: number, spread = 0.7 / Math.sqrt(dims), seed = 11): Mixture {
  const random = prng(seed);
  const centres = new Float32Array(count * dims);
  const gauss = gaussian(random);
  for (let c = 0; c < count; c++) {
    const centre = centres.subarray(c * dims, (c + 1) * dims);
    for (let d = 0; d < dims; d++) centre[d] = gauss();
    normalise(centre);
  }
  return { dims, centres, spread, random };
}

/** Writes one member of the mixture (a random centre plus noise, unit length) into `out`. */
export function member(mix: Mixture, out: Float32Array): void {
  const { dims, centres, spread, random } = mix;
  const gauss = gaussian(random);
  const c = Math.floor(random() * (centres.length / dims));
  for (let d = 0; d < dims; d++) out[d] = centres[c * dims + d]! + spread * gauss();
  normalise(out);
}

/** `count` members as one array of `count × dims` floats. */
export function members(mix: Mixture, count: number): Float32Array {
  const out = new Float32Array(count * mix.dims);
  for (let i = 0; i < count; i++) member(mix, out.subarray(i * mix.dims, (i + 1) * mix.dims));
  return out;
}

function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function normalise(v: Float32Array): void {
  let norm = 0;
  for (let d = 0; d < v.length; d++) norm += v[d]! * v[d]!;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < v.length; d++) v[d] = v[d]! / norm;
}
