/** App-wide status: offline readiness, updates, connectivity, the model, and app-level errors. */
import type { Device } from '../../common/gpu';
import { registerSW } from 'virtual:pwa-register';
import { BUILTIN_MODEL } from '../../common/models';
import { handleError } from './errors';
import { engine } from './workers';
import { translate as t } from './i18n/messages';

/** The files without which the app cannot answer offline. */
const CRITICAL_URLS = [
  `/models/${BUILTIN_MODEL.id}/onnx/model_quantized.onnx`,
  `/models/${BUILTIN_MODEL.id}/tokenizer.json`,
  '/index.html',
];
/** How many times, 2 s apart, offline readiness is checked before giving up. */
const OFFLINE_CHECKS = 30;
/** Checks a page nothing controls waits for the worker to take it over before it is called ready anyway. */
const UNCONTROLLED_CHECKS = 2;

class AppStatus {
  offlineReady = $state(false);
  needRefresh = $state(false);
  online = $state(navigator.onLine);
  modelState = $state<'loading' | 'ready' | 'failed'>('loading');
  modelMessage = $state(t('status.loadingModel'));
  /** The backend the active model runs on, once it has loaded. */
  device = $state<Device | null>(null);
  errors = $state.raw<{ id: number; message: string }[]>([]);
  #nextError = 1;
  #update: ((reload?: boolean) => Promise<void>) | null = null;

  start(): void {
    addEventListener('online', () => (this.online = true));
    addEventListener('offline', () => (this.online = false));
    engine.onCrash = (error) => this.report(error);
    void this.#startEngine();
    this.#startServiceWorker();
  }

  report(error: unknown): void {
    const { message, action } = handleError(error);
    this.errors = [...this.errors, { id: this.#nextError++, message: action ? `${message} ${action}` : message }];
  }

  dismissError(id: number): void {
    this.errors = this.errors.filter((e) => e.id !== id);
  }

  updateApp(): void {
    // vite-plugin-pwa reloads only for an update it found itself; one the browser found on its own
    // ("external") takes control without a reload, leaving the old page and this banner in place.
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    void this.#update?.(true);
  }

  /** Asks the engine which model it runs (after start-up, and after a model switch). */
  async refreshModel(): Promise<void> {
    await this.#startEngine();
  }

  async #startEngine(): Promise<void> {
    try {
      const status = await engine.api.init({}, { timeoutMs: 120_000 });
      this.device = status.device === 'webgpu' || status.device === 'wasm' ? status.device : null;
      if (status.modelError) {
        this.modelState = 'failed';
        this.modelMessage = t('status.modelUnavailable', { reason: status.modelError });
      } else {
        this.modelState = 'ready';
        this.modelMessage = `${status.modelLabel} · ${status.device === 'webgpu' ? 'WebGPU' : 'WASM'}`;
      }
    } catch (error) {
      this.modelState = 'failed';
      this.modelMessage = t('status.engineFailed');
      this.report(error);
    }
  }

  #startServiceWorker(): void {
    if (!('serviceWorker' in navigator)) return;
    this.#update = registerSW({
      immediate: true,
      onNeedRefresh: () => (this.needRefresh = true),
      onOfflineReady: () => void this.#checkOffline(),
      onRegisteredSW: () => void this.#checkOffline(),
    });
    navigator.serviceWorker.addEventListener('controllerchange', () => void this.#checkOffline());
  }

  /**
   * Offline-ready only when a service worker is active, has taken over the page, and the critical
   * files are cached. A check that comes before they all are looks again a little later (a minute
   * at most), so no ordering of the service worker's events leaves the chip unshown. A page loaded
   * past the worker (a hard reload, or a load while the worker was taking over) is not taken over
   * until the next load, which the worker answers: after a few checks it counts as ready too.
   */
  async #checkOffline(retries = OFFLINE_CHECKS): Promise<void> {
    await navigator.serviceWorker.ready;
    const takenOver = navigator.serviceWorker.controller !== null || OFFLINE_CHECKS - retries >= UNCONTROLLED_CHECKS;
    const cached =
      takenOver &&
      (await Promise.all(CRITICAL_URLS.map((url) => caches.match(url, { ignoreSearch: true })))).every(Boolean);
    // Several checks may be under way (one per service worker event): one that finds the page not
    // yet taken over does not take back what another found.
    if (cached) this.offlineReady = true;
    if (!this.offlineReady && retries > 0) setTimeout(() => void this.#checkOffline(retries - 1), 2_000);
  }
}

export const appStatus = new AppStatus();
