// @vitest-environment node
/**
 * The runtime's decisions, with stand-ins only below it: the adapter it is told of, the runtime
 * files, and sessions that open or fail on the device they are asked for.
 */
import { describe, expect, it } from 'vitest';
import type { Device, GpuSupport } from '../../common/gpu';
import { ModelRuntime, type Build, type RuntimeFiles, type RuntimeModel } from './runtime';

function host(gpu: GpuSupport) {
  const seen = { kept: [] as string[], warnings: [] as string[], probes: 0 };
  const runtime = new ModelRuntime({
    gpu: async () => (seen.probes++, gpu),
    files: (build: Build) => ({ mjs: `${build}.mjs`, wasm: `${build}.wasm` }),
    keep: async (files) => void seen.kept.push(files.wasm),
    warn: (message) => void seen.warnings.push(message),
  });
  return { runtime, seen };
}

const ADAPTER: GpuSupport = { adapter: true, shaderF16: true };
const NO_ADAPTER: GpuSupport = { adapter: false, shaderF16: false };
const gpuModel: RuntimeModel = { id: 'bge', gpuWeights: true };
const int8Model: RuntimeModel = { id: 'glove', gpuWeights: false };

/** Sessions that record where they were opened and fail on the devices listed. */
function sessions(failOn: Device[] = []) {
  const opened: { device: Device; files: RuntimeFiles }[] = [];
  const open = async (device: Device, files: RuntimeFiles) => {
    if (failOn.includes(device)) throw new Error(`${device} session failed: no kernel for this op`);
    opened.push({ device, files });
    return `${device} session`;
  };
  return { open, opened };
}

describe('ModelRuntime.open', () => {
  it('moves to WASM when the WebGPU session fails, and says why', async () => {
    const { runtime, seen } = host(ADAPTER);
    const { open, opened } = sessions(['webgpu']);
    const result = await runtime.open(gpuModel, open);
    expect(result.device).toBe('wasm');
    expect(result.session).toBe('wasm session');
    expect(result.fallback).toBe('WebGPU failed: webgpu session failed: no kernel for this op');
    // The worker loaded the build that can start WebGPU, and WASM runs on it too.
    expect(opened).toEqual([{ device: 'wasm', files: { mjs: 'gpu.mjs', wasm: 'gpu.wasm' } }]);
    expect(seen.warnings).toEqual(['WebGPU failed for bge; using WASM']);
  });

  it('runs on WebGPU when the adapter and the weights allow it, and keeps that build for offline use', async () => {
    const { runtime, seen } = host(ADAPTER);
    const result = await runtime.open(gpuModel, sessions().open);
    expect(result).toEqual({ session: 'webgpu session', device: 'webgpu', fallback: null });
    expect(seen.kept).toEqual(['gpu.wasm']);
  });

  it('uses WASM and the plain build without an adapter, or for int8 weights', async () => {
    for (const [gpu, model] of [
      [NO_ADAPTER, gpuModel],
      [ADAPTER, int8Model],
    ] as const) {
      const { runtime, seen } = host(gpu);
      const { open, opened } = sessions();
      expect(await runtime.open(model, open)).toEqual({ session: 'wasm session', device: 'wasm', fallback: null });
      expect(opened[0]!.files.wasm).toBe('plain.wasm');
      expect(seen.kept).toEqual([]);
    }
  });

  it('does not ask for an adapter for int8 weights', async () => {
    const { runtime, seen } = host(ADAPTER);
    await runtime.open(int8Model, sessions().open);
    expect(seen.probes).toBe(0);
  });

  it('uses WASM when the weights do not suit the adapter (made for shader-f16, which it lacks)', async () => {
    const { runtime } = host({ adapter: true, shaderF16: false });
    const f16Model: RuntimeModel = { id: 'qwen', gpuWeights: true, suits: (gpu) => gpu.shaderF16 };
    expect((await runtime.open(f16Model, sessions().open)).device).toBe('wasm');
  });

  it('fails when WASM fails too', async () => {
    const { runtime } = host(ADAPTER);
    await expect(runtime.open(gpuModel, sessions(['webgpu', 'wasm']).open)).rejects.toThrow('wasm session failed');
  });

  it('does not fall back on a device asked for (the bench measures each)', async () => {
    const { runtime } = host(ADAPTER);
    await expect(runtime.open(gpuModel, sessions(['webgpu']).open, 'webgpu')).rejects.toThrow('webgpu session failed');
  });
});

describe('ModelRuntime: which worker', () => {
  it('asks for a fresh worker when a WebGPU model comes after the plain build was loaded', async () => {
    const { runtime } = host(ADAPTER);
    await runtime.open(int8Model, sessions().open);
    expect(await runtime.needsFreshWorker(gpuModel)).toBe(true);
    expect(await runtime.needsFreshWorker(int8Model)).toBe(false);
    await expect(runtime.requireWorkerFor(gpuModel)).rejects.toMatchObject({ code: 'FRESH_WORKER' });
    // Still usable here meanwhile, on WASM, with the reason.
    const result = await runtime.open(gpuModel, sessions().open);
    expect(result.device).toBe('wasm');
    expect(result.fallback).toMatch(/fresh worker/);
  });

  it('loads the WebGPU build from the start when a planned model runs on WebGPU', async () => {
    const { runtime } = host(ADAPTER);
    runtime.plan(Promise.resolve([int8Model, gpuModel]));
    const { open, opened } = sessions();
    await runtime.open(int8Model, open);
    expect(opened[0]!.files.wasm).toBe('gpu.wasm');
    expect(await runtime.needsFreshWorker(gpuModel)).toBe(false);
  });

  it('plans the plain build when no adapter exists, whatever the models', async () => {
    const { runtime } = host(NO_ADAPTER);
    runtime.plan(Promise.resolve([gpuModel]));
    const { open, opened } = sessions();
    await runtime.open(gpuModel, open);
    expect(opened[0]!.files.wasm).toBe('plain.wasm');
    expect(await runtime.needsFreshWorker(gpuModel)).toBe(false);
  });
});
