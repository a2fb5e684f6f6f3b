/**
 * An embedder that runs on WebGPU and moves to WASM by itself: when the GPU session cannot be
 * created, or fails later (a lost device, a kernel the adapter lacks), a WASM session takes over
 * for good and the failed call is repeated on it. The caller never sees the GPU's error.
 */
import type { Embedder } from './embedder';

export async function withWasmFallback(
  gpu: () => Promise<Embedder>,
  wasm: () => Promise<Embedder>,
  onFallback: (error: unknown) => void,
): Promise<Embedder> {
  let current = await gpu().catch((error: unknown) => {
    onFallback(error);
    return wasm();
  });
  if (current.device !== 'webgpu') return current;

  let moving: Promise<Embedder> | null = null;
  const fallBack = (error: unknown) => {
    moving ??= (async () => {
      onFallback(error);
      await current.dispose().catch(() => undefined);
      current = await wasm();
      return current;
    })();
    return moving;
  };

  return {
    modelId: current.modelId,
    dims: current.dims,
    get device() {
      return current.device;
    },
    async embed(texts, opts) {
      const running = current;
      try {
        return await running.embed(texts, opts);
      } catch (error) {
        if (opts?.signal?.aborted || running.device !== 'webgpu') throw error;
        return (await fallBack(error)).embed(texts, opts);
      }
    },
    countTokens: (text) => current.countTokens(text),
    dispose: () => current.dispose(),
  };
}
