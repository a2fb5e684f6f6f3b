import type { Block } from '../../common/types';

/** A block as a parser finds it, before the document text is joined. */
export type BlockDraft = Omit<Block, 'start' | 'end'>;

/** Joins blocks by blank lines into the document text, each block pointing at its place in it. */
export function joinBlocks(drafts: readonly BlockDraft[]): { text: string; blocks: Block[] } {
  const blocks: Block[] = [];
  let text = '';
  for (const draft of drafts) {
    if (text) text += '\n\n';
    const start = text.length;
    text += draft.text;
    const block: Block = { kind: draft.kind, text: draft.text, start, end: text.length };
    if (draft.level) block.level = draft.level;
    if (draft.pages) block.pages = draft.pages;
    if (draft.pageLabels) block.pageLabels = draft.pageLabels;
    if (draft.lang) block.lang = draft.lang;
    if (draft.localLinks) block.localLinks = draft.localLinks;
    blocks.push(block);
  }
  return { text, blocks };
}

/** A relative link to another page (HTML or Markdown) of the same manual: "ch02.html#s2", "../faq.md". */
const MANUAL_PAGE = /^(?![a-z][a-z\d+.-]*:|\/)[^?#]*\.(?:x?html?|md|markdown)(?:#.*)?$/i;

/**
 * Whether a link leads within the document or its manual: to an anchor of the document itself
 * ("#s4-comments", or its own file name before the anchor: "guide.html#s4", "./guide.html#s4", as a
 * saved page or a generated contents list writes it), or to another page of the manual it is part
 * of ("ch-kernel.fr.html", "../usage.md#install": a relative link to an HTML or Markdown page, as the
 * contents page of a manual split into pages writes it). A link to the top of this page, to a site
 * ("https://…", "/about") or to a file of another kind is not.
 */
export function localHref(href: string, fileName: string): boolean {
  const hash = href.indexOf('#');
  const path = hash < 0 ? href : href.slice(0, hash);
  if (hash === 0) return href.length > 1;
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return false;
  let page: string;
  try {
    page = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return false;
  }
  const own = fileName.slice(fileName.lastIndexOf('/') + 1);
  if (page.toLowerCase() === own.toLowerCase()) return hash > 0 && hash < href.length - 1;
  return MANUAL_PAGE.test(href);
}
