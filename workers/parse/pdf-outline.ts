/**
 * The PDF's outline (bookmarks) as headings. An author's outline knows the true heading levels, so
 * when most of its titles are found on their pages it decides which lines are headings; when it
 * does not match the text (a stale or generated outline), font sizes decide instead.
 */
import type { PdfDocument } from './pdf-loader';
import type { Line } from './pdf-lines';

export interface OutlineHeading {
  key: string;
  title: string;
  level: number;
  page: number;
}

/** Text reduced to lower-case letters and digits, so an outline title matches its line despite spacing and punctuation. */
const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Outline entries with their depth and physical page (entries whose page cannot be resolved are dropped). */
export async function outlineHeadings(doc: PdfDocument): Promise<OutlineHeading[]> {
  const outline = await doc.getOutline().catch(() => null);
  if (!outline) return [];
  const result: OutlineHeading[] = [];
  const walk = async (items: typeof outline, level: number) => {
    for (const item of items) {
      const page = await destinationPage(doc, item.dest).catch(() => null);
      if (page && item.title.trim())
        result.push({ key: normal(item.title), title: item.title.trim(), level: Math.min(level, 6), page });
      if (item.items?.length) await walk(item.items, level + 1);
    }
  };
  await walk(outline, 1);
  return result;
}

async function destinationPage(doc: PdfDocument, dest: string | unknown[] | null): Promise<number | null> {
  const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
  const ref = explicit?.[0];
  if (ref === undefined || ref === null) return null;
  if (typeof ref === 'number') return ref + 1;
  return (await doc.getPageIndex(ref as Parameters<PdfDocument['getPageIndex']>[0])) + 1;
}

/**
 * When most outline titles are found on their pages, headings are exactly those lines (the outline
 * knows the levels); otherwise the outline is unreliable and font sizes decide (returns null).
 */
export function outlineMatcher(outline: OutlineHeading[], lines: Line[]): ((line: Line) => number | null) | null {
  if (outline.length < 2) return null;
  // Each line's key once, and only for lines on an outline entry's page: comparing every entry
  // with every line took R-intro.pdf's 113 pages ~0.3 s of regular expressions.
  const keys = new Map<Line, string>();
  const keyOf = (line: Line) => {
    let key = keys.get(line);
    if (key === undefined) keys.set(line, (key = normal(line.text)));
    return key;
  };
  const matches = (entry: OutlineHeading, line: Line) => {
    if (line.page !== entry.page) return false;
    const key = keyOf(line);
    return (
      key.length > 0 &&
      (key === entry.key ||
        (key.length >= 6 && entry.key.startsWith(key)) ||
        (entry.key.length >= 6 && key.startsWith(entry.key) && key.length - entry.key.length < 6))
    );
  };
  const found = outline.filter((entry) => lines.some((line) => matches(entry, line)));
  if (found.length < outline.length * 0.5) return null;
  const used = new Set<OutlineHeading>();
  return (line) => {
    const entry = outline.find((e) => !used.has(e) && matches(e, line));
    if (!entry) return null;
    if (keyOf(line).length >= entry.key.length) used.add(entry);
    return entry.level;
  };
}
