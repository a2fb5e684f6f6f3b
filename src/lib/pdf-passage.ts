/**
 * Finds a passage among a PDF page's text items. Both sides are compared as lower-case letters and
 * digits only, so line breaks, hyphenation, spacing and ligatures the parser smoothed over still match.
 * The boxes' text keeps the word breaks between items, so the marked passage reads (and copies) as words.
 */
import { PDF_SPACE_GAP } from '../../common/pdf-text';

/** A page's text item as pdf.js or OCR gives it; position, width and line end when known. */
export interface PageItem {
  str: string;
  transform?: readonly number[];
  width?: number;
  hasEOL?: boolean;
}

/** The part of one text item that belongs to the passage: `str.slice(from, to)`. */
export interface ItemSpan {
  item: number;
  from: number;
  to: number;
}

const normalChars = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

interface PageIndex {
  text: string;
  /** For each character of `text`: [item index, char index in that item's str]. */
  origin: Array<[number, number]>;
}

function indexPage(items: ReadonlyArray<{ str: string }>): PageIndex {
  let text = '';
  const origin: Array<[number, number]> = [];
  items.forEach((item, i) => {
    for (let c = 0; c < item.str.length; c++) {
      const normal = normalChars(item.str[c]!);
      for (const ch of normal) {
        text += ch;
        origin.push([i, c]);
      }
    }
  });
  return { text, origin };
}

/** Where [start, end) of the passage lies in the page's normalised text, or null. */
function locate(page: string, passage: string): [number, number] | null {
  if (!passage) return null;
  const whole = page.indexOf(passage);
  if (whole >= 0) return [whole, whole + passage.length];
  // A passage that runs onto the next page, or whose ends the parser changed: anchor on a prefix, then a suffix.
  for (const size of [160, 80, 40, 20]) {
    if (size >= passage.length) continue;
    const head = page.indexOf(passage.slice(0, size));
    if (head >= 0) return [head, Math.min(page.length, head + passage.length)];
    const tail = page.indexOf(passage.slice(-size));
    if (tail >= 0) return [Math.max(0, tail + size - passage.length), tail + size];
  }
  return null;
}

/** The spans of the page's text items that make up the passage, in reading order; empty if not found. */
export function findPassage(items: ReadonlyArray<{ str: string }>, passage: string): ItemSpan[] {
  const page = indexPage(items);
  const range = locate(page.text, normalChars(passage));
  if (!range) return [];
  const spans: ItemSpan[] = [];
  for (let k = range[0]; k < range[1]; k++) {
    const [item, c] = page.origin[k]!;
    const last = spans.at(-1);
    if (last?.item === item) last.to = c + 1;
    else spans.push({ item, from: c, to: c + 1 });
  }
  // Take in the punctuation that closes the passage ("noon." not "noon"): it was dropped from the comparison.
  for (const span of spans) {
    const str = items[span.item]!.str;
    while (span.to < str.length && /[^\p{L}\p{N}\s]/u.test(str[span.to]!)) span.to++;
  }
  return spans;
}

/**
 * Whether a reader sees a word break between span `a` and the span `b` after it: whitespace
 * between them (in either item or an item of its own), a line ending after `a` other than on a
 * hyphen, a visible gap on one baseline, or a change of baseline. Items that abut (a kerned word,
 * a font change inside a word) join.
 */
function wordBreak(items: readonly PageItem[], a: ItemSpan, b: ItemSpan): boolean {
  const prev = items[a.item]!;
  const next = items[b.item]!;
  const between = [
    prev.str.slice(a.to),
    ...items.slice(a.item + 1, b.item).map((i) => i.str),
    next.str.slice(0, b.from),
  ];
  if (between.some((text) => /\s/.test(text))) return true;
  const hyphen = /-$/.test(prev.str.slice(0, a.to));
  // OCR's words carry no line-end flag (pdf.js items always do): each is a word of its own.
  if (prev.hasEOL === undefined || items.slice(a.item, b.item).some((i) => i.hasEOL)) return !hyphen;
  if (!prev.transform || !next.transform) return false;
  const [, , c, d, x, y] = prev.transform as [number, number, number, number, number, number];
  const size = Math.hypot(c, d);
  const [, , , , nextX, nextY] = next.transform as [number, number, number, number, number, number];
  if (Math.abs(nextY - y) > size * 0.5) return !hyphen;
  return nextX - (x + (prev.width ?? 0)) > size * PDF_SPACE_GAP;
}

/** Each span's text, followed by a space where a word ends after it: the passage as a reader copies it. */
export function spanTexts(items: readonly PageItem[], spans: readonly ItemSpan[]): string[] {
  return spans.map((span, i) => {
    const text = items[span.item]!.str.slice(span.from, span.to);
    const next = spans[i + 1];
    return next && wordBreak(items, span, next) ? `${text} ` : text;
  });
}
