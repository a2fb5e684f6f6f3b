import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { connect, deserializeError, expose, serializeError, type CallContext } from './rpc';
import { AppError } from './types';

describe('errors across the worker boundary', () => {
  it('keeps an AppError code and message', () => {
    const error = deserializeError(serializeError(new AppError('PDF_NO_TEXT', 'no text layer')));
    expect(error).toMatchObject({ code: 'PDF_NO_TEXT', message: 'no text layer' });
  });

  it('turns a full disk (IndexedDB or Dexie) into QUOTA_EXCEEDED with a plain message', () => {
    const raw = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const wrapped = new Dexie.QuotaExceededError(raw);
    // What Dexie rejects with when the browser aborts the transaction at commit for lack of space.
    const abortedAtCommit = new Dexie.AbortError('Transaction aborted', raw);
    for (const error of [raw, wrapped, abortedAtCommit]) {
      const back = deserializeError(serializeError(error));
      expect(back.code).toBe('QUOTA_EXCEEDED');
      expect(back.message).toMatch(/no more storage space/);
    }
  });

  it('reports an abort as ABORTED, also when a library rethrows it as an Error named AbortError', () => {
    const rethrown = Object.assign(new Error('signal is aborted without reason'), { name: 'AbortError' });
    for (const error of [new DOMException('Aborted', 'AbortError'), rethrown]) expect(deserializeError(serializeError(error)).code).toBe('ABORTED');
  });

  it('reports anything else as UNKNOWN with its message', () => {
    expect(deserializeError(serializeError(new TypeError('boom')))).toMatchObject({ code: 'UNKNOWN', message: 'boom' });
  });
});

describe('calls between workers over a MessagePort', () => {
  /** What the engine serves a file reader, in miniature: progress, an error with its code, and an abort. */
  const api = {
    async count({ to }: { to: number }, ctx: CallContext<number>) {
      for (let i = 1; i <= to; i++) ctx.progress(i);
      return to * 2;
    },
    async refuse(_: Record<string, never>) {
      throw new AppError('PDF_NO_TEXT', 'no text layer');
    },
    wait(_: Record<string, never>, ctx: CallContext) {
      return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    },
  };

  it('answers, passes progress back and errors with their codes, and an abort forward', async () => {
    const { port1, port2 } = new MessageChannel();
    expose(api, port1);
    const remote = connect<typeof api>(port2);
    const seen: number[] = [];
    expect(await remote.count({ to: 3 }, { onProgress: (n) => seen.push(n) })).toBe(6);
    expect(seen).toEqual([1, 2, 3]);
    await expect(remote.refuse({})).rejects.toMatchObject({ code: 'PDF_NO_TEXT', message: 'no text layer' });
    const controller = new AbortController();
    const waiting = remote.wait({}, { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' });
    port1.close();
  });
});
