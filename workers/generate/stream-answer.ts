/**
 * Runs a Transformers.js text-generation pipeline on an answer prompt: greedy, streamed piece by
 * piece, stoppable. The generator worker wires this up; tests call it directly in Node.
 */
import { InterruptableStoppingCriteria, TextStreamer, type TextGenerationPipeline } from '@huggingface/transformers';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface StreamOptions {
  maxNewTokens: number;
  signal?: AbortSignal;
  /** Each decoded piece as it arrives. */
  onText?: (text: string) => void;
}

export interface StreamedAnswer {
  text: string;
  /** True when the signal ended it before the model did. */
  stopped: boolean;
  tokens: number;
}

/** Generates the answer to `messages`; an abort ends it at the next token and keeps what was written. */
export async function streamAnswer(
  generator: TextGenerationPipeline,
  messages: ChatMessage[],
  opts: StreamOptions,
): Promise<StreamedAnswer> {
  const stop = new InterruptableStoppingCriteria();
  const onAbort = () => stop.interrupt();
  if (opts.signal?.aborted) return { text: '', stopped: true, tokens: 0 };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let text = '';
  let tokens = 0;
  const streamer = new TextStreamer(generator.tokenizer, {
    skip_prompt: true,
    skip_special_tokens: true,
    callback_function: (piece: string) => {
      text += piece;
      opts.onText?.(piece);
    },
    token_callback_function: () => void tokens++,
  });
  try {
    await generator(messages, {
      max_new_tokens: opts.maxNewTokens,
      do_sample: false,
      streamer,
      stopping_criteria: stop,
    });
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return { text: text.trim(), stopped: !!opts.signal?.aborted, tokens };
}
