/** Boxes over a passage on an image of a page, from the words OCR read and placed when it was added. */
import type { PageWord } from '../shared/db';
import { findPassage } from './pdf-passage';
import type { PassageBox } from './pdf-view';

/**
 * `words` are in the image's pixels with y up (workers/parse/image.ts); the image is shown
 * `scale` times its natural size, `naturalHeight` pixels high.
 */
export function imageBoxes(words: readonly PageWord[], passage: string, naturalHeight: number, scale: number): PassageBox[] {
  return findPassage(words, passage).map(({ item, from, to }) => {
    const { str, transform, width } = words[item]!;
    const [, , , size, x, y] = transform as [number, number, number, number, number, number];
    const share = (n: number) => (str.length ? n / str.length : 0);
    return {
      left: (x + width * share(from)) * scale,
      top: (naturalHeight - y - size * 0.9) * scale,
      width: Math.max(2, width * share(to - from) * scale),
      height: size * 1.15 * scale,
      text: str.slice(from, to),
    };
  });
}
