/**
 * Text → vectors through Transformers.js. Mean-pooled and L2-normalised; a text with no known word
 * gives null, never a NaN vector. Works in a worker (WASM/WebGPU) and in Node (CPU) for tests.
 */
import type { Device } from '../../common/gpu';
import { useOwnFiles, type ModelCache } from '../runtime/transformers-env';
import { plainInputs, tokenCounter } from './token-count';
import {
  AutoTokenizer,
  pipeline,
  Tensor,
  type FeatureExtractionPipeline,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { embedPlaced, placeWords, type RowsOf } from './foreign';
import { pooledRows, readStaticTable, tableRowsOf } from './static-model';
import { guessLanguage, type LanguageTable, type LanguageTables } from './language-tables';

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
  /**
   * Tables that place words of other languages among the model's English words (the built-in
   * model's only: they are made for its vocabulary). Without them every text is read as English.
   */
  languages?: LanguageTables;
  /**
   * Reads one of the model's files (a path in its folder, such as `onnx/model_quantized.onnx`).
   * Given for the built-in model: when its ONNX graph is one table lookup, its rows are read from
   * the file and summed here, without ONNX Runtime (workers/embed/static-model.ts).
   */
  readFile?: (path: string) => Promise<Uint8Array>;
}

export interface Embedder {
  modelId: string;
  dims: number;
  device: string;
  /**
   * One unit vector per text, or null for a text without any word the model knows. Texts are
   * passages unless `as: 'query'` (the model's prefixes differ). `lang` is the texts' language
   * when known (their document's): a passage whose own words say otherwise is read as those say.
   * `langs` gives each text's language as the document stores it (its passage's, else its
   * document's): each is read in it, never guessed again, so that a vector follows the language
   * the library shows and searches the passage in.
   */
  embed(
    texts: string[],
    opts?: {
      signal?: AbortSignal;
      batchSize?: number;
      as?: 'query' | 'passage';
      lang?: string;
      langs?: readonly string[];
    },
  ): Promise<(Float32Array | null)[]>;
  /** Tokens as the model's tokenizer counts them, without special tokens. */
  countTokens(text: string): number;
  /** Whether a folded word is in the model's vocabulary whole (for a word-level model, an English word). */
  knowsWord?(word: string): boolean;
  dispose(): Promise<void>;
}

/** The ONNX file Transformers.js loads for a dtype (research/builtin-model-notes.md). */
const ONNX_FILE = { q8: 'onnx/model_quantized.onnx', fp16: 'onnx/model_fp16.onnx', fp32: 'onnx/model.onnx' } as const;

/** What runs a model's rows: ONNX Runtime through Transformers.js, or the lookup table itself. */
interface Rows {
  dims: number;
  tokenizer: PreTrainedTokenizer;
  /** One unit vector per text of a batch of token ids (mean-pooled over the mask), null for a text with no known word. */
  pooled(inputs: { input_ids: Tensor; attention_mask: Tensor }): Promise<(Float32Array | null)[]>;
  /** The [batch, tokens, dims] rows of a batch of token ids. */
  rowsOf: RowsOf;
  dispose(): Promise<void>;
}

/** The model through a Transformers.js pipeline on ONNX Runtime (every model but a lookup table). */
async function pipelineRows(opts: EmbedderOptions): Promise<Rows> {
  const extractor = (await pipeline('feature-extraction', opts.modelId, {
    device: opts.device,
    dtype: opts.dtype ?? 'q8',
  })) as FeatureExtractionPipeline;
  const rowsOf: RowsOf = async (inputs) =>
    ((await extractor.model(inputs)) as { last_hidden_state: Tensor }).last_hidden_state;
  return {
    dims: (extractor.model.config as unknown as { hidden_size: number }).hidden_size,
    tokenizer: extractor.tokenizer,
    // The pipeline's own mean pooling converts every mask entry from BigInt once per dimension,
    // which took longer than the model itself; pooling here is the same arithmetic, done once.
    pooled: async (inputs) => meanPooledUnitVectors(await rowsOf(inputs), inputs.attention_mask),
    rowsOf,
    dispose: () => extractor.dispose(),
  };
}

