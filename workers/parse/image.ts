/**
 * A photo or scan of a page (PNG, JPEG, WebP) is a one-page document read by OCR; a TIFF is one
 * page per image it holds. Sizes are read from the file's header (a TIFF's directories) before
 * anything is decoded, so a 20,000 × 20,000 image (1.6 GB once decoded) is refused without ever
 * being drawn.
 */
import { isTiff, tiffPages, type TiffPage } from '../../common/tiff';
import { AppError, type ParsedDocument } from '../../common/types';
import { pageItems, pageWords, type OcrPage, type PageReader } from './ocr';
import { assemble, buildDrafts } from './pdf-headings';
import { letterCount, ocrSummary } from './pdf-ocr';
import { itemsToLines, removeFurniture } from './pdf-lines';

/** Largest image read: 50 million pixels (a 300 dpi A3 scan is 25 million; a phone photo 12–48). */
export const MAX_IMAGE_PIXELS = 50e6;
/** Images are read at up to this many pixels (a page at 300 dpi); larger ones are scaled down first. */
const OCR_PIXELS = 16e6;

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height from a PNG, JPEG or WebP header; null when the bytes are none of those. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && ascii(12, 4) === 'IHDR') {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 4 && view.getUint16(0) === 0xffd8) {
    // Walk the JPEG's segments to the frame header (SOF0–SOF15, not DHT, JPG or DAC).
    for (let at = 2; at + 9 < bytes.length;) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      at += 2 + view.getUint16(at + 2);
    }
    return null;
  }
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ')
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
      const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
      return { width, height };
    }
  }
  return null;
}

/** One page to read: its size (known before decoding) and a way to decode it. */
interface ImagePage extends ImageSize {
  decode(): Promise<ImageBitmap>;
}

function tooLarge(size: ImageSize, fileName: string, page: string): AppError {
  const mp = Math.round((size.width * size.height) / 1e6);
  return new AppError(
    'IMAGE_TOO_LARGE',
    `“${fileName}”${page} is ${size.width.toLocaleString('en')} × ${size.height.toLocaleString('en')} pixels (${mp} million); Carrel reads images up to ${MAX_IMAGE_PIXELS / 1e6} million.`,
  );
}

/** A PNG, JPEG or WebP: one page, decoded by the browser. */
function singleImage(bytes: Uint8Array, fileName: string): ImagePage[] {
  const size = imageSize(bytes);
  if (!size || !size.width || !size.height)
    throw new AppError(
      'IMAGE_INVALID',
      `“${fileName}” is named like an image but is not a PNG, JPEG, WebP or TIFF file Carrel can read.`,
    );
  return [{ ...size, decode: () => createImageBitmap(new Blob([bytes as BlobPart])) }];
}

/** A TIFF: one page per image it holds, each decoded only when it is read. */
async function tiffImages(bytes: Uint8Array, fileName: string): Promise<ImagePage[]> {
  let pages: TiffPage[];
  try {
    pages = await tiffPages(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw new AppError('IMAGE_INVALID', `“${fileName}” is damaged: its TIFF directories cannot be read.`);
  }
  if (!pages.length) throw new AppError('IMAGE_INVALID', `“${fileName}” is a TIFF file with no image in it.`);
  return pages.map((page) => ({
    width: page.width,
    height: page.height,
    decode: () => createImageBitmap(page.pixels()),
  }));
}

/** Draws a page on white, scaled down to at most OCR_PIXELS, as a PNG for the OCR engine. */
async function forOcr(bitmap: ImageBitmap, scale: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(
    Math.max(1, Math.round(bitmap.width * scale)),
    Math.max(1, Math.round(bitmap.height * scale)),
  );
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const png = await canvas.convertToBlob({ type: 'image/png' });
  canvas.width = canvas.height = 0;
  return png;
}

/**
 * Reads an image of a page (or a TIFF's pages) by OCR; its words are stored in image pixels (y up)
 * for the viewer's boxes. A page OCR fails on is reported and the others kept, as for a PDF.
 */
export async function parseImage(
  bytes: Uint8Array,
  fileName: string,
  ocr: PageReader | undefined,
  onPage?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ParsedDocument> {
  const pages = isTiff(bytes) ? await tiffImages(bytes, fileName) : singleImage(bytes, fileName);
  pages.forEach((page, i) => {
    if (page.width * page.height > MAX_IMAGE_PIXELS)
      throw tooLarge(page, fileName, pages.length > 1 ? ` (page ${i + 1})` : '');
  });
  if (!ocr) throw new AppError('PDF_NO_TEXT', `“${fileName}” is an image, and this reader has no OCR.`);
  const lines: ReturnType<typeof itemsToLines>[] = [];
  const read: { page: number; confidence: number }[] = [];
  const failed: number[] = [];
  const ocrWords: NonNullable<ParsedDocument['ocrWords']> = {};
  for (const [i, page] of pages.entries()) {
    const number = i + 1;
    signal?.throwIfAborted();
    onPage?.(i, pages.length);
    const scale = Math.min(1, Math.sqrt(OCR_PIXELS / (page.width * page.height)));
    let result: OcrPage;
    try {
      result = await ocr.recognize(await forOcr(await page.decode(), scale));
    } catch (error) {
      signal?.throwIfAborted();
      // One unreadable page of several does not lose the others; a missing language fails them all.
      if (pages.length > 1 && !(error instanceof AppError)) {
        console.warn(`Page ${number} of ${fileName} could not be read`, error);
        failed.push(number);
        lines.push([]);
        continue;
      }
      throw error instanceof AppError
        ? error
        : new AppError('IMAGE_INVALID', `“${fileName}” is damaged: the image cannot be decoded.`);
    }
    // Page units are the original image's pixels, with y up as in a PDF.
    const items = pageItems(result, (x, y) => [x / scale, page.height - y / scale], scale);
    lines.push(itemsToLines(items, number));
    if (letterCount(items.map((item) => item.str).join(''))) read.push({ page: number, confidence: result.confidence });
    ocrWords[number] = pageWords(items);
  }
  onPage?.(pages.length, pages.length);
  if (!read.length) throw new AppError('PDF_NO_TEXT', `OCR found no text in “${fileName}”.`);
  const parsed = assemble(buildDrafts(removeFurniture(lines), []), pages.length, null, '', fileName);
  return { ...parsed, kind: 'image', ocr: ocrSummary(read, failed), ocrWords };
}
