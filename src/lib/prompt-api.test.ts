import { afterEach, describe, expect, it } from 'vitest';
import { browserModelAvailability, promptApiAnswer } from './prompt-api';

const scope = globalThis as { LanguageModel?: unknown };
afterEach(() => delete scope.LanguageModel);

/** A stand-in for Chrome's `LanguageModel` that streams `pieces`, checking the abort signal between them. */
function fakeLanguageModel(pieces: string[], seen: { system?: string; user?: string; destroyed?: boolean }) {
  return {
    availability: async () => 'available',
    create: async ({ initialPrompts }: { initialPrompts: { content: string }[] }) => {
      seen.system = initialPrompts[0]!.content;
      return {
        promptStreaming(input: string, { signal }: { signal?: AbortSignal } = {}) {
          seen.user = input;
          let i = 0;
          return new ReadableStream<string>({
            pull(controller) {
              if (signal?.aborted) return controller.error(new DOMException('stopped', 'AbortError'));
              if (i < pieces.length) controller.enqueue(pieces[i++]!);
              else controller.close();
            },
          });
        },
        destroy: () => void (seen.destroyed = true),
      };
    },
  };
}

describe('the browser’s built-in model', () => {
  it('is reported absent where there is no Prompt API, and as the browser says otherwise', async () => {
    expect(await browserModelAvailability()).toBe('absent');
    scope.LanguageModel = { availability: async () => 'downloadable' };
    expect(await browserModelAvailability()).toBe('downloadable');
    scope.LanguageModel = { availability: async () => Promise.reject(new Error('policy')) };
    expect(await browserModelAvailability()).toBe('unavailable');
  });

  it('streams an answer from the system and user messages, and frees its session', async () => {
    const seen: { system?: string; user?: string; destroyed?: boolean } = {};
    scope.LanguageModel = fakeLanguageModel(['Antibiotics', ' [1]', '.'], seen);
    const pieces: string[] = [];
    const answer = await promptApiAnswer(
      [
        { role: 'system', content: 'Cite [n].' },
        { role: 'user', content: 'Question: what?' },
      ],
      new AbortController().signal,
      (t) => pieces.push(t),
    );
    expect(answer).toEqual({ text: 'Antibiotics [1].', stopped: false });
    expect(pieces).toEqual(['Antibiotics', ' [1]', '.']);
    expect(seen).toEqual({ system: 'Cite [n].', user: 'Question: what?', destroyed: true });
  });

  it('keeps what was written when stopped', async () => {
    const seen = {};
    scope.LanguageModel = fakeLanguageModel(['One', ' two', ' three'], seen);
    const controller = new AbortController();
    const answer = await promptApiAnswer(
      [{ role: 'user', content: 'q' }],
      controller.signal,
      (t) => t === ' two' && controller.abort(),
    );
    expect(answer).toEqual({ text: 'One two', stopped: true });
  });

  it('says so where there is none', async () => {
    await expect(promptApiAnswer([], new AbortController().signal, () => {})).rejects.toThrow(
      /no built-in language model/,
    );
  });
});
