/**
 * Adapting the built-in static model to one library, on the device: a few seconds of contrastive
 * training on the library's own heading ↔ section pairs, the recipe of scripts/model/train.py in
 * plain Float32Array arithmetic. A text's vector is the normalised sum of its tokens' rows (what the
 * one-Gather model and mean pooling compute); the loss is symmetric in-batch InfoNCE
 * (multiple-negatives ranking) at a fixed scale, with Adam at a high learning rate and a pull
 * towards the original rows. Only the rows of words that occur in the pairs change, and rows that
 * are all zeros (the special tokens, unknown words) stay zero.
 *
 * A share of the pairs is held back, and the table kept is the one with the best recall@1 on them:
 * how long to train is chosen by the library's own pairs, never by questions.
 */

/** A mined pair as token ids: what a reader would ask with (a heading) and what answers it (its section). */
export interface TokenPair {
  query: number[];
  passage: number[];
}

export interface AdaptOptions {
  /** Stop after this many optimiser steps (deterministic), or `seconds`, whichever comes first. */
  steps?: number;
  seconds?: number;
  lr?: number;
  /** Cosine → logit scale of the InfoNCE loss. */
  scale?: number;
  /** Weight of the squared distance of each updated row to its original value. */
  anchor?: number;
  batch?: number;
  seed?: number;
  /** Share of the pairs held back to choose the step to keep (none when 0). */
  holdout?: number;
  /** Held-back recall is measured every this many steps. */
  evalEvery?: number;
  /** Milliseconds clock (tests pass a fake one). */
  now?: () => number;
  /** The model's dense relevance floor: the report then gives the floor that suits the adapted table (`matchedFloor`). */
  floor?: number;
}

export interface AdaptReport {
  pairs: number;
  train: number;
  heldBack: number;
  steps: number;
  /** The step whose table was kept (0: the original table). */
  keptStep: number;
  ms: number;
  /** Rows that training may change (words of the training pairs). */
  rows: number;
  /** Mean training loss over each stretch of `evalEvery` steps. */
  loss: number[];
  /** Held-back recall@1 (a heading finds its own section among the held-back sections) at step 0, then every `evalEvery` steps. */
  heldBackRecall: number[];
  /** With `floor`: the floor for the adapted table (the same floor when nothing was held back). */
  floor?: number;
}

const DEFAULTS = {
  steps: 120,
  seconds: 10,
  lr: 0.01,
  scale: 20,
  anchor: 1e-3,
  batch: 64,
  seed: 1,
  holdout: 0.1,
  evalEvery: 20,
} as const;

/** A small seeded generator (mulberry32): the same seed gives the same split and batches. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The sum of a text's rows into `out` (length dims); returns its length. */
function sumRows(table: Float32Array, dims: number, ids: number[], out: Float64Array): number {
  out.fill(0);
  for (const id of ids) {
    const offset = id * dims;
    for (let d = 0; d < dims; d++) out[d]! += table[offset + d]!;
  }
  let norm = 0;
  for (let d = 0; d < dims; d++) norm += out[d]! * out[d]!;
  return Math.sqrt(norm);
}

/** Unit vectors of texts, one row each (zeros for a text without a known word). */
function unitVectors(
  table: Float32Array,
  dims: number,
  texts: number[][],
): { units: Float64Array; norms: Float64Array } {
  const units = new Float64Array(texts.length * dims);
  const norms = new Float64Array(texts.length);
  const sum = new Float64Array(dims);
  texts.forEach((ids, i) => {
    const norm = sumRows(table, dims, ids, sum);
    norms[i] = norm;
    if (norm > 0) for (let d = 0; d < dims; d++) units[i * dims + d] = sum[d]! / norm;
  });
  return { units, norms };
}

/** Share of pairs whose query's nearest passage (by cosine, among the pairs' passages) is its own. */
export function recallAt1(table: Float32Array, dims: number, pairs: TokenPair[]): number {
  if (pairs.length === 0) return 0;
  const q = unitVectors(
    table,
    dims,
    pairs.map((p) => p.query),
  ).units;
  const p = unitVectors(
    table,
    dims,
    pairs.map((x) => x.passage),
  ).units;
  let hits = 0;
  for (let i = 0; i < pairs.length; i++) {
    let best = -1;
    let bestScore = -Infinity;
    for (let j = 0; j < pairs.length; j++) {
      let score = 0;
      for (let d = 0; d < dims; d++) score += q[i * dims + d]! * p[j * dims + d]!;
      if (score > bestScore) [best, bestScore] = [j, score];
    }
    if (best === i) hits++;
  }
  return hits / pairs.length;
}

