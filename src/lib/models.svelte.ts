/**
 * State of the model settings: the catalogue with what is installed, downloads (progress, cancel,
 * resume), the mirror, and switching the library to another model in the background.
 */
import { liveQuery } from 'dexie';
import { ACTIVE_MODEL_KEY, MODEL_MIRROR_KEY, TARGET_MODEL_KEY, type ModelRecord } from '../../common/db';
import { gpuSupport, type GpuSupport } from '../../common/gpu';
import {
  BUILTIN_MODEL,
  CATALOGUE,
  DEFAULT_MODEL_HOST,
  customModel,
  downloadBytes,
  dtypeFor,
  isModelId,
  type Dtype,
  type ModelInfo,
} from '../../common/models';
import { AppError } from '../../common/types';
import { appStatus } from './app-status.svelte';
import { db } from './db';
import { handleError, isAbort } from './errors';
import type { DownloadProgress } from '../../workers/runtime/download';
import { remoteFileUrl } from '../../common/models';
import { engine } from './workers';

/** Parts of downloads under way (workers/runtime/download.ts), kept so an interrupted one resumes. */
export const PARTS_CACHE = 'carrel-model-parts';
const SWITCH_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** A download reports each chunk; a day covers a large model on a slow line. */
export const DOWNLOAD_TIMEOUT_MS = 24 * 60 * 60 * 1000;

export type ModelStatus = 'builtin' | 'available' | 'downloading' | 'interrupted' | 'not-downloaded';

class Models {
  records = $state.raw<ModelRecord[]>([]);
  activeId = $state(BUILTIN_MODEL.id);
  /** The model the library is being re-embedded with, if a switch is under way. */
  targetId = $state<string | null>(null);
  switchProgress = $state.raw<{ done: number; total: number } | null>(null);
  mirror = $state('');
  progress = $state.raw<Record<string, DownloadProgress>>({});
  errors = $state.raw<Record<string, string>>({});
  /** This browser's WebGPU, which decides the weights a download fetches. */
  gpu = $state<GpuSupport>({ adapter: false, shaderF16: false });
  #downloads = new Map<string, AbortController>();
  #switching = false;

  /** Catalogue entries first, then models added by id; a downloaded model as it was downloaded. */
  get list(): ModelInfo[] {
    const extra = this.records.filter((r) => !CATALOGUE.some((m) => m.id === r.id)).map((r) => r.info);
    return [...CATALOGUE.map((m) => this.record(m.id)?.info ?? m), ...extra];
  }

  /** The weights a download of `info` fetches here: int8 for WASM, fp16/fp32 for WebGPU. */
  weightsHere(info: ModelInfo): Dtype {
    return dtypeFor(info.prefersGpu && this.gpu.adapter ? 'webgpu' : 'wasm', this.gpu.shaderF16);
  }

