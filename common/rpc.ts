/**
 * A small typed RPC over postMessage. The worker exposes an object of methods `(arg, ctx) => result`;
 * the main thread gets `Remote<Api>` (src/lib/worker-owner.ts), with the same names returning
 * promises. Progress events flow back per call, aborts flow forward. Messages are unions keyed on
 * `type`. Worker to worker, one channel carries one message (`receiveOne`).
 */
import { AppError, type ErrorCode } from './types';

/** What a worker method gets besides its argument; `P` is the type of its progress events (none by default). */
export interface CallContext<P = never> {
  signal: AbortSignal;
  /** Sends a progress event to the caller of this call. */
  progress(event: P): void;
}

/** The server hands every method a context that posts whatever it is given. */
export type ApiMethod = (arg: never, ctx: CallContext<unknown>) => unknown;

/** The progress events a worker method sends, read off its `ctx` parameter (`never` when it has none). */
export type ProgressOf<M> = M extends (arg: never, ctx: infer C) => unknown
  ? C extends CallContext<infer P>
    ? P
    : never
  : never;

export type RpcRequest = { type: 'call'; id: number; method: string; arg: unknown } | { type: 'abort'; id: number };

export type RpcResponse =
  | { type: 'ready' }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'progress'; id: number; event: unknown };

export interface SerializedError {
  name: string;
  code: ErrorCode;
  message: string;
}

interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** A MessagePort delivers nothing to listeners until started; a worker's `self` has no `start`. */
  start?(): void;
}

/** Turns any thrown value into something that survives structured clone, keeping AppError codes. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof AppError) return { name: 'AppError', code: error.code, message: error.message };
  // Before aborts: a transaction the browser aborts at commit for lack of space reaches Dexie as
  // an AbortError whose `inner` is the QuotaExceededError.
  if (isQuotaError(error)) {
    return {
      name: 'QuotaExceededError',
      code: 'QUOTA_EXCEEDED',
      message: 'The browser has no more storage space for Carrel; nothing of this file was kept.',
    };
  }
  // Not only DOMExceptions: libraries rethrow an abort as an Error named AbortError (onnxruntime does).
  if ((error as { name?: unknown } | null)?.name === 'AbortError') {
    return { name: 'AbortError', code: 'ABORTED', message: 'Cancelled' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { name: error instanceof Error ? error.name : 'Error', code: 'UNKNOWN', message };
}

/** IndexedDB's "disk full" (Dexie wraps it, keeping the name, or as `inner`). */
function isQuotaError(error: unknown): boolean {
  const named = error as { name?: string; inner?: { name?: string } } | null;
  return named?.name === 'QuotaExceededError' || named?.inner?.name === 'QuotaExceededError';
}

export function deserializeError(error: SerializedError): AppError {
  return new AppError(error.code, error.message);
}

/** Serves `api` on `port` (a worker's `self`) and announces readiness. */
export function expose(api: Record<string, ApiMethod>, port: Port): void {
  const running = new Map<number, AbortController>();
  port.addEventListener('message', async (event: MessageEvent) => {
    const request = event.data as RpcRequest;
    // pdf.js' worker code posts untagged messages on the same port; ignore anything not ours.
    if (!request || (request.type !== 'call' && request.type !== 'abort')) return;
    if (request.type === 'abort') {
      running.get(request.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    const ctx: CallContext<unknown> = {
      signal: controller.signal,
      progress: (progressEvent) => port.postMessage({ type: 'progress', id: request.id, event: progressEvent }),
    };
    try {
      const method = api[request.method];
      if (!method) throw new Error(`Unknown method ${request.method}`);
      const value = await method(request.arg as never, ctx);
      port.postMessage({ type: 'result', id: request.id, value } satisfies RpcResponse);
    } catch (error) {
      port.postMessage({ type: 'error', id: request.id, error: serializeError(error) } satisfies RpcResponse);
    } finally {
      running.delete(request.id);
    }
  });
  port.start?.();
  port.postMessage({ type: 'ready' } satisfies RpcResponse);
}

/**
 * The one message a channel carries (a file reader's hand-over to the engine), then the channel is
 * closed. Messages posted before the port was transferred wait in it, so this may be called long
 * after the message was sent. An abort closes the channel and rejects with an AbortError.
 */
export function receiveOne<T>(port: MessagePort, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      port.close();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    port.addEventListener(
      'message',
      (event: MessageEvent) => {
        signal.removeEventListener('abort', onAbort);
        port.close();
        resolve(event.data as T);
      },
      { once: true },
    );
    port.start();
  });
}
