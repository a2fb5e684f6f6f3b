/**
 * Markdown → blocks with a CommonMark + GFM parser. The source itself is the document text, so
 * every offset is exact and code keeps its whitespace. Raw HTML stays text; nothing is rendered.
 */
import type { Nodes, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import type { Block, BlockKind, ParsedDocument } from '../../src/shared/types';
import { titleFromFileName } from './title';

/** Parses Markdown into heading / paragraph / list-item / code / table / quote blocks. */
export function parseMarkdown(text: string, fileName: string): ParsedDocument {
  const tree = fromMarkdown(text, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const blocks: Block[] = [];
  let frontTitle: string | undefined;
  const slice = (node: Nodes) => ({ start: node.position!.start.offset!, end: node.position!.end.offset! });
  const push = (kind: BlockKind, node: Nodes, extra: Partial<Block> = {}) => {
    const { start, end } = slice(node);
    const raw = text.slice(start, end);
    if (raw.trim()) blocks.push({ kind, text: raw, start, end, ...extra });
  };

  const visit = (node: RootContent) => {
    switch (node.type) {
      case 'yaml':
        frontTitle = /^title:\s*["']?(.+?)["']?\s*$/m.exec(node.value)?.[1];
        return;
      case 'heading': {
        const { start, end } = slice(node);
        blocks.push({ kind: 'heading', level: node.depth, text: plainText(node).trim(), start, end });
        return;
      }
      case 'code':
        return push('code', node, node.lang ? { lang: node.lang } : {});
      case 'table':
        return push('table', node);
      case 'blockquote':
        return push('quote', node);
      case 'list':
        // A list item is never split, nested lists included.
        return node.children.forEach((item) => push('list-item', item));
      case 'html':
        // Comments and bare tags (anchors like <a id="x"></a>) are invisible in any rendering;
        // raw HTML with text in it stays as text.
        if (!node.value.replace(/<!--[\s\S]*?-->|<[^>]*>/g, '').trim()) return;
        return push('paragraph', node);
      case 'thematicBreak':
      case 'definition':
        return;
      case 'paragraph':
        // `<a id="x"></a>` on its own line is a paragraph of inline HTML that shows nothing.
        if (node.children.every((c) => (c.type === 'html' || c.type === 'text') && !c.value.replace(/<[^>]*>/g, '').trim())) return;
        return push('paragraph', node);
      default:
        return push('paragraph', node);
    }
  };
  tree.children.forEach(visit);

  const firstH1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  return { kind: 'markdown', title: frontTitle?.trim() || firstH1 || titleFromFileName(fileName), text, blocks };
}

/** The visible text of an inline tree (heading text without `#`, emphasis or link syntax). */
function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}
