/**
 * Draws one page of a stored PDF on the main thread and works out where a passage sits on it.
 * pdf.js runs its parser in its own worker, loaded from our origin (the CSP allows only 'self').
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { AppError } from '../../common/types';
import type { PageWord } from '../../common/db';
import { pdfjsWasmUrl } from '../../common/pdfjs-wasm';
import { findPassage, spanTexts } from './pdf-passage';

type PdfJs = typeof import('pdfjs-dist');

/** One highlight rectangle in CSS pixels of the drawn page, with the text it covers. */
export interface PassageBox {
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
}

/** The rectangle around all of a passage's boxes (the element the viewer scrolls to), or null when there are none. */
export function boxBounds(
  boxes: readonly PassageBox[],
): { left: number; top: number; width: number; height: number } | null {
  if (!boxes.length) return null;
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

export interface DrawnPage {
  pageCount: number;
  width: number;
  height: number;
  boxes: PassageBox[];
}

let pdfjsLoading: Promise<PdfJs> | undefined;

/** pdf.js and its worker, loaded once on first use; a failed load is retried next time. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((error: unknown) => {
      pdfjsLoading = undefined;
      throw error;
    });
  return pdfjsLoading;
}

/** Opens a stored PDF; the password is the one given when it was added (this session only). */
export async function openPdf(blob: Blob, name: string, password?: string): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const data = new Uint8Array(await blob.arrayBuffer());
  try {
    return await pdfjs.getDocument({
      data,
      password,
      useWorkerFetch: false,
      stopAtErrors: false,
      wasmUrl: pdfjsWasmUrl(),
    }).promise;
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new AppError(
        'PDF_RENDER',
        `“${name}” is protected by a password, which Carrel does not keep after a reload.`,
      );
    }
    throw new AppError('PDF_RENDER', `Carrel could not open “${name}” to show it.`);
  }
}

/** Renders page `pageNumber` (1-based) to fit `cssWidth` and returns the boxes that cover `passage`. */
export async function drawPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  passage: string,
  ocrWords?: PageWord[],
): Promise<DrawnPage> {
  const pdfjs = await loadPdfJs();
  const number = Math.min(Math.max(1, pageNumber), doc.numPages);
  const page = await doc.getPage(number);
  try {
    const scale = cssWidth / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${viewport.width}px`;
    canvas.style.height = `${viewport.height}px`;
    await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
    // A scanned page has no text layer: its words are the ones OCR read and placed when it was added.
    const items = ocrWords ?? (await page.getTextContent()).items.filter((item) => 'str' in item);
    const boxes = passageBoxes(pdfjs, items, viewport, passage);
    return { pageCount: doc.numPages, width: viewport.width, height: viewport.height, boxes };
  } finally {
    page.cleanup();
  }
}

type Viewport = ReturnType<PDFPageProxy['getViewport']>;

function passageBoxes(pdfjs: PdfJs, items: readonly PageWord[], viewport: Viewport, passage: string): PassageBox[] {
  const spans = findPassage(items, passage);
  const texts = spanTexts(items, spans);
  return spans.map(({ item, from, to }, i) => {
    const { str, transform, width } = items[item]!;
    const [, , c, d, e, f] = pdfjs.Util.transform(viewport.transform, transform) as number[];
    const fontHeight = Math.hypot(c!, d!);
    const itemWidth = width * viewport.scale;
    const share = (n: number) => (str.length ? n / str.length : 0);
    return {
      left: e! + itemWidth * share(from),
      top: f! - fontHeight * 0.9,
      width: Math.max(2, itemWidth * share(to - from)),
      height: fontHeight * 1.15,
      text: texts[i]!,
    };
  });
}
