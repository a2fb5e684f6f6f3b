/**
 * Opens an answer model through the worker's model runtime (workers/runtime/): its files fetched
 * first when a host is given (resumable, cancellable, with progress), then a text-generation
 * pipeline on WebGPU when the adapter suits the weights, else on WASM.
 */
import { pipeline, type TextGenerationPipeline } from '@huggingface/transformers';
import type { Device } from '../../common/gpu';
import { generatorDtype, generatorFiles, type GeneratorDtype } from '../../common/generators';
import { downloadedFiles, fetchModelFiles, loadProgress, runtime, type ModelProgress } from '../runtime/browser';
import type { OpenSession, RuntimeModel } from '../runtime/runtime';
import { useOwnFiles } from '../runtime/transformers-env';

export interface GeneratorRequest {
  modelId: string;
  /** The weights downloaded for this device (`generatorDtype`). */
  dtype: GeneratorDtype;
  /** Where to fetch files not downloaded yet (the hub or a mirror); without it they come from the cache or /models/. */
  host?: string;
  /** One device without fallback (the bench measures each on its own). */
  device?: Device;
}

export interface LoadedGenerator {
  pipeline: TextGenerationPipeline;
  device: Device;
  dtype: GeneratorDtype;
  /** Why it runs on WASM though it would run on WebGPU, or null. */
  fallback: string | null;
}

/** An answer model as the runtime places it: on WebGPU when its weights are the ones for this adapter. */
export function generatorModel(modelId: string, dtype: GeneratorDtype): RuntimeModel {
  return { id: modelId, gpuWeights: true, suits: (gpu) => dtype === generatorDtype('webgpu', gpu.shaderF16) };
}

function session(
  { modelId, dtype }: GeneratorRequest,
  onProgress?: (progress: ModelProgress) => void,
): OpenSession<TextGenerationPipeline> {
  return async (device, wasmPaths) => {
    useOwnFiles({ modelBaseUrl: '/models/', cache: downloadedFiles, wasmPaths });
    return (await pipeline('text-generation', modelId, {
      device,
      dtype,
      progress_callback: loadProgress(onProgress),
    })) as TextGenerationPipeline;
  };
}

/** Downloads what is missing of the model (when `host` is given), then opens it. */
export async function openGenerator(
  request: GeneratorRequest,
  signal: AbortSignal,
  onProgress?: (progress: ModelProgress) => void,
): Promise<LoadedGenerator> {
  const { modelId, dtype, host } = request;
  if (host)
    await fetchModelFiles(
      { modelId, fileNames: generatorFiles(dtype), host, parts: 'carrel-generator-parts' },
      signal,
      (progress) => onProgress?.({ stage: 'download', ...progress }),
    );
  signal.throwIfAborted();
  const opened = await runtime.open(generatorModel(modelId, dtype), session(request, onProgress), request.device);
  return { pipeline: opened.session, device: opened.device, dtype, fallback: opened.fallback };
}
