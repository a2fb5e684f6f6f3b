/** Boxes over a passage on an image of a page, from the words OCR read and placed when it was added. */
import type { PageWord } from '../../common/db';
import { isTiff, tiffPages } from '../../common/tiff';
import { findPassage, spanTexts } from './pdf-passage';
import type { PassageBox } from './pdf-view';

/**
 * `words` are in the image's pixels with y up (workers/parse/image.ts); the image is shown
 * `scale` times its natural size, `naturalHeight` pixels high.
 */
export function imageBoxes(
  words: readonly PageWord[],
  passage: string,
  naturalHeight: number,
  scale: number,
): PassageBox[] {
  const spans = findPassage(words, passage);
  const texts = spanTexts(words, spans);
  return spans.map(({ item, from, to }, i) => {
    const { str, transform, width } = words[item]!;
    const [, , , size, x, y] = transform as [number, number, number, number, number, number];
    const share = (n: number) => (str.length ? n / str.length : 0);
    return {
      left: (x + width * share(from)) * scale,
      top: (naturalHeight - y - size * 0.9) * scale,
      width: Math.max(2, width * share(to - from) * scale),
      height: size * 1.15 * scale,
      text: texts[i]!,
    };
  });
}

/** What the browser can draw of page `page` of an image: the file itself, or for a TIFF (which browsers do not draw) that page as PNG. */
export async function drawableImage(blob: Blob, page: number): Promise<Blob> {
  if (!isTiff(new Uint8Array(await blob.slice(0, 4).arrayBuffer()))) return blob;
  const pages = await tiffPages(await blob.arrayBuffer());
  const pixels = pages[page - 1]?.pixels();
  if (!pixels) throw new Error(`The TIFF has no page ${page}.`);
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  canvas.getContext('2d')!.putImageData(pixels, 0, 0);
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  canvas.width = canvas.height = 0;
  if (!png) throw new Error('The TIFF page could not be drawn.');
  return png;
}
