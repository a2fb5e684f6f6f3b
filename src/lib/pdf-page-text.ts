/**
 * A PDF page's text as a person reads it on a narrow screen: its lines joined into paragraphs, so
 * the text wraps at the screen's width, with where the passage lies in it.
 */
import { findPassage, type PageItem } from './pdf-passage';

/** The page's text and the passage's [start, end) in it. */
export interface PageText {
  text: string;
  start: number;
  end: number;
}

/** A gap between two lines taller than this many font heights (of the smaller font) starts a new paragraph. */
const PARAGRAPH_GAP = 1.6;

const baseline = (item: PageItem) => item.transform?.[5];
const fontHeight = (item: PageItem) =>
  item.transform ? Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) : 0;

/** Whether a new line starting with `next` begins a new paragraph after the line that ended with `last`. */
function newParagraph(last: PageItem, next: PageItem): boolean {
  const y = baseline(last);
  const nextY = baseline(next);
  const size = Math.min(fontHeight(last), fontHeight(next));
  if (y === undefined || nextY === undefined || size <= 0) return false;
  // A heading and the text under it: a change of font size is a break, whatever the gap.
  if (Math.abs(fontHeight(last) - fontHeight(next)) > size * 0.2) return true;
  return Math.abs(y - nextY) > size * PARAGRAPH_GAP;
}

/**
 * What goes between the text so far (whose last words came from `last`) and `next`: nothing, a
 * space, or a paragraph break. pdf.js marks a line end on the line's last item or on an empty item
 * of its own; OCR's words carry no line ends and are words of their own.
 */
function joiner(text: string, last: PageItem, lineEnded: boolean, next: PageItem): string {
  if (!text || /\s$/.test(text) || /^\s/.test(next.str)) return '';
  if (last.hasEOL === undefined) return ' ';
  if (!lineEnded) return '';
  if (newParagraph(last, next)) return '\n\n';
  // A word broken over two lines joins again (its hyphen kept: it may be a compound's).
  return /-$/.test(text) ? '' : ' ';
}

/** The page's text with the passage's place in it, or null when the passage is not on this page. */
export function pageText(items: readonly PageItem[], passage: string): PageText | null {
  const spans = findPassage(items, passage);
  if (!spans.length) return null;
  const offsets: number[] = [];
  let text = '';
  let last: PageItem | undefined;
  let lineEnded = false;
  for (const item of items) {
    if (item.str && last) text += joiner(text, last, lineEnded, item);
    offsets.push(text.length);
    text += item.str;
    lineEnded = !!item.hasEOL || (lineEnded && !item.str);
    if (item.str) last = item;
  }
  const first = spans[0]!;
  const end = spans.at(-1)!;
  return { text: text.trimEnd(), start: offsets[first.item]! + first.from, end: offsets[end.item]! + end.to };
}
