/**
 * Opens a PDF with pdf.js inside the file reader's worker. A worker has no DOM, so the shims below
 * stand in for pdf.js's document-bound canvas, SVG-filter and fetch factories; without them scans
 * could not be drawn for OCR nor the WebAssembly image decoders loaded. Load failures become
 * AppErrors a person can act on (password, damaged file).
 */
import { AppError } from '../../common/types';
import { pdfjsWasmUrl } from '../../common/pdfjs-wasm';

export type PdfJs = typeof import('pdfjs-dist');
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** Starts loading the PDF; the caller awaits `.promise` and destroys the task when done. */
export function loadPdf(pdfjs: PdfJs, data: Uint8Array, password?: string) {
  return pdfjs.getDocument({
    data,
    password,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    wasmUrl: pdfjsWasmUrl(),
    // In a worker there is no document: scans are drawn for OCR on OffscreenCanvas, and the
    // image decoders are fetched with plain fetch (pdf.js's own fetcher reads document.baseURI).
    ...(!('document' in globalThis)
      ? { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilters, BinaryDataFactory: WasmFetcher }
      : {}),
  });
}

/** pdf.js's canvases, made as OffscreenCanvas (its default factory needs a DOM document). */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/** Fetches pdf.js's WebAssembly image decoders (the only binary data Carrel gives it a URL for). */
class WasmFetcher {
  private readonly wasmUrl: string | null;
  constructor({ wasmUrl = null }: { wasmUrl?: string | null }) {
    this.wasmUrl = wasmUrl;
  }
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    if (kind !== 'wasmUrl' || !this.wasmUrl) throw new Error(`Carrel does not give pdf.js ${kind} data`);
    const response = await fetch(`${this.wasmUrl}${filename}`);
    if (!response.ok) throw new Error(`Unable to load wasm data at: ${this.wasmUrl}${filename}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** SVG filters (transfer functions, high contrast) need a DOM; a scan read by OCR does without them. */
class NoFilters {
  addFilter = () => 'none';
  addHCMFilter = () => 'none';
  addAlphaFilter = () => 'none';
  addLuminosityFilter = () => 'none';
  addKnockoutFilter = () => 'none';
  addHighlightHCMFilter = () => 'none';
  addSelectionHCMFilter = () => 'none';
  addSelectionFilter = () => 'none';
  createSelectionStyle = () => null;
  destroy() {}
}

/** A pdf.js load failure as the AppError the UI explains (password asked or wrong, damaged file). */
export function pdfError(error: unknown, fileName: string): AppError {
  const { name, code } = (error ?? {}) as { name?: string; code?: number };
  if (name === 'PasswordException') {
    return code === 2
      ? new AppError('PDF_BAD_PASSWORD', `That password does not open “${fileName}”.`)
      : new AppError('PDF_PASSWORD', `“${fileName}” is protected by a password.`);
  }
  if (name === 'InvalidPDFException' || name === 'FormatError')
    return new AppError('PDF_INVALID', `“${fileName}” is damaged or not a valid PDF.`);
  return new AppError(
    'PDF_INVALID',
    `“${fileName}” could not be read as a PDF (${(error as Error)?.message ?? error}).`,
  );
}
