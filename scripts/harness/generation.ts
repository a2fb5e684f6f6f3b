/**
 * `npm run bench`'s `generation` block: for each answer generator given, on WASM and on
 * the WebGPU adapter when there is one, each in a fresh generate.worker: load time, time to first
 * token and tokens per second over one answer.
 */
import type { Device } from '../../common/gpu';
import type { GenerateApi } from '../../workers/generate.worker';
import { WorkerOwner } from '../../src/lib/worker-owner';
import { generatorDtype } from '../../common/generators';
import { gpuSupport } from '../../common/gpu';

export type GenerationResult =
  { load_ms: number; first_token_ms: number; tokens_per_s: number; tokens: number; dtype: string } | { error: string };

const MESSAGES = [
  { role: 'system' as const, content: 'Answer the question using only the numbered sources. Cite them as [n].' },
  {
    role: 'user' as const,
    content:
      'Sources:\n\n[1] clinic-notes.md, Treatment\nThe physician prescribed antibiotics to treat the bacterial infection. The course lasts ten days.\n\nQuestion: what did the physician prescribe?',
  },
];

async function measure(
  modelId: string,
  device: Device,
  shaderF16: boolean,
  maxNewTokens: number,
): Promise<GenerationResult> {
  const worker = new WorkerOwner<GenerateApi>(
    `${device} generation bench`,
    () => new Worker(new URL('../../workers/generate.worker.ts', import.meta.url), { type: 'module' }),
  );
  const dtype = generatorDtype(device, shaderF16);
  try {
    const loadStart = performance.now();
    await worker.api.load({ modelId, dtype, device }, { timeoutMs: 30 * 60_000 });
    const loadMs = performance.now() - loadStart;
    let first: number | null = null;
    const began = performance.now();
    const answer = await worker.api.answer(
      { modelId, dtype, messages: MESSAGES, maxNewTokens },
      {
        timeoutMs: 30 * 60_000,
        onProgress: (event) => void ((event as { type: string }).type === 'text' && (first ??= performance.now())),
      },
    );
    const ended = performance.now();
    const firstMs = (first ?? ended) - began;
    // Tokens after the first, over the time after it: the decode rate without the prompt's prefill.
    const rest = Math.max(1, answer.tokens - 1);
    return {
      load_ms: Math.round(loadMs),
      first_token_ms: Math.round(firstMs),
      tokens_per_s: Number(((rest / Math.max(1, ended - began - firstMs)) * 1000).toFixed(1)),
      tokens: answer.tokens,
      dtype,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await worker.renew();
  }
}

/** model id → device → figures. */
export async function generation(
  modelIds: string[],
  maxNewTokens = 64,
): Promise<Record<string, Record<string, GenerationResult>>> {
  const gpu = await gpuSupport();
  const out: Record<string, Record<string, GenerationResult>> = {};
  for (const id of modelIds) {
    out[id] = { wasm: await measure(id, 'wasm', false, maxNewTokens) };
    out[id].webgpu = gpu.adapter
      ? await measure(id, 'webgpu', gpu.shaderF16, maxNewTokens)
      : { error: 'no WebGPU adapter in this browser' };
  }
  return out;
}
