/**
 * The embedding models Carrel knows: the built-in one, which ships with the app and works offline,
 * and a catalogue of transformer models downloaded on demand (from the Hugging Face hub, a mirror,
 * or the deployment's own /models/ folder).
 */

export interface ModelInfo {
  id: string;
  label: string;
  dims: number;
  dtype: 'q8' | 'fp32' | 'fp16';
  /** Weight of the dense leg in weighted fusion, measured per model by the evaluation. */
  denseWeight: number;
  /** "Nothing relevant found" floor, calibrated per model (scripts/calibrate-relevance.mjs). */
  minRelevance: { dense: number; coverage: number };
  /**
   * Whether a GPU helps. The built-in model is a single table lookup: WebGPU would only add a 27 MB
   * runtime download and shader start-up, so it runs on WASM everywhere.
   */
  prefersGpu: boolean;
  /** Put before a query / a passage before embedding (bge's instruction, e5's "query: "). */
  queryPrefix: string;
  passagePrefix: string;
  /** Download size in bytes (0 for the built-in model). */
  bytes: number;
  languages: string;
  /** Published retrieval quality, with its source. */
  quality: string;
}

/** The files a model needs; the q8 weights are what Transformers.js loads in the browser. */
export const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'] as const;

/** Where models are downloaded from unless the user sets a mirror in Settings. */
export const DEFAULT_MODEL_HOST = 'https://huggingface.co';

export const BUILTIN_MODEL: ModelInfo = {
  id: 'carrel-glove-50k',
  label: 'Built-in (GloVe 50k)',
  dims: 100,
  dtype: 'q8',
  denseWeight: 0.2,
  // On SQuAD questions (node scripts/calibrate-relevance.mjs --keep 0.99): keeps 99.0% of the
  // answerable ones and turns away 79.2% of those about articles not in the library.
  minRelevance: { dense: 0.525, coverage: 0.45 },
  prefersGpu: false,
  queryPrefix: '',
  passagePrefix: '',
  bytes: 0,
  languages: 'English',
  quality: 'SciFact nDCG@10 0.19 alone, 0.69 with keywords (measured here)',
};

/**
 * Transformer models have no floor calibrated here yet: a permissive one, so only the keyword
 * leg's coverage turns queries away. Their dense weight is a starting point, not a measurement.
 * They run on WASM for now: ONNX Runtime loads one runtime build per worker, and a worker that
 * has already run the built-in model on the plain WASM build fails to start WebGPU
 * ("webgpuInit is not a function"), after which its WASM fallback fails too. WebGPU needs the
 * switch to start fresh workers first.
 */
const UNCALIBRATED = { denseWeight: 0.5, minRelevance: { dense: 0.2, coverage: 0.45 }, prefersGpu: false, dtype: 'q8' } as const;

export const CATALOGUE: ModelInfo[] = [
  BUILTIN_MODEL,
  {
    ...UNCALIBRATED,
    id: 'Xenova/all-MiniLM-L6-v2',
    label: 'all-MiniLM-L6-v2',
    dims: 384,
    queryPrefix: '',
    passagePrefix: '',
    bytes: 23_000_000,
    languages: 'English',
    quality: 'SciFact nDCG@10 0.645 (MTEB)',
  },
  {
    ...UNCALIBRATED,
    id: 'Xenova/bge-small-en-v1.5',
    label: 'bge-small-en-v1.5',
    dims: 384,
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    passagePrefix: '',
    bytes: 34_000_000,
    languages: 'English',
    quality: 'SciFact nDCG@10 ~0.72; MTEB retrieval average 51.7',
  },
  {
    ...UNCALIBRATED,
    id: 'Xenova/multilingual-e5-small',
    label: 'multilingual-e5-small',
    dims: 384,
    queryPrefix: 'query: ',
    passagePrefix: 'passage: ',
    bytes: 118_000_000,
    languages: '~100 languages',
    quality: 'MTEB retrieval average 46.6; MIRACL multilingual nDCG@10 ~0.64',
  },
];

/** A model added by its hub id: what its config.json says, with neutral settings (a transformer, so GPU when there is one). */
export function customModel(id: string, dims: number, bytes: number): ModelInfo {
  return { ...UNCALIBRATED, id, label: id, dims, queryPrefix: '', passagePrefix: '', bytes, languages: 'unknown', quality: 'not measured' };
}

/** Hub model ids look like `owner/name`. */
export function isModelId(id: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(id);
}

/** The Cache API cache holding downloaded model files, keyed like the same-origin path. */
export const MODEL_CACHE = 'carrel-models';

/** The same-origin path of one model file; also its key in `MODEL_CACHE`. */
export const modelFilePath = (id: string, file: string) => `/models/${id}/${file}`;
