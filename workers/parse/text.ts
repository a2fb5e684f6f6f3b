/**
 * Plain text → blocks. Line endings normalised, form-feed page furniture (the header and footer
 * lines RFCs repeat on every page) removed, paragraphs split at blank lines, and underlined
 * ("Title\n=====") and numbered ("3.2 Caching") headings recognised.
 */
import type { Block, ParsedDocument } from '../../common/types';
import { titleFromFileName } from './title';

const UNDERLINE = /^\s*(=+|-+)\s*$/;
const NUMBERED = /^\s{0,3}((?:\d+\.)*\d+)\.?\s+(\S.{0,78})$/;
/** "CHAPTER II.", "Book 3: The Return", "PART ONE" on a line of its own. */
const CHAPTER =
  /^\s*(?:chapter|book|part|volume|appendix)\s+(?:[ivxlcdm]+|\d+|one|two|three|four|five|six|seven|eight|nine|ten|[a-z])\b[.:]?(?:\s+\S.{0,60})?$/i;

/** Parses plain text into paragraphs and headings. */
export function parseText(raw: string, fileName: string): ParsedDocument {
  const text = removePageFurniture(raw.replace(/\r\n?/g, '\n'));
  const blocks: Block[] = [];
  const chunks = [...text.matchAll(/(?:^|\n)((?:[^\n]*\S[^\n]*\n?)+)/g)].map((match) => ({
    body: match[1]!.replace(/\n$/, ''),
    start: match.index! + match[0].indexOf(match[1]!),
  }));
  const outdented = outdentedHeadings(chunks.map((c) => c.body));
  for (const { body, start } of chunks) {
    if (outdented && isOutdentedHeading(body))
      blocks.push({ kind: 'heading', level: 1, text: body.trim(), start, end: start + body.length });
    else blocks.push(...classify(body, start, outdented));
  }
  const title = manPageTitle(text) ?? centredTitle(text) ?? titleFromFileName(fileName);
  return { kind: 'text', title, text, blocks };
}

/**
 * The header line of a manual page saved as text (`man htop > htop.txt`): "HTOP(1)   User Commands
 * HTOP(1)", or with nothing between the two names ("FFMPEG(1)   FFMPEG(1)").
 */
const MAN_HEADER = /^\s*(\S+)\((\w+)\)(?:\s{2,}\S.*)?\s{2,}\1\(\2\)\s*$/;

/** A NAME section's line at the margin, with no heading above it (as some pages set it): "ranger - visual file manager". */
const NAME_LINE = /^\S+(?:,\s*\S+)*\s+[-\u2013\u2014]\s+\S/;

/**
 * A manual page's title is what its first section (NAME, or its translation: NOM, BEZEICHNUNG) says:
 * "htop, pcp-htop - interactive process viewer". Its indented lines are no centred title: an
 * option such as "--drop-capabilities[=off|basic|strict]" was taken for one, and named every passage.
 */
function manPageTitle(text: string): string | undefined {
  const lines = text.slice(0, 4000).split('\n');
  const first = lines.findIndex((line) => line.trim());
  const header = first < 0 ? null : MAN_HEADER.exec(lines[first]!);
  if (!header) return undefined;
  // The first section, right after the header: its heading at the margin, in capitals.
  const section = lines.findIndex((line, i) => i > first && line.trim());
  const named = section > 0 && /^\p{Lu}[\p{Lu} ]*$/u.test(lines[section]!.trimEnd());
  if (!named && section > 0 && NAME_LINE.test(lines[section]!) && lines[section]!.length <= 120)
    return lines[section]!.trim();
  const body: string[] = [];
  for (const line of named ? lines.slice(section + 1) : []) {
    if (!/^\s+\S/.test(line)) break;
    body.push(line.trim());
  }
  const name = body.join(' ').replace(/\s+/g, ' ');
  return name && name.length <= 120 ? name : `${header[1]}(${header[2]})`;
}

/**
 * RFC style: body paragraphs are indented and unnumbered section titles ("Status of this Memo",
 * "Abstract") start at the margin. Only trusted when most paragraphs are indented.
 */
function outdentedHeadings(bodies: string[]): boolean {
  const paragraphs = bodies.filter((b) => b.includes('\n') || b.length > 80);
  const indented = paragraphs.filter((b) => /^ {2,}\S/.test(b)).length;
  return paragraphs.length >= 5 && indented / paragraphs.length >= 0.6;
}

function isOutdentedHeading(body: string): boolean {
  return !body.includes('\n') && /^\p{Lu}/u.test(body) && isHeadingLine(body) && !NUMBERED.test(body);
}

/**
 * A title the way plain-text documents set one: a short line centred by indentation near the top
 * (RFCs, Project Gutenberg books) after a blank line; centred lines that follow join it, up to "by".
 */
function centredTitle(text: string): string | undefined {
  const titleLine = /^title:\s*(.+)$/im.exec(text.slice(0, 4000));
  if (titleLine) return titleLine[1]!.trim();
  // Illustration captions ("[Illustration: ...]") are not the title.
  const head = text.slice(0, 8000).replace(/\[Illustration[^\]]*\]/gi, (m) => m.replace(/[^\n]/g, ' '));
  const lines = head.split('\n').slice(0, 120);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (lines[i - 1]?.trim() || !isCentred(line) || !/\p{L}{2}/u.test(line)) continue;
    // A title set over several centred lines ("PRIDE." / "and" / "PREJUDICE") reads as one, up to "by".
    const run = [line.trim()];
    // A title stands apart: the text after it comes after a blank line. Centred lines that run
    // straight into text are a figure's labels ("vorige Zeile, C-p" over a drawn cursor).
    let apart = true;
    for (let j = i + 1, blanks = 0; j < lines.length && blanks <= 3; j++) {
      const next = lines[j]!.trim();
      if (!next) {
        blanks++;
        continue;
      }
      if (!isCentred(lines[j]!) || /^by\b/i.test(next) || run.join(' ').length + next.length > 80) {
        apart = blanks > 0;
        break;
      }
      run.push(next);
      blanks = 0;
    }
    const title = run.join(' ');
    if (apart && title.length >= 4 && title.length <= 80 && /\p{L}{3}/u.test(title)) return title;
  }
  return undefined;
}

