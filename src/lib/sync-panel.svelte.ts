/**
 * Settings → Sync as the page follows it: the configuration live from the settings table, and the
 * status the engine sends (the engine replicates; the page only asks and shows).
 */
import { liveQuery } from 'dexie';
import { SYNC_KEY, SYNC_OFF, syncOrigin, type SyncSettings, type SyncStatus } from '../../common/sync';
import { db } from './db';
import { AppError } from '../../common/types';
import { handleError } from './errors';
import { t } from './i18n/i18n.svelte';
import { engine } from './workers';

/** Deriving the key takes 600,000 rounds of PBKDF2; a slow phone needs seconds, a first server call more. */
const START_TIMEOUT_MS = 120_000;
/** The status is followed for as long as the page lives. */
const WATCH_TIMEOUT_MS = 2 ** 31 - 1;
/** A first visit precaches the whole app (~35 MB) before the service worker takes the page over. */
const OFFLINE_SETUP_TIMEOUT_MS = 300_000;
/**
 * A service worker already active but not in control: the page was loaded past it (Shift+Reload),
 * and it takes the page over only at the next load. A moment covers one that is just claiming it.
 */
const LOADED_PAST_WORKER_MS = 5_000;
/**
 * Whether the service worker served this page: only then is a fresh engine's script served with the
 * sync origin allowed. A page the network served (a first visit) runs under the strict policy.
 */
const CONTROLLED_AT_LOAD = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/** The service worker did not take the page over in time (a load past it, or no service worker at all). */
class OfflineSetupTimeout extends Error {}

class SyncPanel {
  status = $state.raw<SyncStatus>(SYNC_OFF);
  settings = $state.raw<SyncSettings | null>(null);
  busy = $state(false);
  /** A failure of the call itself (the engine did not answer), as opposed to sync's own errors in `status`. */
  failure = $state('');
  /** Waiting for the service worker to finish the offline setup before the first request (a first visit). */
  finishingSetup = $state(false);
  /** The engine was renewed under the service worker for this origin. */
  #allowedOrigin: string | null = null;
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
    if (!origin) return;
    await this.#offlineSetup();
    const stored = this.settings && syncOrigin(this.settings.url) === origin;
    if (this.#allowedOrigin === origin || (stored && CONTROLLED_AT_LOAD)) return;
    await engine.api.syncConfigure({ url, device });
    this.#watching?.abort();
    this.#watching = null;
    await engine.renew();
    this.#allowedOrigin = origin;
    this.follow();
  }

  /**
   * On a first visit the service worker is still caching the app: until it takes the page over, a
   * fresh engine comes from the network under the strict policy, which refuses the sync server (a
   * request that never left, reported as "cannot be reached"). Sync waits for it, and says so.
   */
  async #offlineSetup(): Promise<void> {
    const container = navigator.serviceWorker;
    const strict = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
    if (!container || container.controller || !strict) return;
    this.finishingSetup = true;
    try {
      const registration = await container.getRegistration().catch(() => undefined);
      const settled = registration?.active && !registration.installing && !registration.waiting;
      await new Promise<void>((resolve, reject) => {
        const wait = settled ? LOADED_PAST_WORKER_MS : OFFLINE_SETUP_TIMEOUT_MS;
        const timer = setTimeout(() => reject(new OfflineSetupTimeout()), wait);
        const done = () => (clearTimeout(timer), resolve());
        container.addEventListener('controllerchange', done, { once: true });
        if (container.controller) done();
      });
    } finally {
      this.finishingSetup = false;
    }
  }

  async #run(task: () => Promise<SyncStatus>): Promise<void> {
    this.busy = true;
    this.failure = '';
    try {
      this.status = await task();
    } catch (error) {
      const { message, action } = handleError(error);
      if (error instanceof OfflineSetupTimeout) this.failure = t('sync.offlineSetupFailed');
      else this.failure = action ? `${message} ${action}` : message;
    } finally {
      this.busy = false;
      this.follow();
    }
  }

  start(url: string, passphrase: string, device: string, remember: boolean): Promise<void> {
    return this.#run(async () => {
      await this.#allow(url, device);
      return engine.api.syncStart({ url, passphrase, device, remember }, { timeoutMs: START_TIMEOUT_MS });
    });
  }

  pause(): Promise<void> {
    return this.#run(() => engine.api.syncPause({}));
  }

  resume(passphrase?: string): Promise<void> {
    return this.#run(() => engine.api.syncResume({ passphrase }, { timeoutMs: START_TIMEOUT_MS }));
  }

  /** Forgets the keys remembered on this device (the next reload asks for the passphrase again). */
  forgetKey(): Promise<void> {
    return this.#run(() => engine.api.syncForgetKey({}));
  }

  forget(): Promise<void> {
    return this.#run(() => engine.api.syncForget({}));
  }
}

export const syncPanel = new SyncPanel();
