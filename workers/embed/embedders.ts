/**
 * Embedding models, opened through the worker's model runtime (workers/runtime/): once per worker
 * and model, each promise memoised and cleared on failure so a later call can retry; callers that
 * can work without a model get null instead. Downloaded files come from the Cache API; anything
 * else — the built-in model, or a model the deployment serves itself — from the app's /models/.
 */
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, type ReadableDb } from '../../common/db';
import type { Device } from '../../common/gpu';
import { BUILTIN_MODEL, type ModelInfo } from '../../common/models';
import { downloadedFiles, runtime } from '../runtime/browser';
import { keepOnWasm } from '../runtime/keep-on-wasm';
import type { OpenSession, RuntimeModel } from '../runtime/runtime';
import type { Embedder } from './embedder';
import { createTokenCounter, type TokenCounter } from './token-counter';
import { languageTables } from './language-tables';

/** An embedding model as the runtime places it: on WebGPU only if it gains from it and its weights are fp16/fp32. */
export function embeddingModel(model: ModelInfo): RuntimeModel {
  return { id: model.id, gpuWeights: !!model.prefersGpu && model.dtype !== 'q8' };
}

/** A file of a model the app serves itself (precached by the service worker), by its path in the model's folder. */
const ownFile = (modelId: string) => async (path: string) => {
  const url = new URL(`/models/${modelId}/${path}`, self.location.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

// Transformers.js comes with the embedder, loaded with the first model: the file reader, which
// imports this module for its token counter, never loads it for the built-in model.
const session =
  (model: ModelInfo, { throughOnnx = false } = {}): OpenSession<Embedder> =>
  async (device, wasmPaths) =>
    (await import('./embedder')).createEmbedder({
      modelId: model.id,
      modelBaseUrl: '/models/',
      cache: downloadedFiles,
      device,
      dtype: model.dtype,
      queryPrefix: model.queryPrefix,
      passagePrefix: model.passagePrefix,
      wasmPaths,
      // Its tables are made for its vocabulary; a downloaded model reads other languages itself.
      // Its rows are a lookup table, read from its file without ONNX Runtime (static-model.ts).
      ...(model.id === BUILTIN_MODEL.id ? { languages: languageTables } : {}),
      ...(model.id === BUILTIN_MODEL.id && !throughOnnx ? { readFile: ownFile(model.id) } : {}),
    });

/**
 * A session of `model` on `device` through ONNX Runtime, even the built-in model's, without
 * fallback: the bench measures each backend with it.
 */
export function openEmbedderOn(model: ModelInfo, device: Device): Promise<Embedder> {
  return runtime.openOn(device, session(model, { throughOnnx: true }));
}

const loading = new Map<string, Promise<Embedder>>();
const errors = new Map<string, string>();

async function open(model: ModelInfo): Promise<Embedder> {
  const opened = await runtime.open(embeddingModel(model), session(model));
  if (opened.device !== 'webgpu') return opened.session;
  return keepOnWasm(
    opened.session,
    () => runtime.openOn('wasm', session(model)),
    (error) => console.warn(`WebGPU failed for ${model.id}; using WASM`, error),
  );
}

/**
 * The model's embedder; rejects if it cannot load. On WebGPU it moves to WASM by itself when the
 * GPU session fails, at start or later.
 */
export function loadEmbedder(model: ModelInfo = BUILTIN_MODEL): Promise<Embedder> {
  let promise = loading.get(model.id);
  if (!promise) {
    promise = open(model).catch((error: unknown) => {
      loading.delete(model.id);
      errors.set(model.id, error instanceof Error ? error.message : String(error));
      throw error;
    });
    loading.set(model.id, promise);
  }
  return promise;
}

/** The embedder, or null if the model cannot load (the reason is in `modelError()`). */
export function tryEmbedder(model: ModelInfo = BUILTIN_MODEL): Promise<Embedder | null> {
  return loadEmbedder(model).catch(() => null);
}

export function modelError(model: ModelInfo = BUILTIN_MODEL): string | null {
  return errors.get(model.id) ?? null;
}

/** Frees a model this worker loaded (after the user switched away from it). */
export async function unloadEmbedder(modelId: string): Promise<void> {
  const promise = loading.get(modelId);
  loading.delete(modelId);
  await promise?.then((embedder) => embedder.dispose()).catch(() => undefined);
}

const tokenizers = new Map<string, Promise<TokenCounter>>();

/**
 * The model's token counter without its weights (the file reader chunks by the model's tokens;
 * only the engine embeds), or null when the tokenizer cannot load.
 */
export function tryTokenCounter(model: ModelInfo): Promise<TokenCounter | null> {
  let promise = tokenizers.get(model.id);
  if (!promise) {
    promise = createTokenCounter({
      modelId: model.id,
      modelBaseUrl: '/models/',
      cache: downloadedFiles,
      ...(model.id === BUILTIN_MODEL.id ? { readFile: ownFile(model.id) } : {}),
    });
    tokenizers.set(model.id, promise);
    promise.catch(() => tokenizers.delete(model.id));
  }
  return promise.catch(() => null);
}

/** The model search uses: the one the library's vectors are complete for. */
export async function activeModel(db: ReadableDb): Promise<ModelInfo> {
  const setting = await db.settings.get(ACTIVE_MODEL_KEY);
  return (setting?.value as ModelInfo | undefined) ?? BUILTIN_MODEL;
}

/** The user's models: the one in use, and the one a switch is moving to. */
export async function chosenModels(db: ReadableDb): Promise<ModelInfo[]> {
  const target = (await db.settings.get(TARGET_MODEL_KEY))?.value as ModelInfo | undefined;
  return [await activeModel(db), ...(target ? [target] : [])];
}
