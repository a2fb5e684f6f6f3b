/**
 * pdf.js decodes JBIG2 and JPEG 2000 images (the usual formats of scanned pages) and ICC colours
 * with WebAssembly modules it fetches from this folder, served from our own origin (vite.config.ts
 * copies them from pdfjs-dist/wasm). Without them a scan renders blank and cannot be read by OCR.
 */
export const PDFJS_WASM_PATH = '/pdfjs/wasm/';

/** The folder as the absolute URL pdf.js wants (it runs in workers too), or undefined off the web. */
export function pdfjsWasmUrl(): string | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? new URL(PDFJS_WASM_PATH, origin).href : undefined;
}
