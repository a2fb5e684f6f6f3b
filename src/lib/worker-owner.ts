/**
 * One owner per worker on the main thread: starts it lazily, waits for its `ready`, times out calls,
 * rejects every pending call if the worker dies or hangs, and starts a fresh worker on the next call.
 */
import { AppError } from '../../common/types';
import { deserializeError, type ApiMethod, type ProgressOf, type RpcResponse } from '../../common/rpc';

/** How to make one call; `P` is the type of the method's progress events. */
export interface CallOptions<P = unknown> {
  signal?: AbortSignal;
  onProgress?: (event: P) => void;
  /** Milliseconds before the call fails with TIMEOUT (default 60 s). */
  timeoutMs?: number;
  /**
   * Watchdog: milliseconds the call may go without a progress event. A worker silent that long is
   * taken for hung (alive, never answering): it is terminated, and the next call starts a fresh one.
   */
  stallMs?: number;
  /** Objects moved to the worker instead of copied (a MessagePort must be). */
  transfer?: Transferable[];
  /**
   * A call that lasts until its caller aborts it (a status feed). `renew` does not wait for it: it
   * ends with WORKER_RENEWED when the worker is replaced, and its caller follows the new worker.
   */
  feed?: boolean;
}

/** The main thread's view of a worker API: same names, promises, call options whose `onProgress` gets the method's progress type. */
export type Remote<Api> = {
  [K in keyof Api]: Api[K] extends (arg: infer A, ...rest: never[]) => infer R
    ? (arg: A, options?: CallOptions<ProgressOf<Api[K]>>) => Promise<Awaited<R>>
    : never;
};

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (event: unknown) => void;
}

const READY_TIMEOUT_MS = 30_000;
/** After an abort, how long the worker has to say it stopped before the call ends anyway. */
const ABORT_GRACE_MS = 10_000;

export class WorkerOwner<Api extends Record<string, ApiMethod>> {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Calls not yet settled (what `renew` waits for). */
  private running = new Set<Promise<unknown>>();
  /** Called when the worker crashes (after pending calls were rejected). */
  onCrash: ((error: AppError) => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly create: () => Worker,
  ) {}

  /** Typed proxy: `owner.api.search(arg)`. */
  readonly api = new Proxy({} as Remote<Api>, {
    get: (_target, method: string) => (arg: unknown, options?: CallOptions) => this.call(method, arg, options),
  });

  private start(): Promise<Worker> {
    this.ready ??= new Promise<Worker>((resolve, reject) => {
      const worker = this.create();
      this.worker = worker;
      const timer = setTimeout(() => {
        this.crash(new AppError('TIMEOUT', `The ${this.name} did not start in time.`));
        reject(new AppError('TIMEOUT', `The ${this.name} did not start in time.`));
      }, READY_TIMEOUT_MS);
      worker.addEventListener('message', (event: MessageEvent<RpcResponse>) => {
        const message = event.data;
        if (message?.type === 'ready') {
          clearTimeout(timer);
          resolve(worker);
        } else if (message && 'id' in message) this.settle(message);
      });
      worker.addEventListener('error', (event) => {
        clearTimeout(timer);
        const where = event.filename ? ` (${event.filename.split('/').pop()}:${event.lineno}:${event.colno})` : '';
        const error = new AppError(
          'WORKER_CRASHED',
          `The ${this.name} stopped: ${event.message || 'unknown error'}${where}`,
        );
        this.crash(error);
        reject(error);
      });
    });
    return this.ready;
  }

  private settle(message: Exclude<RpcResponse, { type: 'ready' }>): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') return pending.onProgress?.(message.event);
    this.pending.delete(message.id);
    if (message.type === 'result') pending.resolve(message.value);
    else pending.reject(deserializeError(message.error));
  }

  private crash(error: AppError): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    this.onCrash?.(error);
  }

  /** A hung worker is treated as crashed, unless it has already been replaced. */
  private hang(worker: Worker, error: AppError): void {
    if (this.worker === worker) this.crash(error);
  }

  /** Terminates the worker; the next call starts a fresh one. */
  restart(): void {
    this.crash(new AppError('WORKER_CRASHED', `The ${this.name} was restarted.`));
  }

  /**
   * Replaces the worker with a fresh one once no call is running: nothing is interrupted and nothing
   * reported; the next call starts the new worker. (A model that needs WebGPU needs a worker whose
   * runtime was loaded for it.)
   */
  async renew(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    // What is left are feeds, which never end by themselves.
    const renewed = new AppError('WORKER_RENEWED', `The ${this.name} was replaced by a fresh one.`);
    for (const pending of this.pending.values()) pending.reject(renewed);
    this.pending.clear();
  }

  /**
   * Makes one call. A worker whose model runtime answers FRESH_WORKER (a model on WebGPU, which the
   * runtime build it loaded cannot start) is renewed and the call made once more on the fresh one.
   */
  call(method: string, arg: unknown, options: CallOptions = {}): Promise<never> {
    return this.track(method, arg, options).catch(async (error: unknown) => {
      if (!(error instanceof AppError && error.code === 'FRESH_WORKER')) throw error;
      await this.renew();
      return this.track(method, arg, options);
    });
  }

  private track(method: string, arg: unknown, options: CallOptions): Promise<never> {
    const call = this.send(method, arg, options);
    if (options.feed) return call;
    this.running.add(call);
    const forget = () => this.running.delete(call);
    call.then(forget, forget);
    return call;
  }

  private async send(method: string, arg: unknown, options: CallOptions): Promise<never> {
    const { signal, onProgress, timeoutMs = 60_000, stallMs, transfer = [] } = options;
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const worker = await this.start();
    // Aborted while the worker was starting: an abort listener added now would never fire.
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const id = this.nextId++;
    return new Promise<never>((resolve, reject) => {
      let timer = setTimeout(() => {
        this.pending.delete(id);
        worker.postMessage({ type: 'abort', id });
        reject(new AppError('TIMEOUT', `The ${this.name} did not answer in time.`));
      }, timeoutMs);
      // An aborted call ends when the worker has stopped (its AbortError, or its result if it finished
      // first), so a caller never says "stopped" while the worker still works; a worker that does not
      // answer within the grace period is left to drop its result.
      const onAbort = () => {
        worker.postMessage({ type: 'abort', id });
        const pending = this.pending.get(id);
        if (pending) pending.onProgress = undefined;
        clearTimeout(timer);
        timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new DOMException('Aborted', 'AbortError'));
        }, ABORT_GRACE_MS);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let stall: ReturnType<typeof setTimeout> | undefined;
      const watch = () => {
        if (stallMs === undefined) return;
        clearTimeout(stall);
        const silence = `${Math.round(stallMs / 1000)} s`;
        stall = setTimeout(
          () =>
            this.hang(
              worker,
              new AppError(
                'WORKER_CRASHED',
                `The ${this.name} stopped responding (nothing for ${silence}), so it was restarted.`,
              ),
            ),
          stallMs,
        );
      };
      const done = () => {
        clearTimeout(timer);
        clearTimeout(stall);
        signal?.removeEventListener('abort', onAbort);
      };
      this.pending.set(id, {
        resolve: (value) => (done(), resolve(value as never)),
        reject: (error) => (done(), reject(error)),
        onProgress: (event) => (watch(), onProgress?.(event)),
      });
      worker.postMessage({ type: 'call', id, method, arg }, transfer);
      watch();
    });
  }
}
