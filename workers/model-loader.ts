/**
 * Loads embedding models, once per worker and model. Each promise is memoised and cleared on
 * failure so a later call can retry; callers that can work without a model get null instead.
 * Downloaded models are read from the Cache API (`MODEL_CACHE`); anything else — the built-in
 * model, or a model the deployment serves itself — comes from the app's own /models/.
 */
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import ortGpuMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortGpuWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { ACTIVE_MODEL_KEY, type CarrelDb } from '../src/shared/db';
import { BUILTIN_MODEL, MODEL_CACHE, type ModelInfo } from '../src/shared/models';
import { createEmbedder, type Embedder, type ModelCache } from './embed/embedder';

export type Device = 'wasm' | 'webgpu';

/** WebGPU only when the model gains from it and a real adapter exists (`navigator.gpu` alone is not enough). */
export async function chooseDevice(model: ModelInfo): Promise<Device> {
  if (!model.prefersGpu) return 'wasm';
  const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  const adapter = await gpu?.requestAdapter().catch(() => null);
  return adapter ? 'webgpu' : 'wasm';
}

function wasmPaths(device: Device) {
  // Same-origin ONNX Runtime builds: the plain one for WASM, the asyncify one for WebGPU.
  const [mjs, wasm] = device === 'webgpu' ? [ortGpuMjs, ortGpuWasm] : [ortMjs, ortWasm];
  return { mjs: new URL(mjs, self.location.href).href, wasm: new URL(wasm, self.location.href).href };
}

/** Downloaded files only; a miss falls through to the same-origin /models/ path. */
const downloadedFiles: ModelCache = {
  match: async (path) => (await caches.open(MODEL_CACHE)).match(path),
  put: async () => {},
};

const loading = new Map<string, Promise<Embedder>>();
const errors = new Map<string, string>();

function create(model: ModelInfo, device: Device, onProgress?: (event: unknown) => void): Promise<Embedder> {
  return createEmbedder({
    modelId: model.id,
    // A path, not an absolute URL: Transformers.js 4.3 skips its local-file check for full URLs
    // (get_file_metadata), and then finds no tokenizer.
    modelBaseUrl: '/models/',
    cache: downloadedFiles,
    device,
    dtype: model.dtype,
    queryPrefix: model.queryPrefix,
    passagePrefix: model.passagePrefix,
    wasmPaths: wasmPaths(device),
    onProgress,
  });
}

/** The model's embedder; rejects if it cannot load. A failed WebGPU session falls back to WASM. */
export function loadEmbedder(model: ModelInfo = BUILTIN_MODEL, onProgress?: (event: unknown) => void): Promise<Embedder> {
  let promise = loading.get(model.id);
  if (!promise) {
    promise = (async () => {
      const device = await chooseDevice(model);
      if (device === 'wasm') return create(model, 'wasm', onProgress);
      return create(model, 'webgpu', onProgress).catch((error: unknown) => {
        console.warn(`WebGPU failed for ${model.id}, using WASM`, error);
        return create(model, 'wasm', onProgress);
      });
    })().catch((error: unknown) => {
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

/** The model search uses: the one the library's vectors are complete for. */
export async function activeModel(db: CarrelDb): Promise<ModelInfo> {
  const setting = await db.settings.get(ACTIVE_MODEL_KEY);
  return (setting?.value as ModelInfo | undefined) ?? BUILTIN_MODEL;
}
