/**
 * What WebGPU this browser offers, asked once per page or worker: a real adapter (`navigator.gpu`
 * alone is not enough: it exists where no adapter does) and whether it has `shader-f16`.
 */
/** Where a model runs: on the graphics card, or on the processor through WebAssembly. */
export type Device = 'wasm' | 'webgpu';

export interface GpuSupport {
  adapter: boolean;
  shaderF16: boolean;
}

interface GpuAdapterLike {
  features: { has(name: string): boolean };
}

let support: Promise<GpuSupport> | null = null;

export function gpuSupport(): Promise<GpuSupport> {
  support ??= (async () => {
    const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<GpuAdapterLike | null> } }).gpu;
    const adapter = await gpu?.requestAdapter().catch(() => null);
    return { adapter: !!adapter, shaderF16: !!adapter?.features.has('shader-f16') };
  })();
  return support;
}
