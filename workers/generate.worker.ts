/// <reference lib="webworker" />
/**
 * The answer generator's own worker, so search and ingest stay responsive while it writes.
 * Terminating it (Settings → Answers → None) frees the model's memory.
 */
import { expose, type CallContext } from '../common/rpc';
import { runtime, type ModelProgress } from './runtime/browser';
import { openGenerator, type GeneratorRequest, type LoadedGenerator } from './generate/open-generator';
import { streamAnswer, type ChatMessage } from './generate/stream-answer';

// Answer models run on the asyncify build whatever the device, as the generation figures in
// docs/benchmarks.md were measured on it (the plain build for WASM answers would be a measured change).
runtime.planGpuBuild();

let loaded: { modelId: string; promise: Promise<LoadedGenerator> } | null = null;

/** A piece of the answer as it is written. */
export type AnswerText = { type: 'text'; text: string };

function generator(
  request: GeneratorRequest,
  signal: AbortSignal,
  onProgress?: (progress: ModelProgress) => void,
): Promise<LoadedGenerator> {
  if (loaded?.modelId !== request.modelId) {
    const promise = openGenerator(request, signal, onProgress);
    loaded = { modelId: request.modelId, promise };
    // Cleared on failure (or a cancelled download) so a later call can retry.
    promise.catch(() => {
      if (loaded?.promise === promise) loaded = null;
    });
  }
  return loaded.promise;
}

const api = {
  /** Downloads what is missing of the model, then loads it; resolves to where it runs. */
  async load(request: GeneratorRequest, ctx: CallContext<ModelProgress>) {
    const { device, fallback } = await generator(request, ctx.signal, (progress) => ctx.progress(progress));
    return { device, fallback };
  },
  /** Writes the answer; each piece of text arrives as a progress event `{type: 'text', text}`. */
  async answer(
    {
      modelId,
      dtype,
      messages,
      maxNewTokens,
    }: Pick<GeneratorRequest, 'modelId' | 'dtype'> & { messages: ChatMessage[]; maxNewTokens: number },
    ctx: CallContext<AnswerText>,
  ) {
    const { pipeline } = await generator({ modelId, dtype }, ctx.signal);
    return streamAnswer(pipeline, messages, {
      maxNewTokens,
      signal: ctx.signal,
      onText: (text) => ctx.progress({ type: 'text', text }),
    });
  },
};

export type GenerateApi = typeof api;
expose(api, self);
