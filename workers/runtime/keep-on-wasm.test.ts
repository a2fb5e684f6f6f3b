import { describe, expect, it } from 'vitest';
import type { Device } from '../../common/gpu';
import type { Embedder } from '../embed/embedder';
import { keepOnWasm } from './keep-on-wasm';

/** An embedder that answers with its device's marker, or fails when told to. */
function fake(device: Device, failing: { embed?: boolean } = {}): Embedder & { disposed: boolean } {
  return {
    modelId: 'm',
    dims: 1,
    device,
    disposed: false,
    async embed(texts) {
      if (failing.embed) throw new Error(`${device} lost`);
      return texts.map(() => Float32Array.of(device === 'webgpu' ? 1 : 2));
    },
    countTokens: (text) => text.length,
    async dispose() {
      this.disposed = true;
    },
  };
}

describe('keepOnWasm', () => {
  it('runs on WebGPU while it works', async () => {
    const fallbacks: unknown[] = [];
    const embedder = keepOnWasm(
      fake('webgpu'),
      async () => fake('wasm'),
      (e) => fallbacks.push(e),
    );
    expect(embedder.device).toBe('webgpu');
    expect(await embedder.embed(['a'])).toEqual([Float32Array.of(1)]);
    expect(fallbacks).toEqual([]);
  });

  it('moves to WASM for good when a GPU call fails, repeating that call', async () => {
    const gpu = fake('webgpu', { embed: true });
    let wasmSessions = 0;
    const fallbacks: unknown[] = [];
    const embedder = keepOnWasm(
      gpu,
      async () => (wasmSessions++, fake('wasm')),
      (e) => fallbacks.push(e),
    );
    const [first, second] = await Promise.all([embedder.embed(['a']), embedder.embed(['b'])]);
    expect(first).toEqual([Float32Array.of(2)]);
    expect(second).toEqual([Float32Array.of(2)]);
    expect(embedder.device).toBe('wasm');
    expect(gpu.disposed).toBe(true);
    expect(wasmSessions).toBe(1);
    expect(fallbacks).toHaveLength(1);
  });

  it('does not fall back when the call was aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const embedder = keepOnWasm(
      fake('webgpu', { embed: true }),
      async () => fake('wasm'),
      () => undefined,
    );
    await expect(embedder.embed(['a'], { signal: controller.signal })).rejects.toThrow('webgpu lost');
    expect(embedder.device).toBe('webgpu');
  });
});
