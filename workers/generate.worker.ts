/// <reference lib="webworker" />
/**
 * The answer generator's own worker, so search and ingest stay responsive while it writes.
 * Terminating it (Settings → Answers → None) frees the model's memory.
 */
import type { Device } from '../src/shared/gpu';
import type { GeneratorDtype } from '../src/shared/generators';
import { expose, type CallContext } from '../src/shared/rpc';
import { loadGenerator, type LoadedGenerator } from './generate/load-generator';
import { streamAnswer, type ChatMessage } from './generate/stream-answer';

let loaded: { modelId: string; promise: Promise<LoadedGenerator> } | null = null;

/** A model-loading event from Transformers.js, passed through unchanged. */
export type LoadProgress = { type: 'load'; event: unknown };
/** A piece of the answer as it is written. */
export type AnswerText = { type: 'text'; text: string };

function generator(
  modelId: string,
  dtype: GeneratorDtype,
  onProgress?: (event: unknown) => void,
  device?: Device,
): Promise<LoadedGenerator> {
  if (loaded?.modelId !== modelId) {
    const promise = loadGenerator(modelId, dtype, onProgress, device);
    loaded = { modelId, promise };
    // Cleared on failure so a later call can retry.
    promise.catch(() => {
      if (loaded?.promise === promise) loaded = null;
    });
  }
  return loaded.promise;
}

const api = {
  /** Loads the model; resolves to where it runs. */
  async load(
    { modelId, dtype, device: wanted }: { modelId: string; dtype: GeneratorDtype; device?: Device },
    ctx: CallContext<LoadProgress>,
  ) {
    const { device } = await generator(modelId, dtype, (event) => ctx.progress({ type: 'load', event }), wanted);
    return { device };
  },
  /** Writes the answer; each piece of text arrives as a progress event `{type: 'text', text}`. */
  async answer(
    {
      modelId,
      dtype,
      messages,
      maxNewTokens,
    }: { modelId: string; dtype: GeneratorDtype; messages: ChatMessage[]; maxNewTokens: number },
    ctx: CallContext<AnswerText>,
  ) {
    const { pipeline } = await generator(modelId, dtype);
    return streamAnswer(pipeline, messages, {
      maxNewTokens,
      signal: ctx.signal,
      onText: (text) => ctx.progress({ type: 'text', text }),
    });
  },
};

export type GenerateApi = typeof api;
expose(api, self);
