/**
 * The model runtime as a worker has it: this browser's adapter, our same-origin ONNX Runtime
 * builds, downloads into the Cache API, and Transformers.js's loading events as typed progress.
 */
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import ortGpuMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortGpuWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { gpuSupport } from '../../common/gpu';
import { keepForOffline } from './gpu-runtime';
import { MODEL_CACHE } from '../../common/models';
import { downloadModel, type DownloadProgress } from './download';
import { ModelRuntime, type Build } from './runtime';
import type { ModelCache } from './transformers-env';

/** What a model's caller hears while it is fetched and opened. */
export type ModelProgress =
  ({ stage: 'download' } & DownloadProgress) | { stage: 'load'; /** bytes read so far */ done: number; total: number };

function files(build: Build) {
  const [mjs, wasm] = build === 'gpu' ? [ortGpuMjs, ortGpuWasm] : [ortMjs, ortWasm];
  return { mjs: new URL(mjs, self.location.href).href, wasm: new URL(wasm, self.location.href).href };
}

/** This worker's runtime. */
export const runtime = new ModelRuntime({
  gpu: gpuSupport,
  files,
  // The plain build is precached with the app; the WebGPU one only once fetched (workers/runtime/gpu-runtime.ts).
  keep: (build) => keepForOffline([build.mjs, build.wasm]),
  warn: (message, error) => console.warn(message, error),
});

/** Downloaded files only; a miss falls through to the same-origin /models/ path (a model the deployment serves). */
export const downloadedFiles: ModelCache = {
  match: async (path) => (await caches.open(MODEL_CACHE)).match(path),
  put: async () => {},
};

/** Parts of downloads under way, kept so an interrupted one resumes. */
export type PartsCache = 'carrel-model-parts' | 'carrel-generator-parts';

export interface FetchRequest {
  modelId: string;
  fileNames: readonly string[];
  /** The hub, or a mirror with its layout. */
  host: string;
  parts: PartsCache;
}

/** Fetches the files of `request` not downloaded yet into the model cache; resolves to their total bytes. */
export async function fetchModelFiles(
  request: FetchRequest,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<number> {
  return downloadModel({
    ...request,
    files: await caches.open(MODEL_CACHE),
    parts: await caches.open(request.parts),
    signal,
    onProgress,
  });
}

/** Transformers.js's loading events, as `load` progress (its running total over the model's files). */
export function loadProgress(onProgress?: (progress: ModelProgress) => void): ((event: unknown) => void) | undefined {
  if (!onProgress) return undefined;
  return (event) => {
    const { status, loaded, total } = event as { status?: string; loaded?: number; total?: number };
    if (status === 'progress_total' && typeof loaded === 'number' && typeof total === 'number')
      onProgress({ stage: 'load', done: loaded, total });
  };
}
