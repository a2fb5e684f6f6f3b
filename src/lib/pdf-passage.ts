/**
 * Finds a passage among a PDF page's text items. Both sides are compared as lower-case letters and
 * digits only, so line breaks, hyphenation, spacing and ligatures the parser smoothed over still match.
 */

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
