/**
 * Markdown → blocks with a CommonMark + GFM parser. The document text is what a reader of the
 * rendered page sees, block after block with blank lines between: no heading hashes, list markers,
 * code fences, HTML tags or comments. Code keeps its whitespace. Raw HTML blocks are read by the
 * HTML parser (their text, never their tags); inline tags show nothing and comments are dropped.
 */
import type { Nodes, Parents, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import type { BlockKind, LocalLinks, ParsedDocument } from '../../common/types';
import { parseHtml } from './html';
import { titleFromFileName } from './title';
import { joinBlocks, localHref } from './blocks';

interface Draft {
  kind: BlockKind;
  text: string;
  level?: number;
  lang?: string;
  localLinks?: LocalLinks;
}

/** Parses Markdown into heading / paragraph / list-item / code / table / quote blocks of its visible text. */
export function parseMarkdown(source: string, fileName: string): ParsedDocument {
  const tree = fromMarkdown(source, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const frontTitle = tree.children.flatMap((node) =>
    node.type === 'yaml' ? [/^title:\s*["']?(.+?)["']?\s*$/m.exec(node.value)?.[1]] : [],
  )[0];
  // Reference-style links ("[Comments][s4]" with "[s4]: #s4-comments") lead where their definition does.
  const local = new Set<string>();
  visit(tree, (node) => {
    if (node.type === 'definition' && localHref(node.url, fileName)) local.add(node.identifier);
  });
  const isLocal = (node: Nodes) =>
    (node.type === 'link' && localHref(node.url, fileName)) ||
    (node.type === 'linkReference' && local.has(node.identifier));
  const drafts = tree.children.flatMap((node) => blockDrafts(node, isLocal));
  const { text, blocks } = joinBlocks(drafts);
  const firstH1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  return { kind: 'markdown', title: frontTitle?.trim() || firstH1 || titleFromFileName(fileName), text, blocks };
}

/** One top-level node as the blocks a reader sees (none for comments, anchors, rules, definitions). */
function blockDrafts(node: RootContent, isLocal: (link: Nodes) => boolean): Draft[] {
  const one = (kind: BlockKind, text: string, extra: Partial<Draft> = {}, from: Nodes = node): Draft[] => {
    if (!text.trim()) return [];
    const links = kind === 'heading' || kind === 'code' ? undefined : localLinksOf(from, isLocal);
    return [{ kind, text, ...extra, ...(links ? { localLinks: links } : {}) }];
  };
  switch (node.type) {
    case 'yaml':
    case 'thematicBreak':
    case 'definition':
      return [];
    case 'heading':
      return one('heading', inlineText(node).replace(/\s+/g, ' ').trim(), { level: node.depth });
    case 'code':
      // Code keeps its whitespace: only the fence lines go.
      return one('code', node.value.replace(/^\n+|\s+$/g, ''), node.lang ? { lang: node.lang } : {});
    case 'table':
      return one(
        'table',
        node.children
          .map((row) => row.children.map((cell) => inlineText(cell).replace(/\s+/g, ' ').trim()).join(' | '))
          .join('\n'),
      );
    case 'blockquote':
      return one('quote', nestedText(node));
    case 'list':
      // A list item is never split, nested lists included.
      return node.children.flatMap((item) => one('list-item', nestedText(item), {}, item));
    case 'html':
      // A raw HTML block shows what the HTML parser reads of it; a comment or a bare anchor shows nothing.
      return parseHtml(node.value, '').blocks.map((b) => ({
        kind: b.kind,
        text: b.text,
        ...(b.level ? { level: b.level } : {}),
        ...(b.localLinks ? { localLinks: b.localLinks } : {}),
      }));
    default:
      return one('paragraph', nestedText(node as Nodes));
  }
}

/** The visible text of a container (a list item, a quote, a footnote): its blocks' texts, one per line. */
function nestedText(node: Nodes): string {
  if (!CONTAINERS.has(node.type) || !('children' in node)) return inlineText(node).trim();
  return (node.children as RootContent[])
    .flatMap((child) => blockDrafts(child, () => false))
    .map((d) => d.text)
    .join('\n');
}

const CONTAINERS = new Set(['listItem', 'blockquote', 'footnoteDefinition']);

/** The visible text of an inline tree: words without emphasis, link or HTML syntax; images show nothing. */
function inlineText(node: Nodes): string {
  switch (node.type) {
    case 'html':
      return /^<br\s*\/?>$/i.test(node.value.trim()) ? '\n' : '';
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
    case 'footnoteReference':
      return '';
    case 'text':
    case 'inlineCode':
      return node.value;
    default:
      if ('children' in node) return (node as Parents).children.map((child) => inlineText(child as Nodes)).join('');
      return '';
  }
}

/** Calls `fn` on a node and every node under it. */
function visit(node: Nodes, fn: (n: Nodes) => void): void {
  fn(node);
  if ('children' in node) for (const child of (node as Parents).children) visit(child as Nodes, fn);
}

/** The links within the document or its manual ("[Comments](#s4-comments)", "[Usage](usage.md)") in a node, if any. */
function localLinksOf(node: Nodes, isLocal: (link: Nodes) => boolean): LocalLinks | undefined {
  const links: LocalLinks = { count: 0, chars: 0 };
  const count = (n: Nodes) => {
    if (isLocal(n)) {
      links.count++;
      links.chars += inlineText(n).match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    } else if ('children' in n) for (const child of (n as Parents).children) count(child as Nodes);
  };
  count(node);
  return links.count ? links : undefined;
}
