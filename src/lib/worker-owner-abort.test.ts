import { afterEach, describe, expect, it, vi } from 'vitest';
import { expose, type CallContext } from '../../common/rpc';
import { isAbort } from './errors';
import { WorkerOwner } from './worker-owner';

/**
 * A worker stand-in: the real RPC server on one end of a MessageChannel. Its one method reports
 * progress and then waits at a checkpoint (`step`) before it checks its signal, as the ingest
 * pipeline does between stages; `finish` makes it return instead.
 */
function fakeWorker() {
  let step: () => void = () => {};
  let finish = false;
  const checkpoint = () => new Promise<void>((resolve) => (step = resolve));
  const api = {
    async work(_: Record<string, never>, ctx: CallContext<string>) {
      ctx.progress('started');
      await checkpoint();
      if (finish) return 'done';
      ctx.signal.throwIfAborted();
      return 'not stopped';
    },
  };
  const channel = new MessageChannel();
  expose(api, channel.port2 as unknown as Parameters<typeof expose>[1]);
  channel.port2.start();
  const worker = {
    postMessage: (message: unknown) => channel.port1.postMessage(message),
    addEventListener: (type: string, listener: (event: MessageEvent) => void) =>
      channel.port1.addEventListener(type as 'message', listener),
    terminate: () => channel.port1.close(),
  };
  channel.port1.start();
  const owner = new WorkerOwner<typeof api>('test worker', () => worker as unknown as Worker);
  return {
    owner,
    reachCheckpoint: () => step(),
    finishFirst: () => (finish = true),
    close: () => (channel.port1.close(), channel.port2.close()),
  };
}

/** Starts a call, waits for its first progress event, then aborts it; `settled` tells when it ended. */
async function abortedCall(fake: ReturnType<typeof fakeWorker>) {
  const controller = new AbortController();
  let settled = false;
  let started: () => void;
  const progressed = new Promise<void>((resolve) => (started = resolve));
  const progress: unknown[] = [];
  const call = fake.owner.api.work(
    {},
    { signal: controller.signal, onProgress: (event) => (progress.push(event), started()) },
  );
  call.then(
    () => (settled = true),
    () => (settled = true),
  );
  await progressed;
  controller.abort();
  return { call, progress, settled: () => settled };
}

/** Lets the message ports deliver what is in flight. */
const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WorkerOwner: an aborted call ends when the worker has stopped', () => {
  let fake: ReturnType<typeof fakeWorker>;
  afterEach(() => {
    fake.close();
    vi.useRealTimers();
  });

  it('stays pending while the worker still works, then rejects as an abort once it stops', async () => {
    fake = fakeWorker();
    const { call, progress, settled } = await abortedCall(fake);
    await roundTrip();
    await roundTrip();
    expect(settled()).toBe(false);
    fake.reachCheckpoint();
    const error = await call.catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    expect(progress).toEqual(['started']);
  });

  it('never sends a call that was aborted while the worker was starting', async () => {
    fake = fakeWorker();
    const controller = new AbortController();
    const progress: unknown[] = [];
    const call = fake.owner.api.work({}, { signal: controller.signal, onProgress: (event) => progress.push(event) });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await roundTrip();
    expect(progress).toEqual([]);
  });

  it('resolves with the result when the worker finished before it saw the abort', async () => {
    fake = fakeWorker();
    const { call } = await abortedCall(fake);
    fake.finishFirst();
    fake.reachCheckpoint();
    await expect(call).resolves.toBe('done');
  });

  it('gives up waiting on a worker that does not answer within the grace period, and reports the abort', async () => {
    fake = fakeWorker();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { call, settled } = await abortedCall(fake);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
