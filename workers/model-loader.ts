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
import { ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, type CarrelDb } from '../src/shared/db';
import { gpuSupport, type Device } from '../src/shared/gpu';
import { keepForOffline } from '../src/shared/gpu-runtime';
import { BUILTIN_MODEL, MODEL_CACHE, type ModelInfo } from '../src/shared/models';
import {
  createEmbedder,
  createTokenCounter,
  type Embedder,
  type ModelCache,
  type TokenCounter,
} from './embed/embedder';
import { withWasmFallback } from './embed/fallback';

type Build = 'plain' | 'gpu';

/**
 * WebGPU for a model that gains from it, when a real adapter exists and its weights are meant for
 * a GPU (fp16/fp32: int8 weights are for WASM, and a deployment may serve only those).
 */
export async function chooseDevice(model: ModelInfo): Promise<Device> {
  if (!model.prefersGpu || model.dtype === 'q8') return 'wasm';
  return (await gpuSupport()).adapter ? 'webgpu' : 'wasm';
}

/**
 * The ONNX Runtime build this worker loaded. ORT loads one build per worker and cannot change it:
 * the plain one is the smaller and faster for WASM, but only the asyncify one can start WebGPU
 * (on the plain one WebGPU fails with "webgpuInit is not a function", and WASM after it). A worker
 * that will need WebGPU loads the asyncify build from the start, and runs WASM sessions on it too.
 */
let build: Build | null = null;
/** Set at worker start: whether a model the user chose (in use or being switched to) runs on WebGPU. */
let gpuPlanned: Promise<boolean> = Promise.resolve(false);

export function planRuntime(models: Promise<ModelInfo[]>): void {
  gpuPlanned = models
    .then((chosen) => Promise.all(chosen.map(chooseDevice)))
    .then((devices) => devices.includes('webgpu'))
    .catch(() => false);
}

/** The user's models: the one in use, and the one a switch is moving to. */
export async function chosenModels(db: CarrelDb): Promise<ModelInfo[]> {
  const target = (await db.settings.get(TARGET_MODEL_KEY))?.value as ModelInfo | undefined;
  return [await activeModel(db), ...(target ? [target] : [])];
}

/**
 * True when `model` would run on WebGPU but this worker already loaded the plain build: only a
 * fresh worker (which plans for WebGPU from the start) can run it there.
 */
export async function needsFreshWorker(model: ModelInfo): Promise<boolean> {
  return build === 'plain' && (await chooseDevice(model)) === 'webgpu';
}

async function runtimeBuild(device: Device): Promise<Build> {
  build ??= device === 'webgpu' || (await gpuPlanned) ? 'gpu' : 'plain';
  return build;
}

function wasmPaths(build: Build) {
  // Same-origin ONNX Runtime builds: the plain one for WASM, the asyncify one for WebGPU.
  const [mjs, wasm] = build === 'gpu' ? [ortGpuMjs, ortGpuWasm] : [ortMjs, ortWasm];
  return { mjs: new URL(mjs, self.location.href).href, wasm: new URL(wasm, self.location.href).href };
}

/** Downloaded files only; a miss falls through to the same-origin /models/ path. */
const downloadedFiles: ModelCache = {
  match: async (path) => (await caches.open(MODEL_CACHE)).match(path),
  put: async () => {},
};

const loading = new Map<string, Promise<Embedder>>();
const errors = new Map<string, string>();

/** A session of `model` on `device`, without fallback (the bench measures each backend with it). */
export async function createOn(
  model: ModelInfo,
  device: Device,
  onProgress?: (event: unknown) => void,
): Promise<Embedder> {
  const runtime = await runtimeBuild(device);
  const paths = wasmPaths(runtime);
  const embedder = await createEmbedder({
    modelId: model.id,
    // A path, not an absolute URL: Transformers.js 4.3 skips its local-file check for full URLs
    // (get_file_metadata), and then finds no tokenizer.
    modelBaseUrl: '/models/',
    cache: downloadedFiles,
    device,
    dtype: model.dtype,
    queryPrefix: model.queryPrefix,
    passagePrefix: model.passagePrefix,
    wasmPaths: paths,
    onProgress,
  });
  // The plain build is precached with the app; the WebGPU one only once fetched (src/shared/gpu-runtime.ts).
  if (runtime === 'gpu') await keepForOffline([paths.mjs, paths.wasm]);
  return embedder;
}

/**
 * The model's embedder; rejects if it cannot load. On WebGPU it moves to WASM by itself when the
 * GPU session fails, at start or later. A model that wants WebGPU in a worker that loaded the
 * plain build runs on WASM here (`needsFreshWorker` tells the owner to start a fresh worker).
 */
export function loadEmbedder(
  model: ModelInfo = BUILTIN_MODEL,
  onProgress?: (event: unknown) => void,
): Promise<Embedder> {
  let promise = loading.get(model.id);
  if (!promise) {
    promise = (async () => {
      if ((await chooseDevice(model)) === 'wasm' || (await needsFreshWorker(model)))
        return createOn(model, 'wasm', onProgress);
      return withWasmFallback(
        () => createOn(model, 'webgpu', onProgress),
        () => createOn(model, 'wasm', onProgress),
        (error) => console.warn(`WebGPU failed for ${model.id}; using WASM`, error),
      );
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

const tokenizers = new Map<string, Promise<TokenCounter>>();

/**
 * The model's token counter without its weights (the file reader chunks by the model's tokens;
 * only the engine embeds), or null when the tokenizer cannot load.
 */
export function tryTokenCounter(model: ModelInfo): Promise<TokenCounter | null> {
  let promise = tokenizers.get(model.id);
  if (!promise) {
    promise = createTokenCounter({ modelId: model.id, modelBaseUrl: '/models/', cache: downloadedFiles });
    tokenizers.set(model.id, promise);
    promise.catch(() => tokenizers.delete(model.id));
  }
  return promise.catch(() => null);
}

/** The model search uses: the one the library's vectors are complete for. */
export async function activeModel(db: CarrelDb): Promise<ModelInfo> {
  const setting = await db.settings.get(ACTIVE_MODEL_KEY);
  return (setting?.value as ModelInfo | undefined) ?? BUILTIN_MODEL;
}