/**
 * One step's loss and its gradient with respect to each text's summed vector: symmetric InfoNCE
 * over the batch's similarity matrix, back through the normalisation.
 */
function batchGradients(
  table: Float32Array,
  dims: number,
  batch: TokenPair[],
  scale: number,
): { loss: number; gradQ: Float64Array; gradP: Float64Array } {
  const n = batch.length;
  const q = unitVectors(
    table,
    dims,
    batch.map((p) => p.query),
  );
  const p = unitVectors(
    table,
    dims,
    batch.map((x) => x.passage),
  );
  const logits = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let d = 0; d < dims; d++) s += q.units[i * dims + d]! * p.units[j * dims + d]!;
      logits[i * n + j] = scale * s;
    }
  // dLoss/dlogits: (softmax over each row − identity) and (softmax over each column − identity), averaged.
  const g = new Float64Array(n * n);
  let loss = 0;
  for (let i = 0; i < n; i++) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) max = Math.max(max, logits[i * n + j]!);
    let total = 0;
    for (let j = 0; j < n; j++) total += Math.exp(logits[i * n + j]! - max);
    loss += max + Math.log(total) - logits[i * n + i]!;
    for (let j = 0; j < n; j++)
      g[i * n + j]! += (Math.exp(logits[i * n + j]! - max) / total - (i === j ? 1 : 0)) / (2 * n);
  }
  for (let j = 0; j < n; j++) {
    let max = -Infinity;
    for (let i = 0; i < n; i++) max = Math.max(max, logits[i * n + j]!);
    let total = 0;
    for (let i = 0; i < n; i++) total += Math.exp(logits[i * n + j]! - max);
    loss += max + Math.log(total) - logits[j * n + j]!;
    for (let i = 0; i < n; i++)
      g[i * n + j]! += (Math.exp(logits[i * n + j]! - max) / total - (i === j ? 1 : 0)) / (2 * n);
  }
  loss /= 2 * n;
  // dU = scale·G·P, dP = scale·Gᵀ·U; then through u = s/|s|: ds = (du − (du·u)u)/|s|.
  const gradQ = new Float64Array(n * dims);
  const gradP = new Float64Array(n * dims);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const w = scale * g[i * n + j]!;
      if (w === 0) continue;
      for (let d = 0; d < dims; d++) {
        gradQ[i * dims + d]! += w * p.units[j * dims + d]!;
        gradP[j * dims + d]! += w * q.units[i * dims + d]!;
      }
    }
  const throughNorm = (grad: Float64Array, units: Float64Array, norms: Float64Array) => {
    for (let i = 0; i < n; i++) {
      const norm = norms[i]!;
      if (!(norm > 0)) {
        grad.fill(0, i * dims, (i + 1) * dims);
        continue;
      }
      let along = 0;
      for (let d = 0; d < dims; d++) along += grad[i * dims + d]! * units[i * dims + d]!;
      for (let d = 0; d < dims; d++) grad[i * dims + d] = (grad[i * dims + d]! - along * units[i * dims + d]!) / norm;
    }
  };
  throughNorm(gradQ, q.units, q.norms);
  throughNorm(gradP, p.units, p.norms);
  return { loss, gradQ, gradP };
}

/**
 * Trains a copy of `table` (rows of `dims` floats, one per token id) on `pairs`, and returns the
 * copy kept (the step with the best held-back recall@1) with a report. The input is not changed.
 */
