/**
 * Optical character recognition for pages without a text layer (scans), with tesseract.js: its
 * worker, its WebAssembly core and the English model are served from Carrel's own origin under
 * /ocr/ (vite.config.ts copies them from node_modules and the service worker precaches them), so
 * OCR works offline and nothing is fetched from a CDN. Other languages come from the model cache
 * or this site (common/ocr-languages.ts). The engine that runs tesseract's workers is
 * ocr-engine.ts; this module turns what they read into lines and text items.
 */
import type { Block } from 'tesseract.js';
import type { PageWord } from '../../common/db';
import { MODEL_CACHE } from '../../common/models';
import { isLanguageData, ocrLanguageCacheKey, ocrLanguageName, ocrLanguageSitePath } from '../../common/ocr-languages';
import { AppError } from '../../common/types';
import type { TextItemLike } from './pdf-lines';

/** Where the OCR files are served (see selfHostedAssets in vite.config.ts). */
export const OCR_PATHS = {
  worker: '/ocr/worker.min.js',
  // SIMD is in every browser Carrel supports; naming the file skips tesseract's feature probe.
  core: '/ocr/tesseract-core-simd-lstm.wasm.js',
} as const;

/** What reads one image: an `Ocr` set to one language. */
export interface PageReader {
  recognize(image: Blob): Promise<OcrPage>;
}

/** A language's model: downloaded (the model cache) first, else served by this site (English always is). */
export async function languageData(code: string, origin: string): Promise<Uint8Array> {
  const cached = await caches
    .open(MODEL_CACHE)
    .then((cache) => cache.match(ocrLanguageCacheKey(code)))
    .catch(() => undefined);
  const response = cached ?? (await fetch(new URL(ocrLanguageSitePath(code), origin)).catch(() => null));
  const bytes = response?.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  if (!bytes || !isLanguageData(bytes))
    throw new AppError(
      'OCR_LANGUAGE_MISSING',
      `Scanned pages are read in ${ocrLanguageName(code)}, whose OCR model is not on this device.`,
    );
  return bytes;
}

/** Whether a language's model is on this device (downloaded, or served by this site), without reading it. */
export async function languageAvailable(code: string, origin: string): Promise<boolean> {
  const cached = await caches
    .open(MODEL_CACHE)
    .then((cache) => cache.match(ocrLanguageCacheKey(code)))
    .catch(() => undefined);
  if (cached) return true;
  const served = await fetch(new URL(ocrLanguageSitePath(code), origin), { method: 'HEAD' }).catch(() => null);
  return !!served?.ok;
}

export type Box = [x0: number, y0: number, x1: number, y1: number];

export interface OcrWord {
  text: string;
  box: Box;
  /** 0–100, tesseract's own. */
  confidence: number;
}

export interface OcrLine {
  text: string;
  box: Box;
  /** y of the baseline, in image pixels from the top. */
  baseline: number;
  /** The line's height in pixels: tesseract's row height (ascender to descender), or its median word's if less. */
  height: number;
  words: OcrWord[];
}

export interface OcrPage {
  lines: OcrLine[];
  /** Paragraph breaks: indexes into `lines` where a new paragraph starts. */
  paragraphStarts: number[];
  /** Mean word confidence, 0–100 (0 when no word was found). */
  confidence: number;
}

/**
 * What OCR read as text items on a page, the shape pdf.js gives a text layer: one per word, on its
 * line's baseline, sized by the line's height. `place` maps image pixels to page units (y up);
 * `pixelsPerUnit` is the image's scale. Measured heights wobble with the letters in a line and
 * with skew: lines from 0.7 to 1.5 times the page's usual height get exactly that size, so body
 * text reads as one size and only clearly larger type (a title, a chapter heading) stands out; a
 * scan's smaller headings (12 pt over 10 pt body) are read as text, never body text as headings.
 */
export function pageItems(
  read: OcrPage,
  place: (x: number, y: number) => [number, number],
  pixelsPerUnit: number,
): TextItemLike[] {
  const usual = median(read.lines.map((l) => l.height));
  const items: TextItemLike[] = [];
  for (const line of read.lines) {
    const height = (line.height >= usual * 0.7 && line.height <= usual * 1.5 ? usual : line.height) / pixelsPerUnit;
    for (const word of line.words) {
      const [x, y] = place(word.box[0], line.baseline);
      items.push({
        str: word.text,
        transform: [height, 0, 0, height, x, y].map(round),
        width: round((word.box[2] - word.box[0]) / pixelsPerUnit),
        height,
        hasEOL: false,
      });
    }
  }
  return items;
}

/** What is stored of a page's OCR words for the viewer's boxes (texts.ocrWords). */
export const pageWords = (items: readonly TextItemLike[]): PageWord[] =>
  items.map(({ str, transform, width }) => ({ str, transform, width }));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** Tesseract's blocks → lines of sure words, paragraph starts and the mean confidence (exported for tests). */
export function pageFromBlocks(blocks: readonly Block[]): OcrPage {
  const lines: OcrLine[] = [];
  const paragraphStarts: number[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      const start = lines.length;
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((w) => w.text.trim() && w.confidence >= MIN_WORD_CONFIDENCE)
          .map((w) => ({ text: w.text.trim(), box: toBox(w.bbox), confidence: w.confidence }));
        if (!words.length || isDebris(words)) continue;
        const baseline = Math.max(line.baseline.y0, line.baseline.y1) || line.bbox.y1;
        // Tesseract's row height, unless the line's median word is shorter: a tall shape read off a
        // picture beside the text inflates the row, not the words.
        const row = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
        const height = Math.min(row, median(words.map((w) => w.box[3] - w.box[1])) || row);
        lines.push({ text: words.map((w) => w.text).join(' '), box: toBox(line.bbox), baseline, height, words });
      }
      if (lines.length > start) paragraphStarts.push(start);
    }
  }
  const words = lines.flatMap((l) => l.words);
  const confidence = words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0;
  return { lines, paragraphStarts, confidence };
}

/** Words read this unsurely are mostly shapes in a picture taken for letters. */
const MIN_WORD_CONFIDENCE = 30;

/**
 * A "line" read off an illustration: unsure, or fairly unsure and more symbols than letters and
 * digits. Code and formulas are read surely, so their symbols alone do not make them debris.
 */
function isDebris(words: OcrWord[]): boolean {
  const text = words.map((w) => w.text).join('');
  const alphanumeric = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  return confidence < 55 || (alphanumeric < text.length * 0.5 && confidence < 80);
}

const toBox = ({ x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number }): Box => [x0, y0, x1, y1];
