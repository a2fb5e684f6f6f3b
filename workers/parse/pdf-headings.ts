/**
 * Lines of a PDF (from pdf-lines) → heading, paragraph and list-item drafts → blocks. PDFs carry
 * no structure for this, so it is read from the page: the outline when it matches, else font sizes
 * above the body size and section numbers; lines join into paragraphs by size, spacing and
 * unfinished sentences. Also used for images read by OCR, which have no text layer of their own.
 */
import type { Block, ParsedDocument } from '../../common/types';
import { bodySize, joinLine, type Line } from './pdf-lines';
import { outlineMatcher, type OutlineHeading } from './pdf-outline';
import { SectionNumbers } from './section-numbers';
import { titleFromFileName } from './title';
import { joinBlocks } from './blocks';

export interface Draft {
  kind: Block['kind'];
  level?: number;
  text: string;
  pages: Set<number>;
  size: number;
  /** x of the first line: a list item's wrapped lines are indented past its bullet. */
  x: number;
  lines: number;
  lastY: number;
  lastPage: number;
}

/** Bullets, including the private-use glyphs of symbol fonts (Wingdings, Symbol) that PDFs keep. */
const BULLET = /^([•●▪◦‣∙·*–\-■□▪►▸◆◇➢✓✔❖\p{Co}]|\d{1,2}[.)]|[a-z][.)])\s/u;
const BULLET_MARK = /^[•●▪◦‣∙·*–\-■□▪►▸◆◇➢✓✔❖\p{Co}]\s/u;

/** Lines → heading and paragraph drafts (exported for tests). */
export function buildDrafts(pages: Line[][], outline: OutlineHeading[]): Draft[] {
  const lines = pages.flat();
  const body = bodySize(lines);
  const fromOutline = outlineMatcher(outline, lines);
  const levelOf = headingLevels(pages, body);
  const numbers = new SectionNumbers();
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  const start = (line: Line, kind: Draft['kind'], level?: number) => {
    const text = kind === 'list-item' ? line.text.replace(/^\p{Co}/u, '•') : line.text;
    current = {
      kind,
      level,
      text,
      pages: new Set([line.page]),
      size: line.size,
      x: line.x,
      lines: 1,
      lastY: line.y,
      lastPage: line.page,
    };
    drafts.push(current);
  };
  for (const line of lines) {
    // A footnote's number set small on its own line ("14") would end the paragraph above it.
    if (/^\d{1,3}$/.test(line.text.trim()) && line.size < body * 0.9) continue;
    const found = fromOutline ? fromOutline(line) : isSizeHeading(line, body) ? levelOf(line) : null;
    const level = found ?? (line.size >= body - 0.5 ? numbers.levelOf(line.text) : null);
    const cur = current as Draft | null;
    if (level) {
      // A heading that wraps onto a second line of the same size continues the same heading.
      if (
        cur?.kind === 'heading' &&
        cur.lastPage === line.page &&
        Math.abs(cur.size - line.size) < 0.5 &&
        cur.lastY - line.y < line.size * 2
      ) {
        cur.text = `${cur.text} ${line.text}`;
        cur.lastY = line.y;
        cur.lines++;
      } else {
        start(line, 'heading', level);
        numbers.noteHeading(line.text, level);
      }
      continue;
    }
    const bullet = BULLET.test(line.text);
    if (cur && cur.kind !== 'heading' && !bullet && continues(cur, line)) {
      cur.text = joinLine(cur.text, line.text);
      cur.lines++;
      cur.pages.add(line.page);
      cur.lastY = line.y;
      cur.lastPage = line.page;
    } else start(line, bullet ? 'list-item' : 'paragraph');
  }
  // Four or more lines set large are a passage (an abstract, a pull quote), not a heading; nor is a
  // line with no real word in it (scraps OCR read off a picture: "ha te 1]", "• • •", "|||").
  for (const draft of drafts)
    if (draft.kind === 'heading' && (draft.lines > 3 || draft.text.length > 200 || !hasHeadingWords(draft.text)))
      [draft.kind, draft.level] = ['paragraph', undefined];
  return drafts;
}

/** Whether a heading line reads as words: mostly letters, with one word of three letters or more. */
function hasHeadingWords(text: string): boolean {
  const visible = text.replace(/\s+/g, '');
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  return letters >= visible.length / 2 && /\p{L}{3}/u.test(text);
}

