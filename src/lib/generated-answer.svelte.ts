/**
 * The generated answer to the latest question: built from its search results, streamed from the
 * chosen generator, stoppable. A new question cancels the answer under way; a stopped answer stays,
 * marked stopped; a failure leaves the extractive answer with a message.
 */
import { ANSWER_TOKENS, promptBudget } from '../../common/generators';
import { buildPrompt, type PromptSource } from '../../common/text/prompt';
import { approximateTokens } from '../../common/text/tokens';
import type { SearchResponse } from '../../common/types';
import type { AnswerSource } from './answer-extract';
import { handleError } from './errors';
import { generator } from './generator.svelte';
import { translate as t } from './i18n/messages';

export type GeneratedState = 'streaming' | 'done' | 'stopped' | 'failed';

/** Results and passages per result offered to the generator, best first, before the budget cuts them. */
const SOURCE_HITS = 5;
const PASSAGES_PER_HIT = 2;
/** The 2k preset: small local models answer best from a short, focused context. */
const PROMPT_PRESET = 2000;

type Candidate = PromptSource & Omit<AnswerSource, 'n'>;

function candidates(response: SearchResponse): Candidate[] {
  return response.hits.slice(0, SOURCE_HITS).flatMap((hit) =>
    hit.propositions.slice(0, PASSAGES_PER_HIT).map((passage) => ({
      hit,
      passage,
      docName: hit.docName,
      docTitle: hit.docTitle,
      headingPath: hit.headingPath,
      pages: passage.pages,
      ...(passage.pageLabels ? { pageLabels: passage.pageLabels } : {}),
      text: passage.text,
    })),
  );
}

class GeneratedAnswer {
  state = $state<GeneratedState | null>(null);
  text = $state('');
  sources = $state.raw<AnswerSource[]>([]);
  error = $state('');
  #for: SearchResponse | null = null;
  #controller: AbortController | null = null;

  /** Starts answering `response` (unless it is the one already answered); cancels any answer under way. */
  start(response: SearchResponse, previous: string | null): void {
    if (response === this.#for) return;
    this.#controller?.abort();
    this.#for = response;
    this.text = '';
    this.error = '';
    this.sources = [];
    this.state = null;
    const choice = generator.choice;
    // Weak matches are shown to the reader, but are not answers to write from.
    if (response.hits.length === 0 || response.weak || generator.status !== 'ready') return;
    const budget = choice.kind === 'model' ? promptBudget(choice.info, PROMPT_PRESET) : PROMPT_PRESET - ANSWER_TOKENS;
    const prompt = buildPrompt(response.query, candidates(response), {
      budget,
      countTokens: approximateTokens,
      previous,
    });
    if (!prompt) return;
    this.sources = prompt.sources.map((s, i) => ({ n: i + 1, hit: s.hit, passage: s.passage }));
    const controller = (this.#controller = new AbortController());
    this.state = 'streaming';
    const messages = [
      { role: 'system' as const, content: prompt.system },
      { role: 'user' as const, content: prompt.user },
    ];
    generator
      .generate(messages, ANSWER_TOKENS, controller.signal, (piece) => {
        // Pieces already on their way when Stop was pressed are not shown: the answer ends where it was stopped.
        if (this.#controller === controller && !controller.signal.aborted) this.text += piece;
      })
      .then((result) => {
        if (this.#controller !== controller) return;
        this.state = result.stopped ? 'stopped' : 'done';
      })
      .catch((error: unknown) => {
        if (this.#controller !== controller) return;
        this.state = 'failed';
        this.error = t('answer.failed', { message: handleError(error).message });
      });
  }

  /** Stops the answer under way; what was written stays, marked stopped. */
  stop(): void {
    if (this.state !== 'streaming') return;
    this.#controller?.abort();
    this.state = 'stopped';
  }

  /** Forgets the answer (the question box was cleared). */
  clear(): void {
    this.#controller?.abort();
    this.#controller = null;
    this.#for = null;
    this.state = null;
    this.text = '';
    this.sources = [];
  }
}

export const generatedAnswer = new GeneratedAnswer();
