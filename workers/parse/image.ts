/**
 * A photo or scan of a page (PNG, JPEG, WebP) is a one-page document read by OCR. Its size is read
 * from the file's header before anything is decoded, so a 20,000 × 20,000 image (1.6 GB once
 * decoded) is refused without ever being drawn.
 */
import { AppError, type ParsedDocument } from '../../src/shared/types';
import { pageItems, type PageReader } from './ocr';
import { assemble, buildDrafts, letterCount, ocrSummary } from './pdf';
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
    for (let at = 2; at + 9 < bytes.length; ) {
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
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
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

/** Reads an image of a page by OCR; its words are stored in image pixels (y up) for the viewer's boxes. */
export async function parseImage(bytes: Uint8Array, fileName: string, ocr: PageReader | undefined): Promise<ParsedDocument> {
  const size = imageSize(bytes);
  if (!size || !size.width || !size.height) throw new AppError('IMAGE_INVALID', `“${fileName}” is named like an image but is not a PNG, JPEG or WebP file Carrel can read.`);
  const pixels = size.width * size.height;
  if (pixels > MAX_IMAGE_PIXELS) {
    const mp = Math.round(pixels / 1e6);
    throw new AppError('IMAGE_TOO_LARGE', `“${fileName}” is ${size.width.toLocaleString('en')} × ${size.height.toLocaleString('en')} pixels (${mp} million); Carrel reads images up to ${MAX_IMAGE_PIXELS / 1e6} million.`);
  }
  if (!ocr) throw new AppError('PDF_NO_TEXT', `“${fileName}” is an image, and this reader has no OCR.`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart]));
  } catch {
    throw new AppError('IMAGE_INVALID', `“${fileName}” is damaged: the image cannot be decoded.`);
  }
  const scale = Math.min(1, Math.sqrt(OCR_PIXELS / pixels));
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const png = await canvas.convertToBlob({ type: 'image/png' });
  canvas.width = canvas.height = 0;
  const read = await ocr.recognize(png);
  // Page units are the original image's pixels, with y up as in a PDF.
  const items = pageItems(read, (x, y) => [x / scale, size.height - y / scale], scale);
  if (!letterCount(items.map((i) => i.str).join(''))) throw new AppError('PDF_NO_TEXT', `OCR found no text in “${fileName}”.`);
  const parsed = assemble(buildDrafts(removeFurniture([itemsToLines(items, 1)]), []), 1, null, '', fileName);
  return {
    ...parsed,
    kind: 'image',
    ocr: ocrSummary([{ page: 1, confidence: read.confidence }], []),
    ocrWords: { 1: items.map(({ str, transform, width }) => ({ str, transform, width })) },
  };
}
