/**
 * Where Transformers.js finds model files and ONNX Runtime: only ours (no hub, no CDN, no second
 * cache). Every model sets it before it loads; in Node (unit tests) without the runtime files.
 */
import { env } from '@huggingface/transformers';

/** Where Transformers.js looks for a file before fetching it (keys are the same-origin paths). */
export interface ModelCache {
  match(path: string): Promise<Response | undefined>;
  put(path: string, response: Response): Promise<void>;
}

export interface OwnFiles {
  /** Where model folders live: a path in the browser (not a URL: Transformers.js 4.3 skips its local-file check for full URLs), a directory in Node. Default '/models/'. */
  modelBaseUrl?: string;
  /** Downloaded model files, looked up before the network. */
  cache?: ModelCache;
  /** Same-origin ONNX Runtime files (the library's default is a CDN). */
  wasmPaths?: { mjs: string; wasm: string };
}

export function useOwnFiles(opts: OwnFiles): void {
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
}
