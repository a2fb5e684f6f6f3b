/**
 * Settings → Sync as the page follows it: the configuration live from the settings table, and the
 * status the engine sends (the engine replicates; the page only asks and shows).
 */
import { liveQuery } from 'dexie';
import { SYNC_KEY, SYNC_OFF, type SyncSettings, type SyncStatus } from '../shared/sync';
import { db } from './db';
import { handleError } from './errors';
import { engine } from './workers';

/** Deriving the key takes 600,000 rounds of PBKDF2; a slow phone needs seconds, a first server call more. */
const START_TIMEOUT_MS = 120_000;
/** The status is followed for as long as the page lives. */
const WATCH_TIMEOUT_MS = 2 ** 31 - 1;

class SyncPanel {
  status = $state.raw<SyncStatus>(SYNC_OFF);
  settings = $state.raw<SyncSettings | null>(null);
  busy = $state(false);
  /** A failure of the call itself (the engine did not answer), as opposed to sync's own errors in `status`. */
  failure = $state('');
  #watching = false;

  /** Follows the stored configuration and the engine's status (once; again if the engine restarted). */
  follow(): void {
    if (this.#watching) return;
    this.#watching = true;
    liveQuery(() => db.settings.get(SYNC_KEY)).subscribe({
      next: (record) => (this.settings = (record?.value as SyncSettings | undefined) ?? null),
    });
    engine.api
      .watchSync({}, { timeoutMs: WATCH_TIMEOUT_MS, onProgress: (status) => (this.status = status) })
      .catch(() => undefined)
      .finally(() => (this.#watching = false));
  }

  async #run(task: () => Promise<SyncStatus>): Promise<void> {
    this.busy = true;
    this.failure = '';
    try {
      this.status = await task();
    } catch (error) {
      const { message, action } = handleError(error);
      this.failure = action ? `${message} ${action}` : message;
    } finally {
      this.busy = false;
      this.follow();
    }
  }

  start(url: string, passphrase: string, device: string): Promise<void> {
    return this.#run(() => engine.api.syncStart({ url, passphrase, device }, { timeoutMs: START_TIMEOUT_MS }));
  }

  pause(): Promise<void> {
    return this.#run(() => engine.api.syncPause({}));
  }

  resume(passphrase?: string): Promise<void> {
    return this.#run(() => engine.api.syncResume({ passphrase }, { timeoutMs: START_TIMEOUT_MS }));
  }

  forget(): Promise<void> {
    return this.#run(() => engine.api.syncForget({}));
  }
}

export const syncPanel = new SyncPanel();
