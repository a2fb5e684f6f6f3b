/**
 * A model's token counter, loaded without its weights: what the file reader chunks documents by.
 * The built-in model's tokenizer is read with the tokenizers library alone (Transformers.js reads
 * it with that library too); any other model's through Transformers.js, loaded only then. The file
 * reader otherwise started ~530 KB of Transformers.js and ONNX Runtime script on every page, to use
 * none of it.
 */
import { Tokenizer } from '@huggingface/tokenizers';
import type { ModelCache } from '../runtime/transformers-env';
import { tokenCounter } from './token-count';

/** Counts tokens as a model's tokenizer does, without special tokens. */
export type TokenCounter = (text: string) => number;

export interface TokenCounterOptions {
  modelId: string;
  /** Where model folders live: a URL in the browser, a directory path in Node. Default '/models/'. */
  modelBaseUrl?: string;
  /** Downloaded model files, looked up before the network. */
  cache?: ModelCache;
  /** Reads one of the model's files by its path in its folder: given for a model the app serves itself. */
  readFile?: (path: string) => Promise<Uint8Array>;
}

export async function createTokenCounter(opts: TokenCounterOptions): Promise<TokenCounter> {
  if (opts.readFile) {
    const readJson = async (path: string) => JSON.parse(new TextDecoder().decode(await opts.readFile!(path))) as object;
    const [json, config] = await Promise.all([readJson('tokenizer.json'), readJson('tokenizer_config.json')]);
    const tokenizer = new Tokenizer(json, config);
    return tokenCounter({
      _tokenizerJSON: json,
      _tokenizer: tokenizer,
      encode: (text, options) => tokenizer.encode(text, options).ids,
    });
  }
  const [{ AutoTokenizer }, { useOwnFiles }] = await Promise.all([
    import('@huggingface/transformers'),
    import('../runtime/transformers-env'),
  ]);
  useOwnFiles(opts);
  return tokenCounter(await AutoTokenizer.from_pretrained(opts.modelId));
}
