/**
 * `npm run bench`'s backend figures: the built-in model on WASM and on WebGPU, each in a fresh
 * worker (backend.worker.ts): model load time and propositions embedded per second. bench.mjs
 * starts Chromium with --enable-unsafe-webgpu, so WebGPU runs where an adapter exists — a real GPU,
 * or Chromium's software one (SwiftShader), whose speed says nothing about a GPU's.
 */
import { WorkerOwner } from '../../src/lib/worker-owner';
import { gpuSupport } from '../../common/gpu';
import type { Device } from '../../common/gpu';
import type { BackendApi } from './backend.worker';

export type BackendResult = { model_load_ms: number; propositions_per_s: number; adapter?: string } | { error: string };

export async function backends(texts: string[]): Promise<Record<Device | 'table', BackendResult>> {
  const out = {} as Record<Device | 'table', BackendResult>;
  for (const device of ['table', 'wasm', 'webgpu'] as const) {
    if (device === 'webgpu' && !(await gpuSupport()).adapter) {
      out[device] = { error: 'no WebGPU adapter in this browser' };
      continue;
    }
    const worker = new WorkerOwner<BackendApi>(
      `${device} bench worker`,
      () => new Worker(new URL('./backend.worker.ts', import.meta.url), { type: 'module' }),
    );
    try {
      const run = await worker.api.embed({ device, texts }, { timeoutMs: 30 * 60_000 });
      out[device] = {
        model_load_ms: Math.round(run.loadMs),
        propositions_per_s: Math.round((run.propositions / run.ms) * 1000),
      };
      if (device === 'webgpu') out[device] = { ...out[device], adapter: await adapterName() };
    } catch (error) {
      out[device] = { error: error instanceof Error ? error.message : String(error) };
    } finally {
      await worker.renew();
    }
  }
  return out;
}

/** The adapter's vendor and architecture ("google swiftshader" for the software one). */
async function adapterName(): Promise<string> {
  const gpu = (
    navigator as unknown as {
      gpu?: { requestAdapter(): Promise<{ info?: { vendor: string; architecture: string } } | null> };
    }
  ).gpu;
  const info = (await gpu?.requestAdapter())?.info;
  return info ? `${info.vendor} ${info.architecture}`.trim() : 'unknown';
}
