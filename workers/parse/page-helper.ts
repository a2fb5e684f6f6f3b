/**
 * A second reader of a PDF's text pages, in its own worker (page-lines.worker.ts), so a long PDF
 * is read on both cores: the file reader and the helper each open the file with pdf.js and take
 * pages in turn (page-loops.ts). The helper answers a page's lines, or null for a page that looks
 * like a scan: the file reader reads that one, where OCR runs.
 */
import { deserializeError, type RpcRequest, type RpcResponse } from '../../common/rpc';
import { hasImage, letterCount, OCR_BELOW_LETTERS } from './pdf-ocr';
import { itemsToLines, type Line, type TextItemLike } from './pdf-lines';
import type { PdfDocument, PdfJs } from './pdf-loader';

/** What the file reader asks of the helper, for one file at a time. */
export interface PageHelper {
  /** Opens the file (the helper takes `data`); rejects when pdf.js cannot. */
  open(data: Uint8Array, password?: string): Promise<void>;
  /** A page's lines, or null when the page has almost no text but an image: a scan, for OCR. */
  lines(page: number): Promise<Line[] | null>;
  /** Closes the file; pages still asked for are rejected. */
  close(): void;
}

/** A text page's lines, read as the file reader reads it; null for a page that needs OCR. */
export async function textPageLines(doc: PdfDocument, p: number, pdfjs: PdfJs): Promise<Line[] | null> {
  const page = await doc.getPage(p);
  try {
    const content = await page.getTextContent();
    const items = content.items.filter((i): i is TextItemLike & typeof i => 'str' in i);
    if (letterCount(items.map((i) => i.str).join('')) < OCR_BELOW_LETTERS && (await hasImage(page, pdfjs))) return null;
    return itemsToLines(items, p);
  } finally {
    page.cleanup();
  }
}

/** The helper's API (page-lines.worker.ts). */
export interface PageLinesApi {
  open(arg: { file: number; data: Uint8Array; password?: string }): Promise<void>;
  lines(arg: { file: number; page: number }): Promise<Line[] | null>;
  close(arg: { file: number }): Promise<void>;
}

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };

/**
 * Talks to one helper worker, started on first use and kept for the next files; `forFile` gives
 * each file its own PageHelper, so a late answer about an earlier file cannot reach a later one.
 */
export class PageLinesWorker {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private pending = new Map<number, Pending>();
  private ids = 0;
  private files = 0;

  constructor(private readonly start: () => Worker) {}

  forFile(): PageHelper {
    const file = ++this.files;
    return {
      open: (data, password) => this.call('open', { file, data, password }, [data.buffer as ArrayBuffer]),
      lines: (page) => this.call('lines', { file, page }),
      close: () => void this.call('close', { file }).catch(() => undefined),
    };
  }

  private async call<T>(method: keyof PageLinesApi, arg: unknown, transfer: Transferable[] = []): Promise<T> {
    const worker = this.worker ?? this.spawn();
    await this.ready;
    const id = ++this.ids;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ type: 'call', id, method, arg } satisfies RpcRequest, transfer);
    });
  }

  private spawn(): Worker {
    const worker = this.start();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent) => {
        // pdf.js's own worker code posts untagged messages on the same port: only ours are read.
        const message = event.data as RpcResponse | undefined;
        if (message?.type === 'ready') return resolve();
        if (message?.type !== 'result' && message?.type !== 'error') return;
        const call = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.type === 'result') call?.resolve(message.value);
        else call?.reject(deserializeError(message.error));
      });
      // A helper that died fails what it was asked; the next file starts a new one.
      worker.addEventListener('error', (event) => {
        const error = new Error(`the second PDF reader stopped: ${event.message}`);
        reject(error);
        this.stop(error);
      });
    });
    return worker;
  }

  private stop(error: Error): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}
