/// <reference lib="webworker" />
/**
 * One embedding run of the built-in model on one backend, in a worker of its own: ONNX Runtime
 * loads one runtime build per worker, so each backend is measured from a fresh start. `table` is
 * the app's own way, its lookup table read without ONNX Runtime (workers/embed/static-model.ts).
 */
import { BUILTIN_MODEL } from '../../common/models';
import { expose } from '../../common/rpc';
import type { Device } from '../../common/gpu';
import { loadEmbedder, openEmbedderOn } from '../../workers/embed/embedders';

const api = {
  async embed({ device, texts }: { device: Device | 'table'; texts: string[] }) {
    const began = performance.now();
    const embedder =
      device === 'table' ? await loadEmbedder(BUILTIN_MODEL) : await openEmbedderOn(BUILTIN_MODEL, device);
    const loadMs = performance.now() - began;
    // The first batch pays for compiling kernels (shaders on WebGPU): not part of the rate.
    await embedder.embed(texts.slice(0, 64));
    const start = performance.now();
    await embedder.embed(texts, { batchSize: 64 });
    const ms = performance.now() - start;
    await embedder.dispose();
    return { device, loadMs, ms, propositions: texts.length };
  },
};

export type BackendApi = typeof api;

expose(api, self);