function isCentred(line: string): boolean {
  const indent = line.length - line.trimStart().length;
  // Columns ("C-v     eine Seite vorwärts blättern": a table of keys, indented) are no title.
  return indent >= 8 && line.trim().length <= 80 && !/\S\s{3,}\S/.test(line.trim());
}

/** One blank-line-separated chunk → a heading, a paragraph, or a heading followed by its paragraph. */
function classify(body: string, start: number, outdented: boolean): Block[] {
  const lines = body.split('\n');
  const end = start + body.length;
  if (lines.length === 1 && CHAPTER.test(lines[0]!) && !/[,;]$/.test(lines[0]!.trim())) {
    return [{ kind: 'heading', level: 1, text: lines[0]!.trim(), start, end }];
  }
  if (
    lines.length === 2 &&
    UNDERLINE.test(lines[1]!) &&
    lines[0]!.trim().length > 0 &&
    lines[0]!.trim().length <= 100
  ) {
    return [{ kind: 'heading', level: lines[1]!.trim()[0] === '=' ? 1 : 2, text: lines[0]!.trim(), start, end }];
  }
  // Where body text is indented, an indented "1. If the…" is a list item, not a heading.
  const numbered = outdented && /^\s/.test(lines[0]!) ? null : NUMBERED.exec(lines[0]!);
  if (numbered && isHeadingLine(numbered[2]!, numbered[1]!.includes('.'))) {
    const level = numbered[1]!.split('.').length;
    const headingEnd = start + lines[0]!.length;
    const heading: Block = { kind: 'heading', level, text: lines[0]!.trim(), start, end: headingEnd };
    if (lines.length === 1) return [heading];
    return [heading, { kind: 'paragraph', text: body.slice(lines[0]!.length + 1), start: headingEnd + 1, end }];
  }
  return [{ kind: 'paragraph', text: body, start, end }];
}

/** A heading reads like a title: no final full stop, not a sentence running on, not a table row. */
function isHeadingLine(rest: string, dotted = false): boolean {
  const trimmed = rest.trim();
  // Table-of-contents lines ("1 Introduction ........ 7") are not headings.
  if (/\.{3,}|\s{2,}\d+$/.test(trimmed)) return false;
  // A line ending on "the", "of", "and"… is a sentence running on to the next line.
  if (/\s(?:the|a|an|of|and|or|to|in|is|are|for|with|by|on|that|which)$/i.test(trimmed)) return false;
  // "3.2.2 http URL": a dotted number is heading enough to allow a lower-case first word.
  return (
    (dotted ? /^[\p{L}\p{N}]/u : /^\p{Lu}/u).test(trimmed) &&
    !/[.:;,]$/.test(trimmed) &&
    !/\s{3,}/.test(trimmed) &&
    trimmed.split(/\s+/).length <= 12
  );
}

/**
 * Drops lines that repeat at the top or bottom of many form-feed pages (digits ignored, so
 * "[Page 12]" matches "[Page 13]"). Line structure is kept so blank lines still split paragraphs.
 */
function removePageFurniture(text: string): string {
  const pages = text.split('\f');
  if (pages.length < 3) return text.replace(/\f/g, '\n');
  const shape = (line: string) => line.trim().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  const edges = (page: string) => {
    const lines = page.split('\n').filter((l) => l.trim());
    return [...lines.slice(0, 2), ...lines.slice(-2)].map(shape);
  };
  const counts = new Map<string, number>();
  for (const page of pages) for (const s of new Set(edges(page))) counts.set(s, (counts.get(s) ?? 0) + 1);
  const furniture = new Set([...counts].filter(([, n]) => n >= Math.max(3, pages.length * 0.3)).map(([s]) => s));
  const kept = pages.map((page) => {
    const lines = page.split('\n');
    const nonEmpty = lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
    const edgeLines = new Set([...nonEmpty.slice(0, 2), ...nonEmpty.slice(-2)]);
    return lines.filter((line, i) => !(edgeLines.has(i) && furniture.has(shape(line)))).join('\n');
  });
  const trimmed = kept.map((page) => page.replace(/^\s*\n/, '').trimEnd());
  return trimmed.map((page, i) => (i === 0 ? page : pageBreak(trimmed[i - 1]!, page) + page)).join('');
}

/**
 * What replaces a page break. A paragraph the break cut in two ("…obtained from HTTP/1.0" /
 * "servers.") is made whole again: one newline when the page before ends mid-sentence and the
 * next goes on at the same indent; otherwise blank lines, as between paragraphs.
 */
function pageBreak(before: string, after: string): string {
  const last = before.slice(before.lastIndexOf('\n') + 1);
  const newline = after.indexOf('\n');
  const first = newline < 0 ? after : after.slice(0, newline);
  const indent = (line: string) => line.length - line.trimStart().length;
  const runsOn =
    last.trim() &&
    first.trim() &&
    !/[.!?:]["')\]]?$/.test(last.trim()) &&
    indent(last) === indent(first) &&
    !NUMBERED.test(first);
  return runsOn ? '\n' : '\n\n\n';
}