/** Same size and close below on the same page, or an unfinished sentence running onto the next page. */
function continues(cur: Draft, line: Line): boolean {
  const below = cur.lastPage === line.page && cur.lastY - line.y > 0 && cur.lastY - line.y < line.size * 1.9;
  // A word cut by a line-end hyphen runs on, whatever the next line's indent or size (a list item's
  // wrapped line back at the bullet's x, a dash item whose first line is set larger).
  if (below && /\p{L}-$/u.test(cur.text) && /^\p{Ll}/u.test(line.text)) return true;
  if (Math.abs(cur.size - line.size) > 0.6) return false;
  // A list item's wrapped lines hang indented past the bullet; a line at the bullet's x is new text.
  if (cur.kind === 'list-item' && line.page === cur.lastPage && line.x <= cur.x + 2) return false;
  if (line.columnStart)
    return line.page === cur.lastPage && !/[.!?:;]["”’)]?$/.test(cur.text) && /^\p{Ll}/u.test(line.text);
  if (cur.lastPage === line.page) return below;
  return line.page === cur.lastPage + 1 && !/[.!?:;]["”’)]?$/.test(cur.text) && /^\p{Ll}/u.test(line.text);
}

function isSizeHeading(line: Line, body: number): boolean {
  // Table-of-contents entries ("2 Simple manipulations . . . . 8") are set large too.
  if (/(?:(?:\.\s?){4,}|…|(?:\s\.){2,})\s*[\divxlc]*$/i.test(line.text)) return false;
  // A bullet or dash opens a list item, however large it is set ("– Inform operators of…"); "3. Scope" may be a heading.
  if (BULLET_MARK.test(line.text)) return false;
  // A point or more above the body size (12 on 11): headings set in bold at body size + 1 count.
  return (
    line.size >= body * 1.08 &&
    line.size - body >= 0.8 &&
    line.text.length <= 120 &&
    /\p{L}{2,}/u.test(line.text) &&
    !/[.,;]$/.test(line.text)
  );
}

/**
 * Heading levels by font size, largest first, sizes within half a point counted as one. On a
 * document of three pages or more, a size seen only on the first page (a cover's author names,
 * dates, series) is not a heading level, nor on six pages or more one seen on a single later page
 * (a second title page); the first page's largest line (the title) still is.
 */
function headingLevels(pages: Line[][], body: number): (line: Line) => number | null {
  const candidates = (lines: Line[]) => lines.filter((l) => isSizeHeading(l, body)).map((l) => l.size);
  // On longer documents a heading size recurs on two pages or more; a size used once is front matter.
  const pagesWith = new Map<number, number>();
  for (const lines of pages.slice(1))
    for (const size of new Set(candidates(lines))) pagesWith.set(size, (pagesWith.get(size) ?? 0) + 1);
  const sizes = new Set(
    pages.length >= 3
      ? [...pagesWith].filter(([, n]) => n >= 2 || pages.length < 6).map(([size]) => size)
      : pages.flatMap(candidates),
  );
  const coverTitle = Math.max(0, ...candidates(pages[0] ?? []));
  if (coverTitle) sizes.add(coverTitle);
  const levels: number[] = [];
  for (const size of [...sizes].sort((a, b) => b - a))
    if (!levels.length || levels.at(-1)! - size > 0.5) levels.push(size);
  return (line) => {
    if (line.page === 1 && pages.length >= 3 && line.size !== coverTitle && !sizes.has(line.size)) return null;
    const level = levels.findIndex((size) => size - line.size <= 0.5);
    return level < 0 ? null : Math.min(6, level + 1);
  };
}

/** Drafts → the parsed document: blocks with their offsets, pages and printed page labels, and a title. */
export function assemble(
  drafts: Draft[],
  pageCount: number,
  labels: string[] | null,
  metaTitle: string,
  fileName: string,
): ParsedDocument {
  const { text, blocks } = joinBlocks(
    drafts.map((draft) => {
      const pages = [...draft.pages].sort((a, b) => a - b);
      const pageLabels = labels ? pages.map((p) => labels[p - 1] ?? String(p)) : undefined;
      return { kind: draft.kind, text: draft.text, level: draft.level, pages, pageLabels };
    }),
  );
  // A title has a word in it: a first "heading" of scraps ("ha te 1]", OCR reading a picture) or a bare number is not one.
  const firstHeading = blocks.find((b) => b.kind === 'heading' && /\p{L}{3,}/u.test(b.text))?.text;
  const title =
    metaTitle && !/^(untitled|microsoft word)/i.test(metaTitle)
      ? metaTitle
      : firstHeading || titleFromFileName(fileName);
  return { kind: 'pdf', title, text, blocks, pageCount };
}
