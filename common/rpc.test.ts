import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { deserializeError, receiveOne, serializeError } from './rpc';
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
    for (const error of [new DOMException('Aborted', 'AbortError'), rethrown])
      expect(deserializeError(serializeError(error)).code).toBe('ABORTED');
  });

  it('reports anything else as UNKNOWN with its message', () => {
    expect(deserializeError(serializeError(new TypeError('boom')))).toMatchObject({ code: 'UNKNOWN', message: 'boom' });
  });
});

describe('a hand-over between workers over a MessagePort', () => {
  it('receives the message posted before the port was handed on, and closes the channel', async () => {
    const { port1, port2 } = new MessageChannel();
    port2.postMessage({ type: 'store', n: 1 });
    port2.close();
    expect(await receiveOne(port1, new AbortController().signal)).toEqual({ type: 'store', n: 1 });
  });

  it('rejects with an AbortError when aborted before anything came', async () => {
    const { port1 } = new MessageChannel();
    const controller = new AbortController();
    const waiting = receiveOne(port1, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
