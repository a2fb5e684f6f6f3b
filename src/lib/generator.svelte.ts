/**
 * The answer generator chosen in Settings → Answers: none (extractive answers only), a downloaded
 * model run in its own worker, or the browser's built-in model. The choice is kept in the
 * settings store; a downloaded model is loaded at start, so an offline reload still answers.
 */
import type { GenerateApi } from '../../workers/generate.worker';
import { generatorDtype, generatorFiles, whyNotFit, type GeneratorChoice } from '../shared/generators';
import { gpuSupport } from '../shared/gpu';
import { MODEL_CACHE, modelFilePath } from '../shared/models';
import { GENERATOR_KEY } from '../shared/settings';
import { AppError } from '../shared/types';
import type { ChatMessage } from '../../workers/generate/stream-answer';
import { db } from './db';
import { handleError, isAbort } from './errors';
import { downloadModel } from './model-download';
import { models } from './models.svelte';
import { promptApiAnswer } from './prompt-api';
import { WorkerOwner } from './worker-owner';
import { engine } from './workers';

const PARTS_CACHE = 'carrel-generator-parts';

export type GeneratorStatus = 'off' | 'downloading' | 'loading' | 'ready' | 'failed';

export interface GeneratedResult {
  text: string;
  stopped: boolean;
}

class GeneratorState {
  choice = $state.raw<GeneratorChoice>({ kind: 'none' });
  status = $state<GeneratorStatus>('off');
  message = $state('');
  progress = $state<{ done: number; total: number } | null>(null);
  #owner: WorkerOwner<GenerateApi> | null = null;
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
    try {
      if (!(await this.#downloaded(choice))) await this.#download(choice);
      this.status = 'loading';
      const { device } = await this.#worker().api.load(
        { modelId: choice.info.id, dtype: choice.dtype },
        { timeoutMs: 300_000 },
      );
      this.status = 'ready';
      this.message = `${choice.info.label} is ready, running on ${device === 'webgpu' ? 'the graphics card (WebGPU)' : 'the processor (WASM)'}.`;
    } catch (error) {
      this.status = 'failed';
      this.message = `${choice.info.label} could not be loaded: ${handleError(error).message} Answers stay extractive: sentences quoted from your documents.`;
      this.#stopWorker();
    }
  }

  async #downloaded(choice: Extract<GeneratorChoice, { kind: 'model' }>): Promise<boolean> {
    const cache = await caches.open(MODEL_CACHE);
    const found = await Promise.all(
      generatorFiles(choice.dtype).map((file) => cache.match(modelFilePath(choice.info.id, file))),
    );
    return found.every(Boolean);
  }

  async #download(choice: Extract<GeneratorChoice, { kind: 'model' }>): Promise<void> {
    this.status = 'downloading';
    this.progress = { done: 0, total: choice.info.bytes };
    try {
      await downloadModel({
        modelId: choice.info.id,
        fileNames: generatorFiles(choice.dtype),
        host: models.host,
        files: await caches.open(MODEL_CACHE),
        parts: await caches.open(PARTS_CACHE),
        signal: new AbortController().signal,
        onProgress: ({ done, total }) => (this.progress = { done, total }),
      });
    } finally {
      this.progress = null;
    }
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
