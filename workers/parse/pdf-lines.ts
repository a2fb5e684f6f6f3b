/**
 * Turns pdf.js text items into lines and paragraphs: items grouped by baseline, lines joined into
 * paragraphs by spacing and font size, line-end hyphenation undone, repeated page furniture removed.
 */
import { PDF_SPACE_GAP } from '../../common/pdf-text';

export interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

export interface Line {
  text: string;
  size: number;
  x: number;
  y: number;
  page: number;
  /** First line of the right-hand column: text may run on from the foot of the left one. */
  columnStart?: boolean;
}

interface Segment {
  x0: number;
  x1: number;
  text: string;
  /** Font size of its largest visible item: two columns sharing a baseline keep their own sizes. */
  size: number;
}

interface Row {
  y: number;
  size: number;
  parts: { x: number; str: string; width: number; size: number }[];
  segments: Segment[];
}

/**
 * Items of one page → lines in reading order, each with its font size. Items are grouped into rows
 * by baseline; on a two-column page (a vertical gutter no line crosses) the left column is read
 * before the right one, band by band between full-width lines (titles, wide figures).
 */
export function itemsToLines(items: TextItemLike[], page: number): Line[] {
  const rows = toRows(items);
  const gutter = findGutter(rows);
  const lines: Line[] = [];
  const emit = (row: Row, segments: Segment[], columnStart = false) => {
    // Dot leaders ("Introduction ........ 4") become one ellipsis: they carry no words, only tokens.
    const text = segments
      .map((s) => s.text)
      .join(' ')
      .replace(/(?:\s*[.·…_]){5,}\s*/g, ' … ')
      .replace(/\s+/g, ' ')
      .trim();
    const size = Math.max(...segments.map((s) => s.size));
    if (text)
      lines.push({
        text,
        size: Math.round(size * 10) / 10,
        x: segments[0]!.x0,
        y: row.y,
        page,
        ...(columnStart ? { columnStart } : {}),
      });
  };
  if (gutter === null) {
    for (const row of rows) emit(row, row.segments);
    return lines;
  }
  let band: Row[] = [];
  const flushBand = () => {
    for (const row of band) {
      const left = row.segments.filter((s) => s.x1 <= gutter);
      if (left.length) emit(row, left);
    }
    let first = true;
    for (const row of band) {
      const right = row.segments.filter((s) => s.x0 >= gutter);
      if (right.length) {
        emit(row, right, first);
        first = false;
      }
    }
    band = [];
  };
  for (const row of rows) {
    if (row.segments.some((s) => s.x0 < gutter && s.x1 > gutter)) {
      flushBand();
      emit(row, row.segments);
    } else band.push(row);
  }
  flushBand();
  return lines;
}

/** Glyphs with no meaning in Unicode: controls, unassigned and replacement characters. */
const MEANINGLESS = /[\p{Cc}\p{Cn}\uFFFD]/gu;

/**
 * An item's text as a reader sees it. Ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ) become their letters; glyphs that a
 * font maps to nothing a reader can use (control characters, private-use code points inside a
 * word) are dropped rather than shown as boxes. A private-use glyph standing alone is a symbol
 * font's bullet, read as one.
 */
export function glyphText(str: string): string {
  const letters = str
    .replace(/[\uFB00-\uFB06]/g, (ligature) => ligature.normalize('NFKC'))
    .replace(/[\t\n\r]/g, ' ')
    .replace(MEANINGLESS, '');
  if (/^\s*\p{Co}\s*$/u.test(letters)) return letters.replace(/\p{Co}/u, '•');
  return letters.replace(/\p{Co}/gu, '');
}

/** Items grouped by baseline, top to bottom; each row cut into segments at wide horizontal gaps. */
function toRows(items: TextItemLike[]): Row[] {
  const rows: Row[] = [];
  for (const item of items) {
    const str = glyphText(item.str);
    if (!str) continue;
    const [, , c, d, x, y] = item.transform as [number, number, number, number, number, number];
    const size = Math.hypot(c, d) || item.height;
    const row = nearestRow(rows, y, size);
    if (row) {
      row.parts.push({ x, str, width: item.width, size });
      row.size = Math.max(row.size, size);
    } else rows.push({ y, size, parts: [{ x, str, width: item.width, size }], segments: [] });
  }
  for (const row of rows) {
    let segment: Segment | null = null;
    // pdf.js fills wide gaps with space items as wide as the gap: they would bridge a column
    // gutter, so spaces only mark a word break here and never extend a segment.
    let space = false;
    for (const part of row.parts.sort((a, b) => a.x - b.x)) {
      if (!part.str.trim()) {
        space = true;
        continue;
      }
      const gap = segment ? part.x - segment.x1 : 0;
      if (!segment || gap > row.size * 1.5) {
        segment = { x0: part.x, x1: part.x + part.width, text: part.str, size: part.size };
        row.segments.push(segment);
      } else {
        // A visible gap between items is a space the PDF may not encode.
        if ((space || gap > row.size * PDF_SPACE_GAP) && !/\s$/.test(segment.text) && !/^\s/.test(part.str))
          segment.text += ' ';
        segment.text += part.str;
        segment.x1 = Math.max(segment.x1, part.x + part.width);
        segment.size = Math.max(segment.size, part.size);
      }
      space = /\s$/.test(part.str);
    }
  }
  return rows.filter((r) => r.segments.length).sort((a, b) => b.y - a.y);
}

/**
 * The row whose baseline is nearest `y`, within 40% of the smaller font size (2 units at least).
 * Nearest, not first: a superscript (the raised A of "LaTeX", a footnote mark) lies within reach of
 * the line above too, and taken there it drags the rest of its own line after it.
 */
