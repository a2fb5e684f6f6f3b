/**
 * Turns pdf.js text items into lines and paragraphs: items grouped by baseline, lines joined into
 * paragraphs by spacing and font size, line-end hyphenation undone, repeated page furniture removed.
 */

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
}

/** Items of one page → lines, top to bottom, each with its font size. */
export function itemsToLines(items: TextItemLike[], page: number): Line[] {
  const rows: { y: number; size: number; parts: { x: number; str: string; width: number }[] }[] = [];
  for (const item of items) {
    if (!item.str) continue;
    const [, , c, d, x, y] = item.transform as [number, number, number, number, number, number];
    const size = Math.hypot(c, d) || item.height;
    const row = rows.find((r) => Math.abs(r.y - y) < Math.max(2, Math.min(r.size, size) * 0.4));
    if (row) {
      row.parts.push({ x, str: item.str, width: item.width });
      row.size = Math.max(row.size, size);
    } else rows.push({ y, size, parts: [{ x, str: item.str, width: item.width }] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map((row) => {
      const parts = row.parts.sort((a, b) => a.x - b.x);
      let text = '';
      let lastEnd = -Infinity;
      for (const part of parts) {
        // A visible gap between items is a space the PDF did not encode.
        if (text && part.x - lastEnd > row.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(part.str)) text += ' ';
        text += part.str;
        lastEnd = part.x + part.width;
      }
      return { text: text.replace(/\s+/g, ' ').trim(), size: Math.round(row.size * 10) / 10, x: parts[0]!.x, y: row.y, page };
    })
    .filter((line) => line.text);
}

/** The shape of a line with digits ignored, so "Page 3" and "Page 4" match. */
const shape = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * Removes running headers, footers and page numbers from the first and last two lines of each page:
 * bare numbers; lines whose shape recurs on a third of the pages; and lines in a slot (same
 * height on the page, same size) used on 40% of the pages whose text recurs at least twice — a
 * header that names the current chapter changes text but not place.
 */
export function removeFurniture(pages: Line[][]): Line[][] {
  const edge = (lines: Line[]) => [...new Set([...lines.slice(0, 2), ...lines.slice(-2)])];
  const slot = (line: Line) => `${Math.round(line.y)}:${line.size}`;
  const shapes = new Map<string, number>();
  const slots = new Map<string, number>();
  for (const lines of pages) {
    for (const s of new Set(edge(lines).map((l) => shape(l.text)))) shapes.set(s, (shapes.get(s) ?? 0) + 1);
    for (const s of new Set(edge(lines).map(slot))) slots.set(s, (slots.get(s) ?? 0) + 1);
  }
  const furniture = (line: Line) => {
    if (/^[-–\s]*(\d+|[ivxlc]+)[-–\s]*$/i.test(line.text)) return true;
    if (pages.length < 3) return false;
    const repeats = shapes.get(shape(line.text)) ?? 0;
    return repeats >= Math.max(3, pages.length / 3) || (repeats >= 2 && (slots.get(slot(line)) ?? 0) >= pages.length * 0.4);
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

/** Appends `next` to `text`, undoing a line-end hyphen when the next line starts in lower case. */
export function joinLine(text: string, next: string): string {
  if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  return `${text} ${next}`;
}
