/**
 * Plain text → blocks. Line endings normalised, form-feed page furniture (the header and footer
 * lines RFCs repeat on every page) removed, paragraphs split at blank lines, and underlined
 * ("Title\n=====") and numbered ("3.2 Caching") headings recognised.
 */
import type { Block, ParsedDocument } from '../../src/shared/types';
import { titleFromFileName } from './title';

const UNDERLINE = /^\s*(=+|-+)\s*$/;
const NUMBERED = /^\s{0,3}((?:\d+\.)*\d+)\.?\s+(\S.{0,78})$/;

/** Parses plain text into paragraphs and headings. */
export function parseText(raw: string, fileName: string): ParsedDocument {
  const text = removePageFurniture(raw.replace(/\r\n?/g, '\n'));
  const blocks: Block[] = [];
  for (const match of text.matchAll(/(?:^|\n)((?:[^\n]*\S[^\n]*\n?)+)/g)) {
    const body = match[1]!.replace(/\n$/, '');
    const start = match.index! + match[0].indexOf(match[1]!);
    blocks.push(...classify(body, start));
  }
  return { kind: 'text', title: centredTitle(text) ?? titleFromFileName(fileName), text, blocks };
}

/**
 * A title the way plain-text documents set one: a short line centred by indentation near the top
 * (RFCs, Project Gutenberg books), standing alone between blank lines.
 */
function centredTitle(text: string): string | undefined {
  const lines = text.slice(0, 6000).split('\n').slice(0, 80);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    const alone = !lines[i - 1]?.trim() && !lines[i + 1]?.trim();
    if (alone && indent >= 8 && line.trim().length >= 4 && line.trim().length <= 80 && /\p{L}{3}/u.test(line)) return line.trim();
  }
  const titleLine = /^title:\s*(.+)$/im.exec(text.slice(0, 4000));
  return titleLine?.[1]?.trim();
}

/** One blank-line-separated chunk → a heading, a paragraph, or a heading followed by its paragraph. */
function classify(body: string, start: number): Block[] {
  const lines = body.split('\n');
  const end = start + body.length;
  if (lines.length === 2 && UNDERLINE.test(lines[1]!) && lines[0]!.trim().length > 0 && lines[0]!.trim().length <= 100) {
    return [{ kind: 'heading', level: lines[1]!.trim()[0] === '=' ? 1 : 2, text: lines[0]!.trim(), start, end }];
  }
  const numbered = NUMBERED.exec(lines[0]!);
  if (numbered && isHeadingLine(numbered[2]!)) {
    const level = numbered[1]!.split('.').length;
    const headingEnd = start + lines[0]!.length;
    const heading: Block = { kind: 'heading', level, text: `${numbered[1]} ${numbered[2]!.trim()}`, start, end: headingEnd };
    if (lines.length === 1) return [heading];
    return [heading, { kind: 'paragraph', text: body.slice(lines[0]!.length + 1), start: headingEnd + 1, end }];
  }
  return [{ kind: 'paragraph', text: body, start, end }];
}

/** A heading reads like a title: no final full stop, not a sentence running on, not a table row. */
function isHeadingLine(rest: string): boolean {
  const trimmed = rest.trim();
  // Table-of-contents lines ("1 Introduction ........ 7") are not headings.
  if (/\.{3,}|\s\d+$/.test(trimmed)) return false;
  return /^[A-Z\p{Lu}]/u.test(trimmed) && !/[.:;,]$/.test(trimmed) && !/\s{3,}/.test(trimmed) && trimmed.split(/\s+/).length <= 12;
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
  return pages
    .map((page) => {
      const lines = page.split('\n');
      const nonEmpty = lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
      const edgeLines = new Set([...nonEmpty.slice(0, 2), ...nonEmpty.slice(-2)]);
      return lines.filter((line, i) => !(edgeLines.has(i) && furniture.has(shape(line)))).join('\n');
    })
    .join('\n');
}
