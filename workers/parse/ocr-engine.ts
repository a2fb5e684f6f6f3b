/**
 * The OCR engine: tesseract.js workers, started on the first scanned page, kept while pages come
 * and stopped when idle. Up to OCR_WORKERS pages are read at once, each in its own tesseract
 * worker, so a scan uses both cores of a two-core machine while the file reader draws the next
 * page. A worker reads one language; another language takes a free worker's place.
 */
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { languageData, OCR_PATHS, pageFromBlocks, type OcrPage, type PageReader } from './ocr';

/**
 * Pages read at once, on a machine with at least as many cores. Each tesseract worker holds ~100 MB
 * and costs the same CPU a page (2.30 CPU seconds with two against 2.23 with one, 300 dpi,
 * `npm run bench -- --ocr-only --ocr-setup '{"workers":2}'`); the second reads on the second core.
 */
export const OCR_WORKERS = 2;

/** A tesseract worker unused this long is stopped: its engine and model hold about 100 MB. */
const IDLE_MS = 60_000;

export interface OcrOptions {
  /** Pages read at once, each in its own tesseract worker (OCR_WORKERS by default). */
  workers?: number;
  /** The WebAssembly core's script on this origin (OCR_PATHS.core by default); the bench compares builds. */
  core?: string;
  /** A language's model bytes (`languageData` by default); the bench compares models. */
  model?: (code: string) => Promise<Uint8Array>;
}

interface Slot {
  language: string;
  worker: Promise<TesseractWorker>;
  busy: boolean;
}

/** Reads images in tesseract workers: started on use, one per page being read, stopped when idle. */
export class Ocr {
  private slots: Slot[] = [];
  /** Pages waiting for a free worker. */
  private waiting: (() => void)[] = [];
  private idle: ReturnType<typeof setTimeout> | undefined;
  private readonly size: number;

  constructor(
    private readonly origin: string,
    private readonly options: OcrOptions = {},
  ) {
    const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
    this.size = Math.max(1, options.workers ?? Math.min(OCR_WORKERS, cores));
  }

  /** This engine reading `language` (a tesseract code such as `eng`), stopped mid-page when `signal` aborts. */
  in(language: string, signal?: AbortSignal): PageReader {
    return { recognize: (image) => this.recognize(image, language, signal) };
  }

  /**
   * Reads one image. Pause and cancel stop it at once: tesseract cannot be interrupted inside a
   * page, so its workers are terminated (the next page starts a new one, in about a second).
   */
  async recognize(image: Blob, language: string, signal?: AbortSignal): Promise<OcrPage> {
    clearTimeout(this.idle);
    signal?.throwIfAborted();
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(signal!.reason);
        void this.close();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    let slot: Slot | undefined;
    try {
      slot = await this.acquire(language, aborted);
      const worker = await Promise.race([slot.worker, aborted]);
      const { data } = await Promise.race([worker.recognize(image, {}, { text: false, blocks: true }), aborted]);
      return pageFromBlocks(data.blocks ?? []);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      aborted.catch(() => undefined);
      if (slot) this.release(slot);
      if (!this.slots.some((s) => s.busy)) this.idle = setTimeout(() => void this.close(), IDLE_MS);
    }
  }

  /** Stops every worker; pages being read fail, pages waiting start new ones. */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    this.wake();
    await Promise.all(slots.map(async (slot) => (await slot.worker.catch(() => null))?.terminate()));
  }

  /** A free worker reading `language`: one already started, else a new one while there is room. */
  private async acquire(language: string, aborted: Promise<never>): Promise<Slot> {
    for (;;) {
      const free = this.slots.find((s) => !s.busy && s.language === language);
      if (free) {
        free.busy = true;
        return free;
      }
      // A free worker reading another language makes room for this one.
      const other = this.slots.find((s) => !s.busy);
      if (other) this.drop(other);
      if (this.slots.length < this.size) {
        const slot: Slot = { language, worker: this.start(language), busy: true };
        this.slots.push(slot);
        // A worker that failed to start is not kept: the next page tries again.
        slot.worker.catch(() => this.drop(slot));
        return slot;
      }
      await Promise.race([new Promise<void>((resolve) => this.waiting.push(resolve)), aborted]);
    }
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.wake();
  }

  private drop(slot: Slot): void {
    if (!this.slots.includes(slot)) return;
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.then((worker) => worker.terminate()).catch(() => undefined);
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private start(language: string): Promise<TesseractWorker> {
    const model = this.options.model ?? ((code: string) => languageData(code, this.origin));
    return model(language).then((data) =>
      createWorker([{ code: language, data }], OEM.LSTM_ONLY, {
        workerPath: new URL(OCR_PATHS.worker, this.origin).href,
        corePath: new URL(this.options.core ?? OCR_PATHS.core, this.origin).href,
        // CSP allows workers from our origin only, not blob: URLs.
        workerBlobURL: false,
        // The service worker and the model cache already keep the files; tesseract's own IndexedDB copy would double them.
        cacheMethod: 'none',
      }),
    );
  }
}
