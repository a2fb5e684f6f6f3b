/**
 * Front and back matter is not content (DESIGN §4): a table of contents, a list of figures or a
 * back-of-book index names every subject of a document and answers none, yet shares a question's
 * words with the one passage that does. Such blocks are told by their shape, not by their title:
 * many short entries, each ending in a page reference.
 *
 * - Contents: entries that end in one page number (after a dot leader, or straight after the
 *   entry's words), the numbers rising through the list.
 * - Index: terms each followed by a comma and their pages ("caching, 12, 45–47").
 *
 * A PDF joins a page's entries into one paragraph, a text file keeps them on lines: both are read
 * as a run of words, so the shape does not depend on the line breaks. Markdown and HTML contents
 * lists, made of links to the document's own headings, are told in link-contents.ts.
 */
import type { Block } from '../../common/types';
import { linkedContents } from './link-contents';
import { isContentsTitle } from '../retrieve/contents';

/** A page reference: an arabic number or a lower-case roman one (front matter). */
const PAGE = /^(?:\d{1,4}|[ivxlc]{1,7})$/;
/** A page, a page range, each perhaps followed by a comma: an index entry's pages. */
const PAGES = /^(?:\d{1,4}(?:[–-]\d{1,4})?|[ivxlc]{1,7}),?$/;
const LEADER = '…';
const HAS_LETTER = /\p{L}/u;
/** Words per entry beyond which a run of words is prose that happens to cite pages. */
const WORDS_PER_ENTRY = 10;
const MIN_ENTRIES = 3;
const MIN_BARE_ENTRIES = 5;
const MIN_INDEX_ENTRIES = 5;
/** Words of a title line between two navigation lists ("List of Figures"), looked past when joining them. */
const TITLE_WORDS = 4;

interface Shape {
  /** Entries of a contents list: words (or a leader) then one page number, then a new entry or the end. */
  entries: number;
  /** Of those, how many have a dot leader before their number. */
  leadered: number;
  /** Their arabic page numbers, in order. */
  pages: number[];
  /** The word just before each entry's number: a contents list's entries have titles of their own. */
  lastWords: string[];
  /** Index entries: "term," then pages. */
  indexEntries: number;
  words: number;
  /** Whether the text ends with an entry (nothing after its page number). */
  endsInEntry: boolean;
}

/** An index's group letter ("A", "B" … between its entries): no word of an entry. */
const GROUP_LETTER = /^\p{Lu}$/u;

function shapeOf(text: string): Shape {
  const tokens = text
    .replace(/(?:\s*[.·…_]){4,}\s*|(?:\s+[.·]){2,}\s*/g, ` ${LEADER} `)
    .split(/\s+/)
    .filter((token) => token && !GROUP_LETTER.test(token));
  const shape: Shape = {
    entries: 0,
    leadered: 0,
    pages: [],
    lastWords: [],
    indexEntries: 0,
    words: 0,
    endsInEntry: false,
  };
  // Whether the tokens since the last entry's page are more of its pages ("… 58, 60").
  let morePages = false;
  tokens.forEach((token, i) => {
    if (HAS_LETTER.test(token) && !PAGE.test(token)) shape.words++;
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    if (before === undefined) return;
    if (morePages && PAGES.test(token)) {
      morePages = token.endsWith(',');
      if (after === undefined) shape.endsInEntry = true;
      return;
    }
    morePages = false;
    // After a leader a page (or a list of pages) ends an entry whatever follows: an index's next
    // entry starts in lower case ("abline … 71 ace … 67"). Without one, a lower-case word after the
    // number is prose going on ("on page 14 and …").
    const page = before === LEADER ? PAGES.test(token) : PAGE.test(token) && !/^\p{Ll}/u.test(after ?? 'X');
    if (page && (before === LEADER || HAS_LETTER.test(before))) {
      shape.entries++;
      if (before === LEADER) shape.leadered++;
      else shape.lastWords.push(before.toLowerCase());
      if (/^\d/.test(token)) shape.pages.push(parseInt(token, 10));
      if (after === undefined) shape.endsInEntry = true;
      morePages = token.endsWith(',');
    }
    if (HAS_LETTER.test(before) && before.endsWith(',') && PAGES.test(token)) shape.indexEntries++;
  });
  return shape;
}

