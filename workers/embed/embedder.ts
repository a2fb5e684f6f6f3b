/**
 * Text → vectors through Transformers.js. Mean-pooled and L2-normalised; a text with no known word
 * gives null, never a NaN vector. Works in a worker (WASM/WebGPU) and in Node (CPU) for tests.
 */
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';

/** Where Transformers.js looks for a file before fetching it (keys are the same-origin paths). */
export interface ModelCache {
  match(path: string): Promise<Response | undefined>;
  put(path: string, response: Response): Promise<void>;
}

export interface EmbedderOptions {
  modelId: string;
  /** Where model folders live: a URL in the browser, a directory path in Node. Default '/models/'. */
  modelBaseUrl?: string;
  device: 'wasm' | 'webgpu' | 'cpu';
  dtype?: 'q8' | 'fp32' | 'fp16';
  /** Downloaded model files, looked up before the network. */
  cache?: ModelCache;
  /** Put before queries / passages (bge's instruction, e5's "query: " and "passage: "). */
  queryPrefix?: string;
  passagePrefix?: string;
  /** Same-origin ONNX Runtime files (the library's default is a CDN). */
  wasmPaths?: { mjs: string; wasm: string };
  onProgress?: (event: unknown) => void;
}

export interface Embedder {
  modelId: string;
  dims: number;
  device: string;
  /**
   * One unit vector per text, or null for a text without any word the model knows. Texts are
   * passages unless `as: 'query'` (the model's prefixes differ).
   */
  embed(texts: string[], opts?: { signal?: AbortSignal; batchSize?: number; as?: 'query' | 'passage' }): Promise<(Float32Array | null)[]>;
  /** Tokens as the model's tokenizer counts them, without special tokens. */
  countTokens(text: string): number;
  dispose(): Promise<void>;
}

/** Loads the model and returns an embedder. */
export async function createEmbedder(opts: EmbedderOptions): Promise<Embedder> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = opts.modelBaseUrl ?? '/models/';
  // The service worker precaches /models/: a second copy in Cache Storage would double the disk use.
  env.useBrowserCache = false;
  env.useCustomCache = !!opts.cache;
  env.customCache = opts.cache ?? null;
  // Its wasm cache imports the runtime from a blob: URL, which our CSP (script-src 'self') refuses;
  // the service worker already caches the runtime.
  env.useWasmCache = false;
  const wasm = env.backends.onnx.wasm;
  if (opts.wasmPaths && wasm) wasm.wasmPaths = opts.wasmPaths;

  const extractor = (await pipeline('feature-extraction', opts.modelId, {
    device: opts.device,
    dtype: opts.dtype ?? 'q8',
    progress_callback: opts.onProgress,
  })) as FeatureExtractionPipeline;
  const config = extractor.model.config as unknown as { hidden_size: number };
  const dims = config.hidden_size;
  const tokenizer = extractor.tokenizer;

  return {
    modelId: opts.modelId,
    dims,
    device: opts.device,
    async embed(texts, { signal, batchSize = 64, as = 'passage' } = {}) {
      const prefix = (as === 'query' ? opts.queryPrefix : opts.passagePrefix) ?? '';
      const out: (Float32Array | null)[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        signal?.throwIfAborted();
        const batch = texts.slice(i, i + batchSize).map((t) => prefix + (t || ' '));
        const tensor = await extractor(batch, { pooling: 'mean', normalize: true });
        const data = tensor.data as Float32Array;
        for (let row = 0; row < batch.length; row++) out.push(finiteUnitVector(data.subarray(row * dims, (row + 1) * dims)));
      }
      return out;
    },
    countTokens(text) {
      return tokenizer.encode(text, { add_special_tokens: false }).length;
    },
    dispose: () => extractor.dispose(),
  };
}

/** A copy of the vector, or null when pooling had nothing to average (all zeros or NaN). */
function finiteUnitVector(view: Float32Array): Float32Array | null {
  let norm = 0;
  for (const x of view) {
    if (!Number.isFinite(x)) return null;
    norm += x * x;
  }
  return norm > 0.5 ? view.slice() : null;
}
