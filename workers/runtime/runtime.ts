/**
 * The one model runtime of a worker: where each model runs (WebGPU or WASM), which ONNX Runtime
 * build the worker loads, the move to WASM when WebGPU fails, and when only a fresh worker can
 * run a model. The embedder and the generator open their sessions through it; what it needs of
 * the browser (the adapter, the runtime files) is passed in, so tests can stand in for it.
 */
import type { Device, GpuSupport } from '../../common/gpu';
import { AppError } from '../../common/types';

/** What the runtime needs to know of a model to place it. */
export interface RuntimeModel {
  id: string;
  /** Whether its weights, as downloaded, are for a GPU at all (int8 weights are for WASM): if not, no adapter is asked for. */
  gpuWeights: boolean;
  /** Whether they suit this adapter (weights made for shader-f16 need it); yes when not given. */
  suits?(gpu: GpuSupport): boolean;
}

/**
 * The ONNX Runtime build a worker loaded. ORT loads one build per worker and cannot change it: the
 * plain one is the smaller and faster for WASM, but only the asyncify one can start WebGPU (on the
 * plain one WebGPU fails with "webgpuInit is not a function", and WASM after it). A worker that
 * will need WebGPU loads the asyncify build from the start, and runs WASM sessions on it too.
 */
export type Build = 'plain' | 'gpu';

/** A build's same-origin files, as Transformers.js's `wasmPaths` wants them. */
export interface RuntimeFiles {
  mjs: string;
  wasm: string;
}

/** What the runtime asks of the browser. */
export interface RuntimeHost {
  gpu(): Promise<GpuSupport>;
  files(build: Build): RuntimeFiles;
  /** Called once a session loaded the WebGPU build: keeps it for offline use (it is not precached). */
  keep(files: RuntimeFiles): Promise<void>;
  warn(message: string, error: unknown): void;
}

/** Opens one session of a model on one device with the given runtime files. */
export type OpenSession<S> = (device: Device, files: RuntimeFiles) => Promise<S>;

export interface Opened<S> {
  session: S;
  device: Device;
  /** Why the model runs on WASM though it would run on WebGPU; null when it did not have to move. */
  fallback: string | null;
}

/** The error a worker's API answers when only a fresh worker can run a model (the page's WorkerOwner renews it). */
export const FRESH_WORKER = 'FRESH_WORKER';

export class ModelRuntime {
  #build: Build | null = null;
  #gpuPlanned: Promise<boolean> = Promise.resolve(false);

  constructor(private readonly host: RuntimeHost) {}

  /** Where `model` runs in a fresh worker: WebGPU when a real adapter exists and the weights suit it. */
  async device(model: RuntimeModel): Promise<Device> {
    if (!model.gpuWeights) return 'wasm';
    const gpu = await this.host.gpu();
    return gpu.adapter && (model.suits?.(gpu) ?? true) ? 'webgpu' : 'wasm';
  }

  /**
   * Set at worker start: the models this worker will open (the one in use, one being switched to).
   * If any runs on WebGPU the worker loads the build that can start it, even for a first WASM session.
   */
  plan(models: Promise<RuntimeModel[]>): void {
    this.#gpuPlanned = models
      .then((chosen) => Promise.all(chosen.map((model) => this.device(model))))
      .then((devices) => devices.includes('webgpu'))
      .catch(() => false);
  }

  /** Plans the build that can start WebGPU whatever the models (see the answer worker). */
  planGpuBuild(): void {
    this.#gpuPlanned = Promise.resolve(true);
  }

  /** True when `model` would run on WebGPU but this worker loaded the plain build: a fresh worker can run it there. */
  async needsFreshWorker(model: RuntimeModel): Promise<boolean> {
    return this.#build === 'plain' && (await this.device(model)) === 'webgpu';
  }

  /** Rejects with FRESH_WORKER when `model` needs a fresh worker (see `needsFreshWorker`). */
  async requireWorkerFor(model: RuntimeModel): Promise<void> {
    if (await this.needsFreshWorker(model))
      throw new AppError(FRESH_WORKER, `${model.id} runs on WebGPU, which only a fresh worker can start.`);
  }

  /**
   * Opens `model` where it runs best: on WebGPU when it can, moving to WASM (with the reason) when
   * the WebGPU session fails to start, or when this worker's build cannot start WebGPU.
   * `device` forces one device without fallback (the bench measures each on its own).
   */
  async open<S>(model: RuntimeModel, open: OpenSession<S>, device?: Device): Promise<Opened<S>> {
    if (device) return { session: await this.openOn(device, open), device, fallback: null };
    if ((await this.device(model)) === 'wasm') return this.onWasm(open, null);
    if (await this.needsFreshWorker(model))
      return this.onWasm(open, 'this worker loaded the WASM-only runtime; a fresh worker can start WebGPU');
    try {
      return { session: await this.openOn('webgpu', open), device: 'webgpu', fallback: null };
    } catch (error) {
      this.host.warn(`WebGPU failed for ${model.id}; using WASM`, error);
      return this.onWasm(open, `WebGPU failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One session on `device`, without fallback. */
  async openOn<S>(device: Device, open: OpenSession<S>): Promise<S> {
    this.#build ??= device === 'webgpu' || (await this.#gpuPlanned) ? 'gpu' : 'plain';
    const files = this.host.files(this.#build);
    const session = await open(device, files);
    if (this.#build === 'gpu') await this.host.keep(files);
    return session;
  }

  private async onWasm<S>(open: OpenSession<S>, fallback: string | null): Promise<Opened<S>> {
    return { session: await this.openOn('wasm', open), device: 'wasm', fallback };
  }
}