function nearestRow(rows: Row[], y: number, size: number): Row | undefined {
  let best: Row | undefined;
  for (const row of rows) {
    const dy = Math.abs(row.y - y);
    if (dy < Math.max(2, Math.min(row.size, size) * 0.4) && (!best || dy < Math.abs(best.y - y))) best = row;
  }
  return best;
}

/**
 * The x of a column gutter: the position in the middle 30–70% of the text's width crossed by the
 * fewest segments, when at least 6 rows of text fill each side (full-width rows between them are
 * titles, figures and author blocks, read in place).
 */
function findGutter(rows: Row[]): number | null {
  const segments = rows.flatMap((r) => r.segments);
  if (segments.length < 12) return null;
  const left = Math.min(...segments.map((s) => s.x0));
  const right = Math.max(...segments.map((s) => s.x1));
  let best: { x: number; crossing: number } | null = null;
  for (let f = 0.3; f <= 0.7001; f += 0.01) {
    const x = left + (right - left) * f;
    let crossing = 0;
    let leftRows = 0;
    let rightRows = 0;
    for (const row of rows) {
      if (row.segments.some((s) => s.x0 < x && s.x1 > x)) crossing++;
      else {
        if (row.segments.some((s) => s.x1 <= x)) leftRows++;
        if (row.segments.some((s) => s.x0 >= x)) rightRows++;
      }
    }
    const middle = Math.abs(f - 0.5);
    if (
      leftRows >= 6 &&
      rightRows >= 6 &&
      crossing <= rows.length * 0.6 &&
      filled(segments, left, x) &&
      filled(segments, x, right) &&
      (!best ||
        crossing < best.crossing ||
        (crossing === best.crossing && middle < Math.abs((best.x - left) / (right - left) - 0.5)))
    ) {
      best = { x, crossing };
    }
  }
  return best?.x ?? null;
}

/**
 * Lines of running text fill their column: at least five segments between `from` and `to` span
 * most of it, and they are at least 40% of that side's segments (a table's cells are not).
 */
function filled(segments: Segment[], from: number, to: number): boolean {
  const side = segments.filter((s) => s.x0 >= from - 1 && s.x1 <= to + 1);
  const long = side.filter((s) => s.x1 - s.x0 >= (to - from) * 0.6).length;
  return long >= 5 && long >= side.length * 0.4;
}

/** The shape of a line with digits ignored, so "Page 3" and "Page 4" match. */
const shape = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
/** First word of a line closed by a page number ("Chapter 9: Grouping… 44", "Chapter 13: Packages 84"), else null. */
const family = (text: string) => (/\s\d+$/.test(text.trim()) ? `${shape(text).split(' ')[0]}… #` : null);

/**
 * Removes running headers, footers and page numbers from the first and last two lines of each page:
 * bare numbers; lines whose shape recurs on a third of the pages; and lines in a slot (same
 * height on the page, same size) used on 40% of the pages whose text recurs at least twice, or
 * whose family (first word, closing page number) recurs on three pages — a header that names the
 * current chapter changes text but not place, and a short chapter's header may appear only once.
 */
export function removeFurniture(pages: Line[][]): Line[][] {
  // The top two and bottom two rows by position (reading order puts a two-column header's right half mid-page).
  const edge = (lines: Line[]) => {
    const ys = [...new Set(lines.map((l) => Math.round(l.y)))].sort((a, b) => b - a);
    const rows = new Set([...ys.slice(0, 2), ...ys.slice(-2)]);
    return lines.filter((l) => rows.has(Math.round(l.y)));
  };
  const slot = (line: Line) => `${Math.round(line.y)}:${line.size}`;
  const shapes = new Map<string, number>();
  const slots = new Map<string, number>();
  const families = new Map<string, number>();
  const count = (map: Map<string, number>, keys: string[]) => {
    for (const key of new Set(keys)) map.set(key, (map.get(key) ?? 0) + 1);
  };
  for (const lines of pages) {
    const edges = edge(lines);
    count(
      shapes,
      edges.map((l) => shape(l.text)),
    );
    count(slots, edges.map(slot));
    count(
      families,
      edges.flatMap((l) => (family(l.text) ? [`${slot(l)}|${family(l.text)}`] : [])),
    );
  }
  const furniture = (line: Line) => {
    if (/^[-–\s]*(\d+|[ivxlc]+)[-–\s]*$/i.test(line.text)) return true;
    if (pages.length < 3) return false;
    const repeats = shapes.get(shape(line.text)) ?? 0;
    if (repeats >= Math.max(3, pages.length / 3)) return true;
    const inFrequentSlot = (slots.get(slot(line)) ?? 0) >= pages.length * 0.4;
    return inFrequentSlot && (repeats >= 2 || (families.get(`${slot(line)}|${family(line.text)}`) ?? 0) >= 3);
  };
  return pages.map((lines) => {
    const edges = new Set(edge(lines));
    return lines.filter((line) => !(edges.has(line) && furniture(line)));
  });
}

/** The most common font size, weighted by characters: the body text size. */
export function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 12;
}

/**
 * Appends `next` to `text`, undoing a line-end hyphen when the next line starts in lower case. A
 * hyphen inside a word before a capital or a digit joins a compound or a code ("US-CERT", "SA-10",
 * "Smith-Jones"): it stays, and no space is put after it.
 */
export function joinLine(text: string, next: string): string {
  if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  if (/[\p{L}\p{N}]-$/u.test(text) && /^[\p{Lu}\p{N}]/u.test(next)) return text + next;
  return `${text} ${next}`;
}