/** A lookup-table model (the built-in one) from its own file, or null when its graph is not one. */
async function tableRows(opts: EmbedderOptions): Promise<Rows | null> {
  const table = readStaticTable(await opts.readFile!(ONNX_FILE[opts.dtype ?? 'q8']));
  if (!table) return null;
  const tokenizer = await AutoTokenizer.from_pretrained(opts.modelId);
  return {
    dims: table.dims,
    tokenizer,
    pooled: async ({ input_ids, attention_mask }) =>
      pooledRows(table, input_ids.data as BigInt64Array, attention_mask.data as BigInt64Array, input_ids.dims[0]!),
    rowsOf: async ({ input_ids }) =>
      new Tensor('float32', tableRowsOf(table, input_ids.data as BigInt64Array), [...input_ids.dims, table.dims]),
    dispose: async () => undefined,
  };
}

/** Loads the model and returns an embedder. */
export async function createEmbedder(opts: EmbedderOptions): Promise<Embedder> {
  useOwnFiles(opts);
  const rows = (opts.readFile && (await tableRows(opts))) || (await pipelineRows(opts));
  const { dims, tokenizer } = rows;
  let vocab: Map<string, number> | null = null;
  // Plain ASCII batches go to the model without the tokenizer's encode (workers/embed/token-count.ts).
  const plain = plainInputs(tokenizer, Tensor);
  const vocabulary = () => (vocab ??= tokenizer.get_vocab() as Map<string, number>);

  const embedEnglish = async (texts: string[], as: 'query' | 'passage') => {
    const prefix = (as === 'query' ? opts.queryPrefix : opts.passagePrefix) ?? '';
    const batch = texts.map((t) => prefix + (t || ' '));
    const inputs =
      plain?.(batch) ??
      (tokenizer(batch, { padding: true, truncation: true }) as { input_ids: Tensor; attention_mask: Tensor });
    return rows.pooled(inputs);
  };

  /** The table to read each text through: null for English (or a language without a table). */
  const tablesFor = async (texts: string[], as: 'query' | 'passage', lang?: string, given?: readonly string[]) => {
    const languages = opts.languages!;
    if (given) return Promise.all(given.map((l) => (l === 'en' ? null : languages.get(l))));
    // A question of a few keywords has no function words: the tables the library already
    // needed may recognise it. A passage goes by its document's language instead, so that its
    // vector never depends on which tables happened to be loaded.
    const loaded = as === 'query' ? languages.loaded() : [];
    const isEnglish = (word: string) => vocabulary().has(word);
    const langs = texts.map((text) => guessLanguage(text, lang ?? 'en', loaded, isEnglish));
    return Promise.all(langs.map((l) => (l === 'en' ? null : languages.get(l))));
  };

  const embedMixed = async (texts: string[], tables: (LanguageTable | null)[], as: 'query' | 'passage') => {
    const out: (Float32Array | null)[] = texts.map(() => null);
    const english = texts.flatMap((_, i) => (tables[i] ? [] : [i]));
    const foreign = texts.flatMap((_, i) => (tables[i] ? [i] : []));
    if (english.length)
      (
        await embedEnglish(
          english.map((i) => texts[i]!),
          as,
        )
      ).forEach((v, k) => (out[english[k]!] = v));
    const placed = foreign.map((i) => placeWords(texts[i]!, tables[i]!, vocabulary()));
    const vectors = await embedPlaced(placed, rows.rowsOf);
    vectors.forEach((v, k) => (out[foreign[k]!] = v));
    return out;
  };

  return {
    modelId: opts.modelId,
    dims,
    device: opts.device,
    async embed(texts, { signal, batchSize = 64, as = 'passage', lang, langs } = {}) {
      if (langs && langs.length !== texts.length)
        throw new Error(`embed: ${langs.length} languages for ${texts.length} texts`);
      const tables = opts.languages ? await tablesFor(texts, as, lang, langs) : null;
      const out: (Float32Array | null)[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        signal?.throwIfAborted();
        const batch = texts.slice(i, i + batchSize);
        const batchTables = tables?.slice(i, i + batchSize);
        if (batchTables?.some(Boolean)) out.push(...(await embedMixed(batch, batchTables, as)));
        else out.push(...(await embedEnglish(batch, as)));
      }
      return out;
    },
    countTokens: tokenCounter(tokenizer),
    knowsWord: (word) => vocabulary().has(word),
    dispose: () => rows.dispose(),
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
