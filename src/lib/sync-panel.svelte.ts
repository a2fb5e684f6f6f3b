/**
 * Settings → Sync as the page follows it: the configuration live from the settings table, and the
 * status the engine sends (the engine replicates; the page only asks and shows).
 */
import { liveQuery } from 'dexie';
import { SYNC_KEY, SYNC_OFF, syncOrigin, type SyncSettings, type SyncStatus } from '../../common/sync';
import { db } from './db';
import { AppError } from '../../common/types';
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
  #watching: AbortController | null = null;
  #configured = false;

  /** Follows the stored configuration and the engine's status (once; again if the engine restarted). */
  follow(): void {
    if (!this.#configured) {
      this.#configured = true;
      liveQuery(() => db.settings.get(SYNC_KEY)).subscribe({
        next: (record) => (this.settings = (record?.value as SyncSettings | undefined) ?? null),
      });
    }
    if (this.#watching) return;
    const watching = (this.#watching = new AbortController());
    engine.api
      .watchSync(
        {},
        {
          signal: watching.signal,
          timeoutMs: WATCH_TIMEOUT_MS,
          feed: true,
          onProgress: (status) => (this.status = status),
        },
      )
      .catch((error: unknown) => {
        if (this.#watching !== watching) return;
        this.#watching = null;
        // The engine was replaced (a model that needs WebGPU, say): follow the fresh one.
        if (error instanceof AppError && error.code === 'WORKER_RENEWED') this.follow();
      })
      .finally(() => {
        if (this.#watching === watching) this.#watching = null;
      });
  }

  /**
   * Names a new server in the settings, then starts a fresh engine: the service worker serves its
   * script with that origin allowed (docs/sync.md), which the running engine's policy does not.
   */
  async #allow(url: string, device: string): Promise<void> {
    const origin = syncOrigin(url);
    if (!origin || (this.settings && syncOrigin(this.settings.url) === origin)) return;
    await engine.api.syncConfigure({ url, device });
    this.#watching?.abort();
    this.#watching = null;
    await engine.renew();
    this.follow();
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
    return this.#run(async () => {
      await this.#allow(url, device);
      return engine.api.syncStart({ url, passphrase, device }, { timeoutMs: START_TIMEOUT_MS });
    });
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
