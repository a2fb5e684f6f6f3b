/**
 * Hands scanned PDF pages to OCR. A page with almost no text layer but an image on it is drawn at
 * 300 dpi and read by OCR; the words come back as pdf.js-like text items, so the rest of the PDF
 * path (lines, headings) treats a scan like any other page. Also summarises how well OCR read.
 */
import type { OcrSummary } from '../../common/types';
import { pageItems, type PageReader } from './ocr';
import type { PdfJs, PdfPage } from './pdf-loader';
import type { TextItemLike } from './pdf-lines';

/** A page with fewer letters than this in its text layer, and an image on it, is read by OCR. */
export const OCR_BELOW_LETTERS = 40;
/** Scans are rendered for OCR at 300 dpi, the resolution tesseract is trained for… */
const OCR_DPI = 300;
/** …unless the page is so large that would exceed this many pixels (A4 at 300 dpi is 8.7 million). */
const OCR_MAX_PIXELS = 16e6;
/** Pages read by OCR with a mean confidence below this (0–100) are flagged as doubtful. */
export const OCR_CONFIDENCE_FLOOR = 70;

/** Letters in any script: digits and punctuation (OCR debris) do not make a text layer. */
export const letterCount = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** Which pages OCR read, how confidently, and which it could not read. */
export function ocrSummary(scanned: { page: number; confidence: number }[], failed: number[]): OcrSummary {
  const confidence = scanned.length ? scanned.reduce((sum, s) => sum + s.confidence, 0) / scanned.length : 0;
  return {
    pages: scanned.map((s) => s.page),
    confidence: Math.round(confidence),
    doubtfulPages: scanned.filter((s) => s.confidence < OCR_CONFIDENCE_FLOOR).map((s) => s.page),
    failedPages: failed,
  };
}

type RenderContext = NonNullable<Parameters<PdfPage['render']>[0]['canvasContext']>;

/** Does the page paint an image (a scan), rather than being blank or holding only vector drawings? */
export async function hasImage(page: PdfPage, pdfjs: PdfJs): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  const paints = new Set([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageMaskXObject,
    pdfjs.OPS.paintImageXObjectRepeat,
  ]);
  return fnArray.some((op) => paints.has(op));
}

/**
 * Draws the page at 300 dpi and reads it by OCR; the words come back as text items in the page's
 * own coordinates (one per word, on its line's baseline, sized by the line's height), so lines,
 * paragraphs, columns and headings are found exactly as for a PDF with a text layer.
 */
export async function readScannedPage(
  page: PdfPage,
  ocr: PageReader,
): Promise<{ items: TextItemLike[]; confidence: number }> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_DPI / 72, Math.sqrt(OCR_MAX_PIXELS / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const canvas = new OffscreenCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: null, canvasContext: context as unknown as RenderContext, viewport }).promise;
  const image = await canvas.convertToBlob({ type: 'image/png' });
  canvas.width = canvas.height = 0;
  const read = await ocr.recognize(image);
  const items = pageItems(read, (x, y) => viewport.convertToPdfPoint(x, y) as [number, number], scale);
  return { items, confidence: read.confidence };
}
