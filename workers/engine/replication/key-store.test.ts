import 'fake-indexeddb/auto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../../common/db';
import { deleteDocument } from '../store';
import { newKeyCheck, open, seal } from './crypto';
import { indexedDbKeyStore } from './key-store';
import type { PouchConstructor } from './pouch';
import { writeDocumentPayload } from './records';
import { Replication } from './replication';

const require = createRequire(import.meta.url);
const NodePouch = require('pouchdb-core')
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-replication')) as PouchConstructor & {
  defaults(options: Record<string, unknown>): PouchConstructor;
};
const memoryPouch = Promise.resolve(NodePouch.defaults({ adapter: 'memory' }));

let count = 0;
const running: Replication[] = [];
afterEach(async () => {
  for (const replication of running.splice(0)) await replication.pause();
});

/** A device's engine as a page load starts it: its library, its sealed copy and its key store, all kept across "reloads". */
function engineOf(name: string) {
  const db = openDb(`key-store-${name}`);
  const start = () => {
    const replication = new Replication(
      db,
      () => memoryPouch,
      { receive: (payload) => writeDocumentPayload(db, payload), remove: (docId) => deleteDocument(db, docId) },
      `copy-${name}`,
      indexedDbKeyStore(indexedDB),
    );
    running.push(replication);
    return replication;
  };
  return { start };
}

/** A page left: its engine stops replicating, the stored setup (sync on) stays. */
async function leave(replication: Replication) {
  await (replication as unknown as { stop(): Promise<void> }).stop();
  running.splice(running.indexOf(replication), 1);
}

describe('remembered sync keys', () => {
  it('keeps non-extractable keys that still seal and open, until cleared', async () => {
    const store = indexedDbKeyStore(indexedDB);
    const { keys, keyCheck } = await newKeyCheck('correct horse');
    await store.save({ keys, salt: keyCheck.salt });
    const loaded = (await store.load())!;
    expect(loaded.salt).toBe(keyCheck.salt);
    expect([loaded.keys.seal.extractable, loaded.keys.name.extractable]).toEqual([false, false]);
    const sealed = await seal(keys, new TextEncoder().encode('a passage'));
    expect(new TextDecoder().decode(await open(loaded.keys, sealed))).toBe('a passage');
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('resumes after a reload without the passphrase only when asked to remember, and forgets in one call', async () => {
    const url = `http://server.test/remember-${count++}`;
    const device = engineOf(`a-${count}`);
    await indexedDbKeyStore(indexedDB).clear();

    const first = device.start();
    expect((await first.start({ url, passphrase: 'p', device: 'a', remember: true })).state).not.toBe('error');
    // The page is left: its engine stops, with sync on.
    await leave(first);
    const reloaded = device.start();
    await reloaded.resumeRemembered();
    await vi.waitFor(() => expect(reloaded.status).toMatchObject({ state: 'synced', error: null }), {
      timeout: 20_000,
      interval: 50,
    });
    expect(reloaded.status).toMatchObject({ needsPassphrase: false, remembered: true, keysAtHand: true });

    expect((await reloaded.forgetKey()).remembered).toBe(false);
    expect(await indexedDbKeyStore(indexedDB).load()).toBeNull();
    await leave(reloaded);
    const again = device.start();
    await again.resumeRemembered();
    expect(again.status).toMatchObject({ state: 'paused', needsPassphrase: true, keysAtHand: false });

    // Not asked to remember: nothing is kept.
    await again.start({ url, passphrase: 'p', device: 'a' });
    expect(await indexedDbKeyStore(indexedDB).load()).toBeNull();
  });
});
