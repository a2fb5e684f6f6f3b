/**
 * "Remember on this device": the library's sync keys, kept as the non-extractable CryptoKeys they
 * are (IndexedDB stores a CryptoKey by structured clone; no script can read its bytes back), so a
 * reload resumes sync without the passphrase. Off unless the person asks; forgetting deletes them.
 * They live in a database of their own, so they are never synced, exported or backed up.
 */
import type { SyncKeys } from './crypto';

/** What is remembered: the keys and the salt of the library they open. */
export interface RememberedKeys {
  keys: SyncKeys;
  salt: string;
}

export interface KeyStore {
  load(): Promise<RememberedKeys | null>;
  save(remembered: RememberedKeys): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'carrel-sync-key';
const STORE = 'keys';
const KEY = 'library';

/** A key store that remembers nothing (tests, and a browser without IndexedDB). */
export const noKeyStore: KeyStore = {
  load: () => Promise.resolve(null),
  save: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

/** The key store in IndexedDB. */
export function indexedDbKeyStore(idb: IDBFactory): KeyStore {
  const run = <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const open = idb.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onerror = () => reject(open.error ?? new Error('The sync key store could not be opened.'));
      open.onsuccess = () => {
        const db = open.result;
        const request = act(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => (db.close(), resolve(request.result));
        request.onerror = () => (db.close(), reject(request.error ?? new Error('The sync key store failed.')));
      };
    });
  return {
    async load() {
      const value = (await run('readonly', (store) => store.get(KEY))) as Partial<RememberedKeys> | undefined;
      return value?.keys?.seal && value.keys.name && typeof value.salt === 'string' ? (value as RememberedKeys) : null;
    },
    async save(remembered) {
      await run('readwrite', (store) => store.put(remembered, KEY));
    },
    async clear() {
      await run('readwrite', (store) => store.delete(KEY));
    },
  };
}
