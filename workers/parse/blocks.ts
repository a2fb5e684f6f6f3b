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
    if (draft.inPageLinks) block.inPageLinks = draft.inPageLinks;
    blocks.push(block);
  }
  return { text, blocks };
}

/**
 * Whether a link leads to an anchor of the document itself: "#s4-comments", or the document's own
 * file name before the anchor ("guide.html#s4", "./guide.html#s4", as a saved page or a generated
 * contents list writes it). A link to another page, or to the top of this one, is not.
 */
export function inPageHref(href: string, fileName: string): boolean {
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return false;
  if (hash === 0) return true;
  const path = href.slice(0, hash);
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return false;
  let page: string;
  try {
    page = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return false;
  }
  const own = fileName.slice(fileName.lastIndexOf('/') + 1);
  return page !== '' && page.toLowerCase() === own.toLowerCase();
}
