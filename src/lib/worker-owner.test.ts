/**
 * The watchdog of WorkerOwner: a worker that stops answering mid-call is terminated and replaced,
 * while one that is slow but keeps reporting progress is left alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../common/types';
import { WorkerOwner } from './worker-owner';

type Reply = (message: unknown) => void;

/** A stand-in worker: announces `ready`, then hands each call to `onCall`. */
class FakeWorker extends EventTarget {
  terminated = false;

  constructor(private readonly onCall: (id: number, reply: Reply) => void) {
    super();
    setTimeout(() => this.reply({ type: 'ready' }));
  }

  postMessage(message: { type: string; id: number }): void {
    if (message.type === 'call') this.onCall(message.id, (answer) => this.reply(answer));
  }

  terminate(): void {
    this.terminated = true;
  }

  private reply(data: unknown): void {
    if (!this.terminated) this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

/** An owner whose workers all behave like `onCall`; `workers` lists every worker it started. */
function ownerOf(onCall: (id: number, reply: Reply) => void) {
  const workers: FakeWorker[] = [];
  const owner = new WorkerOwner<Record<string, (arg: never) => unknown>>('file reader', () => {
    const worker = new FakeWorker(onCall);
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { owner, workers };
}

describe('WorkerOwner watchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('terminates a worker that goes silent mid-call, fails the call, and starts a fresh one next time', async () => {
    let calls = 0;
    const { owner, workers } = ownerOf((id, reply) => {
      // The first worker reports once and then hangs; later ones answer at once.
      if (++calls === 1) reply({ type: 'progress', id, event: { stage: 'parsing' } });
      else reply({ type: 'result', id, value: 'read' });
    });
    const hung = owner.call('ingest', {}, { stallMs: 5_000, timeoutMs: 60 * 60_000 });
    const failure = expect(hung).rejects.toThrow(/stopped responding \(nothing for 5 s\)/);
    await vi.advanceTimersByTimeAsync(5_100);
    await failure;
    await expect(hung).rejects.toBeInstanceOf(AppError);
    expect(workers[0]!.terminated).toBe(true);

    const next = owner.call('ingest', {}, { stallMs: 5_000 });
    await vi.advanceTimersByTimeAsync(10);
    await expect(next).resolves.toBe('read');
    expect(workers).toHaveLength(2);
    expect(workers[1]!.terminated).toBe(false);
  });

  it('never stops a slow call that keeps reporting progress', async () => {
    const { owner, workers } = ownerOf((id, reply) => {
      // A large file: 30 progress events 4 s apart (2 minutes in all), then the answer.
      for (let i = 1; i <= 30; i++)
        setTimeout(() => reply({ type: 'progress', id, event: { stage: 'embedding', done: i, total: 30 } }), i * 4_000);
      setTimeout(() => reply({ type: 'result', id, value: 'stored' }), 30 * 4_000 + 1_000);
    });
    const progress: unknown[] = [];
    const slow = owner.call(
      'ingest',
      {},
      { stallMs: 5_000, timeoutMs: 60 * 60_000, onProgress: (event) => progress.push(event) },
    );
    await vi.advanceTimersByTimeAsync(125_000);
    await expect(slow).resolves.toBe('stored');
    expect(progress).toHaveLength(30);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
  });
});

describe('WorkerOwner renew', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for calls under way, not for a feed: the feed ends with WORKER_RENEWED and the next call gets a fresh worker', async () => {
    const { owner, workers } = ownerOf((id, reply) => {
      // 'watch' is a feed (it reports and never answers); 'work' answers after 2 s.
      if (id === 1) reply({ type: 'progress', id, event: 'synced' });
      else setTimeout(() => reply({ type: 'result', id, value: 'done' }), 2_000);
    });
    const seen: unknown[] = [];
    const feed = owner.call('watch', {}, { feed: true, timeoutMs: 2 ** 31 - 1, onProgress: (e) => seen.push(e) });
    const ended = expect(feed).rejects.toMatchObject({ code: 'WORKER_RENEWED' });
    await vi.advanceTimersByTimeAsync(10);
    const work = owner.call('work', {});
    await vi.advanceTimersByTimeAsync(10);

    let renewed = false;
    const renew = owner.renew().then(() => (renewed = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await renew;
    await expect(work).resolves.toBe('done');
    await ended;
    expect(seen).toEqual(['synced']);
    expect(workers[0]!.terminated).toBe(true);

    const next = owner.call('work', {});
    await vi.advanceTimersByTimeAsync(2_100);
    await expect(next).resolves.toBe('done');
    expect(workers).toHaveLength(2);
  });
});

describe('WorkerOwner and FRESH_WORKER', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renews a worker whose runtime cannot start the model, and makes the call again on the fresh one', async () => {
    let started = 0;
    const { owner, workers } = ownerOf((id, reply) => {
      if (started++ === 0)
        reply({ type: 'error', id, error: { name: 'AppError', code: 'FRESH_WORKER', message: 'needs WebGPU' } });
      else reply({ type: 'result', id, value: 'on WebGPU' });
    });
    const call = owner.call('init', {});
    await vi.advanceTimersByTimeAsync(10);
    await expect(call).resolves.toBe('on WebGPU');
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('gives up after one fresh worker', async () => {
    const { owner, workers } = ownerOf((id, reply) =>
      reply({ type: 'error', id, error: { name: 'AppError', code: 'FRESH_WORKER', message: 'needs WebGPU' } }),
    );
    const call = expect(owner.call('init', {})).rejects.toMatchObject({ code: 'FRESH_WORKER' });
    await vi.advanceTimersByTimeAsync(10);
    await call;
    expect(workers).toHaveLength(2);
  });
});