  status(id: string): ModelStatus {
    if (id === BUILTIN_MODEL.id) return 'builtin';
    if (this.#downloads.has(id) && this.progress[id]) return 'downloading';
    const record = this.records.find((r) => r.id === id);
    if (!record) return 'not-downloaded';
    return record.status === 'ready' ? 'available' : 'interrupted';
  }

  record(id: string): ModelRecord | undefined {
    return this.records.find((r) => r.id === id);
  }

  start(): void {
    void gpuSupport().then((gpu) => (this.gpu = gpu));
    liveQuery(() => db.models.toArray()).subscribe({ next: (records) => (this.records = records) });
    liveQuery(() => db.settings.bulkGet([ACTIVE_MODEL_KEY, TARGET_MODEL_KEY, MODEL_MIRROR_KEY])).subscribe({
      next: ([active, target, mirror]) => {
        this.activeId = (active?.value as ModelInfo | undefined)?.id ?? BUILTIN_MODEL.id;
        this.targetId = (target?.value as ModelInfo | undefined)?.id ?? null;
        this.mirror = (mirror?.value as string | undefined) ?? '';
        // A switch interrupted by a reload picks up where it stopped.
        if (this.targetId) void this.#runSwitch();
      },
    });
  }

  get host(): string {
    return this.mirror || DEFAULT_MODEL_HOST;
  }

  async setMirror(url: string): Promise<void> {
    const trimmed = url.trim();
    if (trimmed && !/^https?:\/\/[^/\s]+/.test(trimmed))
      throw new AppError(
        'MODEL_DOWNLOAD',
        `“${trimmed}” is not a web address. Use the form https://host or leave it empty for huggingface.co.`,
      );
    const mirror = trimmed.replace(/\/+$/, '');
    await engine.api.saveSetting({ key: MODEL_MIRROR_KEY, value: mirror });
    // The stored row reaches this page's live query a moment later; a download started at once
    // must already go to the new address.
    this.mirror = mirror;
  }

  /** Adds a model by its hub id: reads its config.json for the dimension, then downloads it. */
  async addById(id: string): Promise<void> {
    const trimmed = id.trim();
    if (!isModelId(trimmed))
      throw new AppError('MODEL_DOWNLOAD', `“${trimmed}” is not a model id. Use the form owner/name, as on the hub.`);
    const url = remoteFileUrl(this.host, trimmed, 'config.json');
    const response = await fetch(url).catch(() => null);
    if (!response)
      throw new AppError(
        'NETWORK_UNREACHABLE',
        `${new URL(this.host).host} cannot be reached: this device seems to be offline.`,
      );
    if (!response.ok)
      throw new AppError(
        'MODEL_DOWNLOAD',
        `No model “${trimmed}” at ${this.host} (the server answered ${response.status}).`,
      );
    const config = (await response.json()) as { hidden_size?: number };
    if (!config.hidden_size)
      throw new AppError(
        'MODEL_DOWNLOAD',
        `“${trimmed}” does not describe itself as an embedding model (it names no vector size), so Carrel cannot use it.`,
      );
    await this.download(customModel(trimmed, config.hidden_size, 0));
  }

  /** Downloads (or resumes) a model; self-hosted files under /models/ are used without a download. */
  async download(model: ModelInfo): Promise<void> {
    if (this.#downloads.has(model.id)) return;
    // A resumed download keeps the weights it started with; a new one takes this device's.
    this.gpu = await gpuSupport();
    const dtype = this.record(model.id)?.info.dtype ?? this.weightsHere(model);
    const info: ModelInfo = { ...model, dtype, bytes: downloadBytes(model, dtype) };
    const controller = new AbortController();
    // Nothing of it was here before: a download that cannot start leaves nothing behind to resume.
    const fresh = !this.record(model.id);
    this.#downloads.set(info.id, controller);
    this.errors = { ...this.errors, [info.id]: '' };
    try {
      // The engine records the model and fetches its files (none when the deployment serves it).
      await engine.api.installModel(
        { info, host: this.host, parts: PARTS_CACHE },
        {
          signal: controller.signal,
          timeoutMs: DOWNLOAD_TIMEOUT_MS,
          onProgress: (progress) => (this.progress = { ...this.progress, [info.id]: progress }),
        },
      );
    } catch (error) {
      if (!isAbort(error)) {
        if (fresh && error instanceof AppError && error.code === 'NETWORK_UNREACHABLE')
          await engine.api.uninstallModel({ id: info.id, parts: PARTS_CACHE }).catch(() => undefined);
        const { message, action } = handleError(error);
        this.errors = { ...this.errors, [info.id]: `${message} ${action ?? ''}`.trim() };
      }
    } finally {
      this.#downloads.delete(info.id);
      const { [info.id]: _, ...rest } = this.progress;
      this.progress = rest;
    }
  }

  /** Stops a download; what arrived is kept for Resume. */
  cancel(id: string): void {
    this.#downloads.get(id)?.abort();
  }

  /** Deletes a model's files, its vectors and its record. The model in use cannot be removed. */
  async remove(id: string): Promise<void> {
    if (id === this.activeId || id === this.targetId) return;
    this.cancel(id);
    await engine.api.uninstallModel({ id, parts: PARTS_CACHE });
  }

  /** Starts switching the library to a model; search keeps the current one until it is done. */
  async use(info: ModelInfo): Promise<void> {
    if (info.id === this.activeId && !this.targetId) return;
    await engine.api.chooseModel({ info: $state.snapshot(info) });
  }

  async #runSwitch(): Promise<void> {
    if (this.#switching) return;
    this.#switching = true;
    const started = this.targetId;
    try {
      await engine.api.switchModel(
        {},
        { timeoutMs: SWITCH_TIMEOUT_MS, onProgress: (event) => (this.switchProgress = event) },
      );
      await appStatus.refreshModel();
    } catch (error) {
      appStatus.report(error);
    } finally {
      this.#switching = false;
      this.switchProgress = null;
    }
    // Another model was chosen while this switch ran (a failed switch is not retried in a loop:
    // the error is shown, and choosing the model again or reloading retries it).
    if (this.targetId && this.targetId !== started) void this.#runSwitch();
  }
}

export const models = new Models();
