/**
 * The contents list of a Markdown or HTML document has no page numbers (navigation.ts reads those):
 * it is a list, a table or a run of lines made of links to the document's own headings
 * ("[Comments](#s4-comments)", `<a href="#sec-2">`) or, for a manual split into pages, to its other
 * pages (`<a href="ch-kernel.html#s10.1">`), or of the headings' words in outline order.
 * Such a list names every section and answers none, so it is told by that shape; its title
 * ("Table of Contents") is not needed, and a heading "Contents" over prose is not enough.
 *
 * - Links: a run of blocks each almost all link text (to anchors or pages of the manual), with more
 *   links than a "see also" line holds; or a table whose rows each carry a short such link (a page column).
 * - Outline: a run of short entries each repeating a heading that comes later, in the same order.
 */
import type { Block } from '../../common/types';

/** Share of a block's letters and digits inside in-page links from which it is made of links. */
const LINKED_SHARE = 0.8;
/** In-page links in a run from which it is a contents list: two or three are a "see also" line. */
const MIN_LINKS = 4;
/** Letters of a link that is a page number ("iv", "476"), per link at most. */
const PAGE_LINK_CHARS = 4;
/** Entries repeating later headings, in order, from which a run is an outline of the document. */
const MIN_OUTLINE_ENTRIES = 5;
/** Share of a run's entries that must repeat a heading. */
const OUTLINE_SHARE = 0.8;
/** Words of an outline entry, at most: a sentence is not a heading's title. */
const ENTRY_WORDS = 12;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const letters = (text: string) => text.match(LETTER_OR_DIGIT)?.length ?? 0;
const listLike = (b: Block) => b.kind === 'list-item' || b.kind === 'table' || b.kind === 'paragraph';

/** Whether a block is made of in-page links: nearly all its text is their text. */
function madeOfLinks(block: Block): boolean {
  const links = block.localLinks;
  return !!links && listLike(block) && links.chars >= LINKED_SHARE * letters(block.text);
}

/** A table with a column of page links (a list of illustrations: "Frontispiece | iv"). */
function pageColumn(block: Block): boolean {
  const links = block.localLinks;
  if (block.kind !== 'table' || !links || links.count < MIN_LINKS) return false;
  const rows = block.text.split('\n').length;
  return links.count >= LINKED_SHARE * rows && links.chars <= PAGE_LINK_CHARS * links.count;
}

/** A heading's or an entry's words, without numbering ("2.1", "IV.", "Chapter 3:") and case. */
function outlineKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\s*(?:chapter|section|part|appendix)?\s*(?:[\divxlc]+(?:\.\d+)*\.?|[a-z]\.)?[\s:.)–-]+/u, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A block's entries: its lines, a table's cells. */
function entriesOf(block: Block): string[] {
  return block.text
    .split(/\n| \| /)
    .map((line) => line.trim())
    .filter((line) => letters(line) > 0);
}

/** The blocks of runs (consecutive blocks where `member` holds) that `isContents` accepts. */
function markRuns(blocks: Block[], member: (b: Block) => boolean, isContents: (run: number[]) => boolean): boolean[] {
  const marked = blocks.map(() => false);
  let run: number[] = [];
  const close = () => {
    if (run.length && isContents(run)) for (const i of run) marked[i] = true;
    run = [];
  };
  blocks.forEach((block, i) => (member(block) ? run.push(i) : close()));
  close();
  return marked;
}

/**
 * Runs whose entries repeat the headings that follow them, in order: the blocks from the first
 * to the last with such an entry (a lead-in line or a closing remark is not part of the list).
 */
function outlineRuns(blocks: Block[]): boolean[] {
  const headings = blocks.flatMap((b, i) => (b.kind === 'heading' ? [{ i, key: outlineKey(b.text) }] : []));
  const short = (b: Block) => {
    const entries = entriesOf(b);
    return listLike(b) && entries.length > 0 && entries.every((e) => e.split(/\s+/).length <= ENTRY_WORDS);
  };
  const marked = blocks.map(() => false);
  markRuns(blocks, short, (run) => {
    // Each entry must match a heading after the run, and after the heading the entry before matched.
    let from = headings.findIndex((h) => h.i > run.at(-1)!);
    if (from < 0) return false;
    const matches = run.map((i) =>
      entriesOf(blocks[i]!).map((entry) => {
        const key = outlineKey(entry);
        const at = key ? headings.findIndex((h, k) => k >= from && h.key === key) : -1;
        if (at >= 0) from = at + 1;
        return at >= 0;
      }),
    );
    const first = matches.findIndex((m) => m.includes(true));
    const last = matches.findLastIndex((m) => m.includes(true));
    if (first < 0) return false;
    const span = matches.slice(first, last + 1).flat();
    const matched = span.filter(Boolean).length;
    if (matched >= MIN_OUTLINE_ENTRIES && matched >= OUTLINE_SHARE * span.length)
      for (const i of run.slice(first, last + 1)) marked[i] = true;
    return false;
  });
  return marked;
}

/** For each block, whether it belongs to a contents list made of in-page links or of the headings' words. */
export function linkedContents(blocks: Block[]): boolean[] {
  const linked = markRuns(blocks, madeOfLinks, (run) => {
    const links = run.reduce((n, i) => n + blocks[i]!.localLinks!.count, 0);
    return links >= MIN_LINKS;
  });
  const outline = outlineRuns(blocks);
  return blocks.map((block, i) => linked[i]! || outline[i]! || pageColumn(block));
}
