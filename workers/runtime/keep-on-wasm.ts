/**
 * An embedder on WebGPU that moves to WASM by itself when the GPU fails in use (a lost device, a
 * kernel the adapter lacks): a WASM session takes over for good and the failed call is repeated on
 * it, so the caller never sees the GPU's error. (A session that cannot start at all is the
 * runtime's fallback: ModelRuntime.open.)
 */
import type { Embedder } from '../embed/embedder';

export function keepOnWasm(
  gpu: Embedder,
  wasm: () => Promise<Embedder>,
  onFallback: (error: unknown) => void,
): Embedder {
  let current = gpu;
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
    knowsWord: (word) => current.knowsWord?.(word) ?? false,
    dispose: () => current.dispose(),
  };
}
