/**
 * Text → vectors through Transformers.js. Mean-pooled and L2-normalised; a text with no known word
 * gives null, never a NaN vector. Works in a worker (WASM/WebGPU) and in Node (CPU) for tests.
 */
import type { Device } from '../../src/shared/gpu';
import { useOwnFiles, type ModelCache } from '../runtime/transformers-env';
import { AutoTokenizer, pipeline, Tensor, type FeatureExtractionPipeline } from '@huggingface/transformers';

export interface EmbedderOptions {
  modelId: string;
  /** Where model folders live: a URL in the browser, a directory path in Node. Default '/models/'. */
  modelBaseUrl?: string;
  device: Device | 'cpu';
  dtype?: 'q8' | 'fp32' | 'fp16';
  /** Downloaded model files, looked up before the network. */
  cache?: ModelCache;
  /** Put before queries / passages (bge's instruction, e5's "query: " and "passage: "). */
  queryPrefix?: string;
  passagePrefix?: string;
  /** Same-origin ONNX Runtime files (the library's default is a CDN). */
  wasmPaths?: { mjs: string; wasm: string };
  /** The model is one table lookup per token (the built-in one): it can give its table and be adapted. */
  isStatic?: boolean;
}

/** What a static model (a vector per token, summed) offers beyond embedding: its table, and a copy over another table. */
export interface StaticModel {
  /** Token ids of a text, without special tokens. */
  tokenIds(text: string): number[];
  /** Every token's vector, row after row (what the model gathers from). */
  table(): Promise<Float32Array>;
  /** The same tokenizer and pooling over `table` instead of the model's weights. */
  withTable(table: Float32Array): Embedder;
}

export interface Embedder {
  modelId: string;
  dims: number;
  device: string;
  /**
   * One unit vector per text, or null for a text without any word the model knows. Texts are
   * passages unless `as: 'query'` (the model's prefixes differ).
   */
  embed(
    texts: string[],
    opts?: { signal?: AbortSignal; batchSize?: number; as?: 'query' | 'passage' },
  ): Promise<(Float32Array | null)[]>;
  /** Tokens as the model's tokenizer counts them, without special tokens. */
  countTokens(text: string): number;
  dispose(): Promise<void>;
  /** Only for a static model. */
  static?: StaticModel;
}

/** Counts tokens as a model's tokenizer does, without special tokens. */
export type TokenCounter = (text: string) => number;

/** Loads only a model's tokenizer (a few MB, no weights): what chunking needs to count tokens. */
export async function createTokenCounter(
  opts: Pick<EmbedderOptions, 'modelId' | 'modelBaseUrl' | 'cache'>,
): Promise<TokenCounter> {
  useOwnFiles(opts);
  const tokenizer = await AutoTokenizer.from_pretrained(opts.modelId);
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).length;
}

/** Loads the model and returns an embedder. */
export async function createEmbedder(opts: EmbedderOptions): Promise<Embedder> {
  useOwnFiles(opts);
  const extractor = (await pipeline('feature-extraction', opts.modelId, {
    device: opts.device,
    dtype: opts.dtype ?? 'q8',
  })) as FeatureExtractionPipeline;
  const config = extractor.model.config as unknown as { hidden_size: number };
  const dims = config.hidden_size;
  const tokenizer = extractor.tokenizer;

  const tokenize = (texts: string[], as: 'query' | 'passage') => {
    const prefix = (as === 'query' ? opts.queryPrefix : opts.passagePrefix) ?? '';
    const batch = texts.map((t) => prefix + (t || ' '));
    return tokenizer(batch, { padding: true, truncation: true }) as { input_ids: Tensor; attention_mask: Tensor };
  };
  const embedWith =
    (run: (inputs: { input_ids: Tensor; attention_mask: Tensor }) => Promise<Tensor>): Embedder['embed'] =>
    async (texts, { signal, batchSize = 64, as = 'passage' } = {}) => {
      const out: (Float32Array | null)[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        signal?.throwIfAborted();
        // The pipeline's own mean pooling converts every mask entry from BigInt once per dimension,
        // which took longer than the model itself; pooling here is the same arithmetic, done once.
        const inputs = tokenize(texts.slice(i, i + batchSize), as);
        out.push(...meanPooledUnitVectors(await run(inputs), inputs.attention_mask));
      }
      return out;
    };
  const runModel = async (inputs: { input_ids: Tensor; attention_mask: Tensor }) =>
    ((await extractor.model(inputs)) as { last_hidden_state: Tensor }).last_hidden_state;
  const countTokens = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;

  const staticModel: StaticModel = {
    tokenIds: (text) => tokenizer.encode(text, { add_special_tokens: false }),
    async table() {
      // Every token id once, in order: a one-Gather model's output is its table.
      const vocab = (extractor.model.config as unknown as { vocab_size: number }).vocab_size;
      const ids = new Tensor(
        'int64',
        BigInt64Array.from({ length: vocab }, (_, i) => BigInt(i)),
        [1, vocab],
      );
      const mask = new Tensor('int64', new BigInt64Array(vocab).fill(1n), [1, vocab]);
      const hidden = await runModel({ input_ids: ids, attention_mask: mask });
      return Float32Array.from(hidden.data as Float32Array);
    },
    withTable(table) {
      const gather = async ({ input_ids }: { input_ids: Tensor }) => {
        const [batch, tokens] = input_ids.dims as [number, number];
        const idData = input_ids.data as BigInt64Array;
        const data = new Float32Array(batch * tokens * dims);
        for (let k = 0; k < batch * tokens; k++) {
          const row = Number(idData[k]);
          data.set(table.subarray(row * dims, (row + 1) * dims), k * dims);
        }
        return new Tensor('float32', data, [batch, tokens, dims]);
      };
      return {
        modelId: opts.modelId,
        dims,
        device: opts.device,
        embed: embedWith(gather),
        countTokens,
        dispose: async () => {},
        static: staticModel,
      };
    },
  };

  return {
    modelId: opts.modelId,
    dims,
    device: opts.device,
    embed: embedWith(runModel),
    countTokens,
    dispose: () => extractor.dispose(),
    ...(opts.isStatic ? { static: staticModel } : {}),
  };
}

/**
 * Per row of a [batch, tokens, dims] tensor: the mean of its unmasked token vectors, scaled to unit
 * length; null when there was nothing to average (no known word: all zeros) or the result is not finite.
 */
export function meanPooledUnitVectors(hidden: Tensor, mask: Tensor): (Float32Array | null)[] {
  const [batch, tokens, dims] = hidden.dims as [number, number, number];
  const data = hidden.data as Float32Array;
  const maskData = mask.data as BigInt64Array | Int32Array;
  const vectors: (Float32Array | null)[] = [];
  for (let row = 0; row < batch; row++) {
    const sum = new Float64Array(dims);
    for (let token = 0; token < tokens; token++) {
      if (!Number(maskData[row * tokens + token])) continue;
      const offset = (row * tokens + token) * dims;
      for (let d = 0; d < dims; d++) sum[d]! += data[offset + d]!;
    }
    // The mean's direction is the sum's: only its length matters, and normalising removes it.
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += sum[d]! * sum[d]!;
    norm = Math.sqrt(norm);
    vectors.push(norm > 0 && Number.isFinite(norm) ? Float32Array.from(sum, (x) => x / norm) : null);
  }
  return vectors;
}
