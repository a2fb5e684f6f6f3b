/**
 * Loads the active embedding model once per worker. The promise is memoised and cleared on failure
 * so a later call can retry; callers that can work without a model get null instead of an error.
 */
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import ortGpuMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortGpuWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { BUILTIN_MODEL, type ModelInfo } from '../src/shared/models';
import { createEmbedder, type Embedder } from './embed/embedder';

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

let loading: Promise<Embedder> | null = null;
let lastError: string | null = null;

/** The active model's embedder; rejects if it cannot load. */
export function loadEmbedder(model: ModelInfo = BUILTIN_MODEL, onProgress?: (event: unknown) => void): Promise<Embedder> {
  loading ??= (async () => {
    const device = await chooseDevice(model);
    return createEmbedder({
      modelId: model.id,
      // A path, not an absolute URL: Transformers.js 4.3 skips its local-file check for full URLs
      // (get_file_metadata), and then finds no tokenizer.
      modelBaseUrl: '/models/',
      device,
      wasmPaths: wasmPaths(device),
      onProgress,
    });
  })().catch((error: unknown) => {
    loading = null;
    lastError = error instanceof Error ? error.message : String(error);
    throw error;
  });
  return loading;
}

/** The embedder, or null if the model cannot load (the reason is in `modelError()`). */
export function tryEmbedder(): Promise<Embedder | null> {
  return loadEmbedder().catch(() => null);
}

export function modelError(): string | null {
  return lastError;
}
