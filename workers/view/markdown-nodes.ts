/**
 * Markdown → the viewer's nodes, with the passage marked. Passages are stored as the text a reader
 * sees (workers/parse/markdown.ts) and found in the rendered text; documents indexed before that
 * stored slices of the source, placed by the parser's offsets. Raw HTML goes through the same
 * allow-list as HTML files; its comments and bare inline tags show nothing, as in any Markdown renderer.
 */
import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { safeHref, type ViewElement, type ViewNode } from '../../common/view-nodes';
import { allowedNodes } from './allowed-nodes';
import { markPassage } from './mark-passage';

const MD_ELEMENT: Partial<Record<Nodes['type'], string>> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  listItem: 'li',
  emphasis: 'em',
  strong: 'strong',
  delete: 'del',
  table: 'table',
  tableRow: 'tr',
  tableCell: 'td',
  footnoteDefinition: 'div',
};

/** mdast nodes whose children are blocks; HTML inside any other node is inline (a tag, a comment). */
const MD_CONTAINERS = new Set(['root', 'listItem', 'blockquote', 'footnoteDefinition']);

const element = (tag: string): ViewElement => ({ tag, children: [] });

/** `text`, with the part in [from, to) (offsets into `text`) in a passage mark. */
function textWithMark(parent: ViewElement, text: string, from: number, to: number): boolean {
  if (to <= from) return (void parent.children.push(text), false);
  if (from > 0) parent.children.push(text.slice(0, from));
  parent.children.push({ tag: 'mark', passage: true, children: [text.slice(from, to)] });
  if (to < text.length) parent.children.push(text.slice(to));
  return true;
}

/** Markdown as nodes with the passage marked; `marked` is false when the passage could not be placed. */
export function markdownNodes(
  source: string,
  passage: { start: number; end: number; text: string },
): { nodes: ViewNode[]; marked: boolean } {
  const tree = fromMarkdown(source, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const bySource = source.slice(passage.start, passage.end) === passage.text;
  const span = bySource ? passage : { start: -1, end: -1 };
  let marked = false;
  const root = element('div');

  /** A leaf's text, marked where it overlaps the passage (exactly when it is the source verbatim). */
  const leaf = (parent: ViewElement, node: Nodes & { value: string }) => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    const overlaps = start < span.end && end > span.start;
    const [from, to] = !overlaps
      ? [0, 0]
      : source.slice(start, end) === node.value
        ? [Math.max(0, span.start - start), Math.min(node.value.length, span.end - start)]
        : [0, node.value.length];
    if (textWithMark(parent, node.value, from, to)) marked = true;
  };
  const append = (parent: ViewElement, tag: string) => {
    const child = element(tag);
    parent.children.push(child);
    return child;
  };
  const children = (parent: ViewElement, node: Parents) =>
    node.children.forEach((child) => visit(parent, child as Nodes, !MD_CONTAINERS.has(node.type)));

  const visit = (parent: ViewElement, node: Nodes, inline = false): void => {
    switch (node.type) {
      case 'root':
        return children(parent, node);
      case 'yaml':
      case 'definition':
        return;
      case 'heading':
        return children(append(parent, `h${node.depth}`), node);
      case 'list':
        return children(append(parent, node.ordered ? 'ol' : 'ul'), node);
      case 'code':
        return leaf(append(append(parent, 'pre'), 'code'), node);
      case 'inlineCode':
        return leaf(append(parent, 'code'), node);
      case 'text':
        return leaf(parent, node);
      case 'html':
        // Inline, a tag or a comment shows nothing (a line break excepted); a block goes through the allow-list.
        if (!inline) return void parent.children.push(...allowedNodes(node.value));
        if (/^<br\s*\/?>$/i.test(node.value.trim())) append(parent, 'br');
        return;
      case 'link': {
        const href = safeHref(node.url);
        const link: ViewElement = href ? { tag: 'a', href, children: [] } : element('span');
        parent.children.push(link);
        return children(link, node);
      }
      case 'image':
      case 'imageReference':
        // Never loaded: a document must not make the browser fetch anything.
        return void parent.children.push({ image: node.alt ?? '' });
      case 'break':
        return void append(parent, 'br');
      case 'thematicBreak':
        return void append(parent, 'hr');
      default: {
        const tag = MD_ELEMENT[node.type];
        const into = tag ? append(parent, tag) : parent;
        if ('children' in node) children(into, node);
        else if ('value' in node && typeof node.value === 'string') leaf(into, node as Nodes & { value: string });
      }
    }
  };
  visit(root, tree);
  if (bySource) return { nodes: root.children, marked };
  return { nodes: root.children, marked: markPassage(root.children, passage.text) };
}
