import { env, pipeline, type TextGenerationPipeline } from '@huggingface/transformers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_TEXT, makeTestGenerator } from '../../scripts/make-test-generator.mjs';
import { citedSources, parseCitations } from '../../src/lib/answer-citations';
import { streamAnswer, type ChatMessage } from './stream-answer';

// The real Transformers.js runtime (onnxruntime-node here, the same graph and tokenizer the browser loads).
let dir: string;
let generator: TextGenerationPipeline;
const messages: ChatMessage[] = [
  { role: 'system', content: 'Answer using only the numbered sources and cite them as [n].' },
  {
    role: 'user',
    content:
      'Sources:\n\n[1] clinic-notes.md, Treatment\nThe physician prescribed antibiotics.\n\nQuestion: what was prescribed?',
  },
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'carrel-generator-'));
  makeTestGenerator({ out: join(dir, 'carrel-test/tiny-generator') });
  env.localModelPath = `${dir}/`;
  env.allowRemoteModels = false;
  generator = (await pipeline('text-generation', 'carrel-test/tiny-generator', {
    dtype: 'q8',
  })) as TextGenerationPipeline;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the test generator through streamAnswer', () => {
  it('streams its fixed cited answer token by token', async () => {
    const pieces: string[] = [];
    const answer = await streamAnswer(generator, messages, { maxNewTokens: 64, onText: (t) => pieces.push(t) });
    expect(answer.stopped).toBe(false);
    expect(pieces.length).toBeGreaterThan(10);
    expect(answer.text).toBe(ANSWER_TEXT.replace(' .', '.'));
    // With one source, [2] names nothing and is dropped; [1] stays.
    const parsed = parseCitations(answer.text, 1);
    expect(citedSources(parsed.segments)).toEqual([1]);
  });

  it('stops at the next token when aborted, keeping what was written', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const answer = await streamAnswer(generator, messages, {
      maxNewTokens: 64,
      signal: controller.signal,
      onText: (t) => {
        pieces.push(t);
        if (pieces.length === 3) controller.abort();
      },
    });
    expect(answer.stopped).toBe(true);
    expect(answer.text.length).toBeGreaterThan(0);
    expect(ANSWER_TEXT.startsWith(answer.text)).toBe(true);
    expect(answer.text.length).toBeLessThan(ANSWER_TEXT.length / 2);
  });

  it('writes nothing for a signal already aborted', async () => {
    const answer = await streamAnswer(generator, messages, { maxNewTokens: 64, signal: AbortSignal.abort() });
    expect(answer).toEqual({ text: '', stopped: true, tokens: 0 });
  });

  it('respects the token limit', async () => {
    const answer = await streamAnswer(generator, messages, { maxNewTokens: 4 });
    expect(answer.text.split(' ')).toHaveLength(4);
  });
});

describe('the slow test generator', () => {
  it('loops back to its first word until the token limit', async () => {
    const slowDir = join(dir, 'carrel-test/slow-generator');
    makeTestGenerator({ out: slowDir, slow: true });
    const slow = (await pipeline('text-generation', 'carrel-test/slow-generator', {
      dtype: 'q8',
    })) as TextGenerationPipeline;
    const answer = await streamAnswer(slow, messages, { maxNewTokens: 40 });
    expect(answer.stopped).toBe(false);
    expect(answer.tokens).toBe(40);
    expect(answer.text.startsWith('The first source answers this [1] and')).toBe(true);
    expect(answer.text).toContain('cited. The first source');
  });
});
