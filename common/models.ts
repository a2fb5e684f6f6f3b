/**
 * The embedding models Carrel knows: the built-in one, which ships with the app and works offline,
 * and a catalogue of transformer models downloaded on demand (from the Hugging Face hub, a mirror,
 * or the deployment's own /models/ folder).
 */
import type { Device } from './gpu';

export interface ModelInfo {
  id: string;
  label: string;
  dims: number;
  dtype: 'q8' | 'fp32' | 'fp16';
  /** Weight of the dense leg in weighted fusion, measured per model by the evaluation. */
  denseWeight: number;
  /** "Nothing relevant found" floor, calibrated per model (scripts/calibrate-relevance.mjs). */
  minRelevance: { dense: number; coverage: number };
  /** The floor for a question asked in another language than English, when it differs (scripts/calibrate-floor.mjs). */
  minRelevanceOutsideEnglish?: { dense: number; coverage: number };
  /**
   * Whether a GPU helps. The built-in model is a single table lookup: WebGPU would only add a 27 MB
   * runtime download and shader start-up, so it runs on WASM everywhere.
   */
  prefersGpu: boolean;
  /** Put before a query / a passage before embedding (bge's instruction, e5's "query: "). */
  queryPrefix: string;
  passagePrefix: string;
  /** Download size in bytes of the `dtype` weights and the other files (0 for the built-in model). */
  bytes: number;
  /** The languages it reads (ISO 639-1), or 'many' (about a hundred) or 'unknown' (a model someone added). */
  languages: readonly string[] | 'many' | 'unknown';
  /**
   * Which texts of the interface's catalogue describe it (`model.about.*`: what it is good for, in
   * words anyone reads; `model.measured.*`: its published retrieval quality, shown under Details).
   */
  texts: 'builtin' | 'minilm' | 'bge' | 'e5' | 'custom';
}

export type Dtype = ModelInfo['dtype'];

/** The weights file Transformers.js loads for each dtype (the hub's layout). */
export const WEIGHTS_FILE: Record<Dtype, string> = {
  q8: 'onnx/model_quantized.onnx',
  fp16: 'onnx/model_fp16.onnx',
  fp32: 'onnx/model.onnx',
};

/** The files a model needs with the weights of one dtype. */
export const modelFiles = (dtype: Dtype): string[] => [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  WEIGHTS_FILE[dtype],
];

/** Every file any dtype of a model may have (what removing it deletes). */
export const ALL_MODEL_FILES = [...modelFiles('q8'), WEIGHTS_FILE.fp16, WEIGHTS_FILE.fp32];

/**
 * The weights to run on this device: int8 on WASM (4× smaller, fast on CPUs), and on WebGPU fp16
 * when the adapter has `shader-f16`, else fp32 (WebGPU has no int8 matrix kernels, so q8 weights
 * would run those nodes on the CPU).
 */
export function dtypeFor(device: Device, shaderF16: boolean): Dtype {
  if (device === 'wasm') return 'q8';
  return shaderF16 ? 'fp16' : 'fp32';
}

/** About how many bytes a model's download is in a dtype (catalogue sizes are for q8). */
export function downloadBytes(model: ModelInfo, dtype: Dtype): number {
  if (model.dtype === dtype) return model.bytes;
  const perWeight = { q8: 1, fp16: 2, fp32: 4 } as const;
  return Math.round((model.bytes * perWeight[dtype]) / perWeight[model.dtype]);
}

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
  // German and French questions in people's own words over the development documents (node
  // scripts/calibrate-floor.mjs --questions eval/dev/questions/colloquial-dev.json): the English
  // floor kept 90.0 % of the answerable ones, this one keeps 98.3 % (turning away 16.7 % of those
  // the library cannot answer, against 25.0 %). A question read through the word tables covers
  // less of its own words than an English one (docs/languages.md, "The floor outside English").
  minRelevanceOutsideEnglish: { dense: 0.525, coverage: 0.35 },
  prefersGpu: false,
  queryPrefix: '',
  passagePrefix: '',
  bytes: 0,
  // English by its own words, the others through their word tables (workers/embed/language-tables.ts).
  languages: ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'],
  texts: 'builtin',
};

/**
 * Transformer models have no floor calibrated here yet: a permissive one, so only the keyword
 * leg's coverage turns queries away. Their dense weight is a starting point, not a measurement.
 * They run on WebGPU when the browser has an adapter (workers/runtime/), else on WASM.
 */
const UNCALIBRATED = {
  denseWeight: 0.5,
  minRelevance: { dense: 0.2, coverage: 0.45 },
  prefersGpu: true,
  dtype: 'q8',
} as const;

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
    languages: ['en'],
    texts: 'minilm',
  },
  {
    ...UNCALIBRATED,
    id: 'Xenova/bge-small-en-v1.5',
    label: 'bge-small-en-v1.5',
    dims: 384,
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    passagePrefix: '',
    bytes: 34_000_000,
    languages: ['en'],
    texts: 'bge',
  },
  {
    ...UNCALIBRATED,
    id: 'Xenova/multilingual-e5-small',
    label: 'multilingual-e5-small',
    dims: 384,
    queryPrefix: 'query: ',
    passagePrefix: 'passage: ',
    bytes: 118_000_000,
    languages: 'many',
    texts: 'e5',
  },
];

/** A model added by its hub id: what its config.json says, with neutral settings (a transformer, so GPU when there is one). */
export function customModel(id: string, dims: number, bytes: number): ModelInfo {
  return {
    ...UNCALIBRATED,
    id,
    label: id,
    dims,
    queryPrefix: '',
    passagePrefix: '',
    bytes,
    languages: 'unknown',
    texts: 'custom',
  };
}

/** Hub model ids look like `owner/name`. */
export function isModelId(id: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(id);
}

/** The Cache API cache holding downloaded model files, keyed like the same-origin path. */
export const MODEL_CACHE = 'carrel-models';

/** The same-origin path of one model file; also its key in `MODEL_CACHE`. */
export const modelFilePath = (id: string, file: string) => `/models/${id}/${file}`;

/** A model file on the hub (`https://huggingface.co`) or a mirror with its `/{model}/resolve/main/{file}` layout. */
export const remoteFileUrl = (host: string, modelId: string, file: string) =>
  `${host.replace(/\/+$/, '')}/${modelId}/resolve/main/${file}`;
