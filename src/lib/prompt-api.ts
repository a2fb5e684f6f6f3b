/**
 * Chrome's built-in model (the Prompt API's `LanguageModel` global), feature-detected: never
 * assumed, its availability read and shown, its download left to the browser.
 */
import type { ChatMessage } from '../../workers/generate/stream-answer';
import { AppError } from '../../common/types';

export type BrowserModelAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available' | 'absent';

interface LanguageModelSession {
  promptStreaming(input: string, options?: { signal?: AbortSignal }): ReadableStream<string>;
  destroy(): void;
}

interface LanguageModelGlobal {
  availability(): Promise<Exclude<BrowserModelAvailability, 'absent'>>;
  create(options: {
    initialPrompts: { role: 'system'; content: string }[];
    signal?: AbortSignal;
  }): Promise<LanguageModelSession>;
}

const languageModel = (): LanguageModelGlobal | undefined =>
  (globalThis as { LanguageModel?: LanguageModelGlobal }).LanguageModel;

/** What the browser says of its model; `absent` where there is no Prompt API at all. */
export async function browserModelAvailability(): Promise<BrowserModelAvailability> {
  const api = languageModel();
  if (!api) return 'absent';
  return api.availability().catch(() => 'unavailable' as const);
}

/** Streams the browser model's answer; an abort keeps what was written. */
export async function promptApiAnswer(
  messages: ChatMessage[],
  signal: AbortSignal,
  onText: (text: string) => void,
): Promise<{ text: string; stopped: boolean }> {
  const api = languageModel();
  if (!api) throw new AppError('UNKNOWN', 'This browser has no built-in language model.');
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  const user = messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const session = await api.create({ initialPrompts: [{ role: 'system', content: system }], signal });
  let text = '';
  try {
    const reader = session.promptStreaming(user, { signal }).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      onText(value);
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    session.destroy();
  }
  return { text: text.trim(), stopped: signal.aborted };
}
