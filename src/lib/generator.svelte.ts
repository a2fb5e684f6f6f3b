/**
 * The answer generator chosen in Settings → Answers: none (extractive answers only), a downloaded
 * model run in its own worker, or the browser's built-in model. The choice is kept in the
 * settings store; a downloaded model is loaded at start, so an offline reload still answers.
 */
import type { GenerateApi } from '../../workers/generate.worker';
import type { DownloadProgress } from '../../workers/runtime/download';
import type { ModelProgress } from '../../workers/runtime/browser';
import { generatorDtype, whyNotFit, type GeneratorChoice } from '../../common/generators';
import { gpuSupport } from '../../common/gpu';
import { GENERATOR_KEY } from '../../common/settings';
import { AppError } from '../../common/types';
import type { ChatMessage } from '../../workers/generate/stream-answer';
import { db } from './db';
import { handleError, isAbort } from './errors';
import { models } from './models.svelte';
import { promptApiAnswer } from './prompt-api';
import { WorkerOwner } from './worker-owner';
import { engine } from './workers';
import { translate as t } from './i18n/messages';

/** Downloading and loading an answer model: it reports as it goes, and a large model on a slow line takes long. */
const LOAD_TIMEOUT_MS = 24 * 60 * 60 * 1000;

export type GeneratorStatus = 'off' | 'downloading' | 'loading' | 'ready' | 'failed';

export interface GeneratedResult {
  text: string;
  stopped: boolean;
}

class GeneratorState {
  choice = $state.raw<GeneratorChoice>({ kind: 'none' });
  status = $state<GeneratorStatus>('off');
  message = $state('');
  /** The download under way, as the embedding models' downloads report it. */
  progress = $state.raw<DownloadProgress | null>(null);
  #owner: WorkerOwner<GenerateApi> | null = null;
  /** Aborts the download or load under way. */
  #cancel: AbortController | null = null;
  #started = false;

  /** Reads the saved choice and loads it (once per tab). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    void db.settings.get(GENERATOR_KEY).then((record) => {
      const choice = record?.value as GeneratorChoice | undefined;
      if (choice && choice.kind !== 'none') void this.#apply(choice);
    });
  }

  /** Switches generator; a downloaded model is fetched first and refused if it will not fit. */
  async choose(choice: GeneratorChoice): Promise<void> {
    this.#cancel?.abort();
    this.#cancel = null;
    this.#stopWorker();
    if (choice.kind === 'model') {
      const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
      const memory = (navigator as { deviceMemory?: number }).deviceMemory;
      const refusal = whyNotFit(choice.info, {
        freeBytes: estimate?.quota !== undefined ? estimate.quota - (estimate.usage ?? 0) : undefined,
        deviceMemoryGb: memory,
      });
      if (refusal) {
        this.status = 'failed';
        this.message = refusal;
        return;
      }
      const gpu = await gpuSupport();
      choice = { ...choice, dtype: generatorDtype(gpu.adapter ? 'webgpu' : 'wasm', gpu.shaderF16) };
    }
    await engine.api.saveSetting({ key: GENERATOR_KEY, value: $state.snapshot(choice) });
    await this.#apply(choice);
  }

  async #apply(choice: GeneratorChoice): Promise<void> {
    this.choice = choice;
    this.message = '';
    if (choice.kind === 'none') return void (this.status = 'off');
    if (choice.kind === 'browser') return void (this.status = 'ready');
    const cancel = new AbortController();
    this.#cancel = cancel;
    this.status = 'loading';
    try {
      const { device } = await this.#worker().api.load(
        { modelId: choice.info.id, dtype: choice.dtype, host: models.host },
        { signal: cancel.signal, timeoutMs: LOAD_TIMEOUT_MS, onProgress: (event) => this.#onProgress(event) },
      );
      this.status = 'ready';
      this.message = t('answers.ready', {
        label: choice.info.label,
        device: t(device === 'webgpu' ? 'answers.gpu' : 'answers.cpu'),
      });
    } catch (error) {
      // Cancelled, or replaced by another choice: whoever did it has set the state.
      if (cancel.signal.aborted) return;
      this.#stopWorker();
      this.status = 'failed';
      this.message = t('answers.loadFailed', { label: choice.info.label, message: handleError(error).message });
    } finally {
      if (this.#cancel === cancel) {
        this.#cancel = null;
        this.progress = null;
      }
    }
  }

  #onProgress(event: ModelProgress): void {
    if (event.stage === 'download' && event.done < event.total) {
      this.status = 'downloading';
      this.progress = { done: event.done, total: event.total, secondsLeft: event.secondsLeft };
    } else {
      this.status = 'loading';
      this.progress = null;
    }
  }

  /**
   * Stops the answer model's download: nothing is marked ready, answers stay extractive (also after
   * a reload), and what arrived is kept, so choosing the model again resumes the download.
   */
  async cancel(): Promise<void> {
    const choice = this.choice;
    if (!this.#cancel || choice.kind !== 'model') return;
    this.#cancel.abort();
    this.#cancel = null;
    this.#stopWorker();
    this.choice = { kind: 'none' };
    this.status = 'off';
    this.progress = null;
    this.message = t('answers.cancelled', { label: choice.info.label });
    await engine.api.saveSetting({ key: GENERATOR_KEY, value: { kind: 'none' } });
  }

  #worker(): WorkerOwner<GenerateApi> {
    this.#owner ??= new WorkerOwner<GenerateApi>(
      'answer generator',
      () =>
        new Worker(new URL('../../workers/generate.worker.ts', import.meta.url), { type: 'module', name: 'generate' }),
    );
    return this.#owner;
  }

  /** Ends the worker: its model's memory is freed with it. */
  #stopWorker(): void {
    this.#owner?.restart();
    this.#owner = null;
  }

  /** Writes an answer to `messages`, passing each piece to `onText`; an abort keeps what was written. */
  async generate(
    messages: ChatMessage[],
    maxNewTokens: number,
    signal: AbortSignal,
    onText: (text: string) => void,
  ): Promise<GeneratedResult> {
    const choice = this.choice;
    if (choice.kind === 'browser') return promptApiAnswer(messages, signal, onText);
    if (choice.kind !== 'model' || this.status !== 'ready')
      throw new AppError('UNKNOWN', 'No answer generator is ready.');
    try {
      return await this.#worker().api.answer(
        { modelId: choice.info.id, dtype: choice.dtype, messages, maxNewTokens },
        { signal, timeoutMs: 600_000, stallMs: 60_000, onProgress: (event) => onText(event.text) },
      );
    } catch (error) {
      if (isAbort(error)) return { text: '', stopped: true };
      throw error;
    }
  }
}

export const generator = new GeneratorState();