export function adaptTable(
  table: Float32Array,
  dims: number,
  pairs: TokenPair[],
  options: AdaptOptions = {},
): { table: Float32Array; report: AdaptReport } {
  const o = { ...DEFAULTS, ...options };
  const now = options.now ?? (() => performance.now());
  const began = now();
  const random = seededRandom(o.seed);
  // Rows that are all zeros (special tokens, [UNK]) carry no word: they stay zero.
  const live = (id: number) => {
    for (let d = 0; d < dims; d++) if (table[id * dims + d] !== 0) return true;
    return false;
  };
  const usable = pairs
    .map((p) => ({ query: p.query.filter(live), passage: p.passage.filter(live) }))
    .filter((p) => p.query.length > 0 && p.passage.length > 0);
  const order = shuffle([...usable], random);
  const heldBackCount = o.holdout > 0 ? Math.max(Math.round(order.length * o.holdout), order.length >= 20 ? 2 : 0) : 0;
  const heldBack = order.slice(0, heldBackCount);
  const train = order.slice(heldBackCount);

  const weights = Float32Array.from(table);
  const trainable = new Set<number>();
  for (const p of train) for (const id of [...p.query, ...p.passage]) trainable.add(id);
  const rows = [...trainable];
  // Adam's moments, for the trainable rows only.
  const slot = new Map(rows.map((id, i) => [id, i]));
  const m = new Float32Array(rows.length * dims);
  const v = new Float32Array(rows.length * dims);
  const keep = () => {
    const copy = new Float32Array(rows.length * dims);
    rows.forEach((id, i) => copy.set(weights.subarray(id * dims, (id + 1) * dims), i * dims));
    return copy;
  };
  let best = { recall: recallAt1(weights, dims, heldBack), step: 0, rows: keep() };
  const report: AdaptReport = {
    pairs: usable.length,
    train: train.length,
    heldBack: heldBack.length,
    steps: 0,
    keptStep: 0,
    ms: 0,
    rows: rows.length,
    loss: [],
    heldBackRecall: [best.recall],
  };
  const batchSize = Math.min(o.batch, train.length);
  if (batchSize < 2) return { table: weights, report: { ...report, ms: now() - began } };

  let queue: TokenPair[] = [];
  let running: number[] = [];
  const grad = new Float64Array(rows.length * dims);
  const touched = new Set<number>();
  for (let step = 1; step <= o.steps && now() - began < o.seconds * 1000; step++) {
    if (queue.length < batchSize) queue = [...queue, ...shuffle([...train], random)];
    const batch = queue.splice(0, batchSize);
    const { loss, gradQ, gradP } = batchGradients(weights, dims, batch, o.scale);
    running.push(loss);
    touched.clear();
    const add = (ids: number[], from: Float64Array, i: number) => {
      for (const id of ids) {
        const s = slot.get(id)!;
        touched.add(s);
        for (let d = 0; d < dims; d++) grad[s * dims + d]! += from[i * dims + d]!;
      }
    };
    batch.forEach((p, i) => {
      add(p.query, gradQ, i);
      add(p.passage, gradP, i);
    });
    // Lazy Adam over the rows this batch touched, with the pull towards each row's original value.
    const b1 = 0.9;
    const b2 = 0.999;
    const correction1 = 1 - b1 ** step;
    const correction2 = 1 - b2 ** step;
    for (const s of touched) {
      const id = rows[s]!;
      for (let d = 0; d < dims; d++) {
        const k = s * dims + d;
        const at = id * dims + d;
        const gk = grad[k]! + 2 * o.anchor * (weights[at]! - table[at]!);
        grad[k] = 0;
        m[k] = b1 * m[k]! + (1 - b1) * gk;
        v[k] = b2 * v[k]! + (1 - b2) * gk * gk;
        weights[at]! -= (o.lr * (m[k]! / correction1)) / (Math.sqrt(v[k]! / correction2) + 1e-8);
      }
    }
    report.steps = step;
    if (step % o.evalEvery === 0) {
      report.loss.push(running.reduce((a, b) => a + b, 0) / running.length);
      running = [];
      if (heldBack.length) {
        const recall = recallAt1(weights, dims, heldBack);
        report.heldBackRecall.push(recall);
        if (recall > best.recall) best = { recall, step, rows: keep() };
      }
    }
  }
  if (running.length) report.loss.push(running.reduce((a, b) => a + b, 0) / running.length);
  // Without held-back pairs the last step is kept; with them, the best one (ties: the earliest).
  if (heldBack.length) {
    rows.forEach((id, i) => weights.set(best.rows.subarray(i * dims, (i + 1) * dims), id * dims));
    report.keptStep = best.step;
  } else report.keptStep = report.steps;
  if (options.floor !== undefined)
    report.floor = heldBack.length ? matchedFloor(table, weights, dims, heldBack, options.floor) : options.floor;
  report.ms = now() - began;
  return { table: weights, report };
}

