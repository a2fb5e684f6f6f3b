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
