/**
 * Loads a text-generation pipeline the way embedding models load (workers/model-loader.ts): the
 * same Transformers.js runtime, downloaded files from the Cache API first, the app's /models/ path
 * otherwise, same-origin ONNX Runtime files, and WebGPU with a move to WASM when it fails.
 */
import ortGpuMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortGpuWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { env, pipeline, type TextGenerationPipeline } from '@huggingface/transformers';
import { generatorDtype, type GeneratorDtype } from '../../src/shared/generators';
import { gpuSupport, type Device } from '../../src/shared/gpu';
import { keepForOffline } from '../../src/shared/gpu-runtime';
import { MODEL_CACHE } from '../../src/shared/models';

export interface LoadedGenerator {
  pipeline: TextGenerationPipeline;
  device: Device;
  dtype: GeneratorDtype;
}

const runtimeUrls = () => [new URL(ortGpuMjs, self.location.href).href, new URL(ortGpuWasm, self.location.href).href];

function configure(): void {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  // A path, not a URL: Transformers.js 4.3 skips its local-file check for full URLs.
  env.localModelPath = '/models/';
  env.useBrowserCache = false;
  env.useCustomCache = true;
  env.customCache = {
    match: async (path: string) => (await caches.open(MODEL_CACHE)).match(path),
    put: async () => {},
  };
  env.useWasmCache = false;
  // The asyncify build runs WASM and WebGPU sessions alike; this worker loads one build only.
  const wasm = env.backends.onnx.wasm;
  const [mjs, wasmFile] = runtimeUrls();
  if (wasm) wasm.wasmPaths = { mjs: mjs!, wasm: wasmFile! };
}

async function loadOn(
  modelId: string,
  device: Device,
  dtype: GeneratorDtype,
  onProgress?: (event: unknown) => void,
): Promise<LoadedGenerator> {
  const generator = (await pipeline('text-generation', modelId, {
    device,
    dtype,
    progress_callback: onProgress,
  })) as TextGenerationPipeline;
  // Loaded, the runtime is in the browser's HTTP cache: kept for offline use now, it costs no download.
  await keepForOffline(runtimeUrls());
  return { pipeline: generator, device, dtype };
}

/**
 * The generator `modelId` with the weights downloaded for it (`dtype`): on WebGPU when there is
 * an adapter and the weights suit it, else on WASM; a WebGPU failure retries on WASM.
 */
export async function loadGenerator(
  modelId: string,
  dtype: GeneratorDtype,
  onProgress?: (event: unknown) => void,
  device?: Device,
): Promise<LoadedGenerator> {
  configure();
  // The bench measures each backend on its own, without the fallback.
  if (device) return loadOn(modelId, device, dtype, onProgress);
  const gpu = await gpuSupport();
  if (!gpu.adapter || dtype !== generatorDtype('webgpu', gpu.shaderF16))
    return loadOn(modelId, 'wasm', dtype, onProgress);
  return loadOn(modelId, 'webgpu', dtype, onProgress).catch((error: unknown) => {
    console.warn(`WebGPU failed for ${modelId}; using WASM`, error);
    return loadOn(modelId, 'wasm', dtype, onProgress);
  });
}