/** Cosine of each pair's query with its own passage. */
function pairCosines(table: Float32Array, dims: number, pairs: TokenPair[]): number[] {
  const q = unitVectors(
    table,
    dims,
    pairs.map((p) => p.query),
  ).units;
  const p = unitVectors(
    table,
    dims,
    pairs.map((x) => x.passage),
  ).units;
  return pairs.map((_, i) => {
    let s = 0;
    for (let d = 0; d < dims; d++) s += q[i * dims + d]! * p[i * dims + d]!;
    return s;
  });
}

/**
 * The relevance floor for an adapted table: the one that passes the same share of held-back pairs
 * (each query with its own passage) as `floor` passes under the original table. Training moves
 * cosines (it spreads texts apart), so a floor calibrated for the original table would turn away
 * answers it used to keep.
 */
export function matchedFloor(
  original: Float32Array,
  adapted: Float32Array,
  dims: number,
  heldBack: TokenPair[],
  floor: number,
): number {
  const before = pairCosines(original, dims, heldBack);
  const after = pairCosines(adapted, dims, heldBack).sort((a, b) => a - b);
  const share = before.filter((c) => c >= floor).length / before.length;
  // The (1 − share) quantile of the adapted cosines, interpolated between neighbours.
  const at = (1 - share) * (after.length - 1);
  const low = Math.floor(at);
  const high = Math.min(low + 1, after.length - 1);
  return after[low]! + (after[high]! - after[low]!) * (at - low);
}

/** A section as the library stores it: the heading path above it, its text, and its propositions' texts in order. */
export interface HeadedSection {
  headingPath: string[];
  text: string;
  propositions?: string[];
}

export interface MinedPair {
  query: string;
  passage: string;
  kind: 'heading' | 'sentence';
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A library's own pairs, per document (`sections` of one document each), of two kinds:
 * - a heading ↔ its section's text (the parts a long section was cut into, joined). A heading
 *   that names sections under different paths ("Examples", "Description") says nothing about which
 *   one, so it is left out.
 * - a section's first sentence ↔ the sentences after it, when it has at least three: what a
 *   passage opens with tends to say what it is about, and plain text has no headings.
 * Texts shorter than a few words answer nothing and are skipped; passages are cut to `maxChars`.
 */
export function minePairs(documents: HeadedSection[][], maxChars = 2000): MinedPair[] {
  const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
  const grouped = new Map<string, { heading: string; texts: string[] }>();
  const pathsOf = new Map<string, Set<string>>();
  documents.forEach((sections, doc) => {
    for (const s of sections) {
      const heading = s.headingPath.at(-1)?.trim();
      if (!heading) continue;
      const path = `${doc}\u0000${s.headingPath.map(key).join('\u0000')}`;
      const group = grouped.get(path) ?? { heading, texts: [] };
      group.texts.push(s.text);
      grouped.set(path, group);
      pathsOf.set(key(heading), (pathsOf.get(key(heading)) ?? new Set()).add(path));
    }
  });
  const pairs: MinedPair[] = [];
  const seen = new Set<string>();
  const add = (pair: MinedPair) => {
    if (seen.has(key(pair.query)) || words(pair.passage) < 8) return;
    seen.add(key(pair.query));
    pairs.push({ ...pair, passage: pair.passage.slice(0, maxChars) });
  };
  for (const { heading, texts } of grouped.values())
    if (pathsOf.get(key(heading))!.size === 1) add({ query: heading, passage: texts.join('\n'), kind: 'heading' });
  for (const sections of documents)
    for (const s of sections) {
      const [first, ...rest] = s.propositions ?? [];
      if (first && rest.length >= 2 && words(first) >= 4)
        add({ query: first, passage: rest.join(' '), kind: 'sentence' });
    }
  return pairs;
}