/** Whether most steps from one page number to the next go forward (a contents list follows the book). */
function rising(pages: number[]): boolean {
  if (pages.length < MIN_ENTRIES) return false;
  let forward = 0;
  for (let i = 1; i < pages.length; i++) if (pages[i]! >= pages[i - 1]!) forward++;
  return forward >= 0.8 * (pages.length - 1);
}

function navigationShape(shape: Shape): boolean {
  const fewWords = shape.words <= WORDS_PER_ENTRY * shape.entries;
  const leadered = shape.entries >= MIN_ENTRIES && shape.leadered >= shape.entries / 2;
  // Without leaders, numbers after words are as often a table's rows ("Size 1 Size 2 Size 3"):
  // more entries, each with a title of its own, and the pages rising.
  const bare =
    shape.entries >= MIN_BARE_ENTRIES &&
    new Set(shape.lastWords).size >= 0.8 * shape.lastWords.length &&
    rising(shape.pages);
  const index = shape.indexEntries >= MIN_INDEX_ENTRIES && shape.words <= 6 * shape.indexEntries;
  return (fewWords && (leadered || bare)) || index;
}

/** A line short enough to be a list's title ("List of Figures"): a few words, no number. */
export function isTitleLine(text: string): boolean {
  return !/\d/.test(text) && text.trim().split(/\s+/).length <= TITLE_WORDS;
}

/**
 * The blocks of a document that are content: navigation blocks left out. A block too short to
 * show the shape (one contents entry set apart, "1 Introduction 1") goes with its neighbours when
 * it is all entry and a block beside it is navigation. Code is always kept, and headings are, but
 * for a contents list's own heading over nothing but the list.
 */
export function contentBlocks(blocks: Block[]): Block[] {
  const candidate = (b: Block) => b.kind !== 'heading' && b.kind !== 'code';
  const shapes = blocks.map((b) => (candidate(b) ? shapeOf(b.text) : null));
  const linked = linkedContents(blocks);
  const navigation = shapes.map((s, i) => s !== null && (navigationShape(s) || linked[i]!));
  const isEntry = (s: Shape | null) =>
    s !== null && s.entries >= 1 && s.endsInEntry && s.words <= WORDS_PER_ENTRY * s.entries;
  const titles = blocks.map((b) => b.kind === 'heading' || isTitleLine(b.text));
  // Runs of entries, across headings and title lines: a contents list's chapter lines may be set
  // as headings, an index's entries come a few at a time between its group letters ("! … 10 != … 10",
  // "%", "%*% … 24"). A run is navigation when one of its blocks is, or when its entries together
  // have the shape of a list.
  const joined = [...navigation];
  let run: number[] = [];
  const close = () => {
    const entries = run.reduce((n, i) => n + shapes[i]!.entries, 0);
    const leadered = run.reduce((n, i) => n + shapes[i]!.leadered, 0);
    if (run.some((i) => navigation[i]) || (entries >= MIN_ENTRIES && leadered >= entries / 2))
      for (const i of run) joined[i] = true;
    run = [];
  };
  blocks.forEach((_, i) => {
    if (navigation[i] || isEntry(shapes[i]!)) run.push(i);
    else if (!titles[i]) close();
  });
  close();
  // A contents list's own title ("Table des matières") goes with the list: left alone, it is a
  // passage that names a contents list and answers nothing.
  blocks.forEach((block, i) => {
    if (joined[i + 1] && candidate(block) && isContentsTitle(block.text)) joined[i] = true;
  });
  // So does a heading that says so ("## Table of Contents") over nothing but the list: kept, it
  // left an empty section that ran into the next passage as "Table of Contents" and a blank.
  blocks.forEach((block, i) => {
    if (block.kind !== 'heading' || !isContentsTitle(block.text)) return;
    let end = i + 1;
    while (end < blocks.length && !(blocks[end]!.kind === 'heading' && (blocks[end]!.level ?? 1) <= (block.level ?? 1)))
      end++;
    if (end > i + 1 && joined.slice(i + 1, end).every(Boolean)) joined[i] = true;
  });
  return joined.some(Boolean) ? blocks.filter((_, i) => !joined[i]) : blocks;
}
