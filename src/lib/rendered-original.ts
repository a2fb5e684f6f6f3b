/**
 * Markdown and HTML originals drawn formatted but inert (DESIGN §8): the DOM is built element by
 * element from an allow-list with createElement and text nodes, never innerHTML. No attribute of
 * the document survives except a link's http(s) or mailto address; images show their alt text and
 * load nothing; scripts, styles, frames and SVG are dropped. Raw HTML inside Markdown goes through
 * the same allow-list; its comments and bare tags show nothing, as in any Markdown renderer.
 * The passage is wrapped in <mark> elements, one per text node it touches.
 */
import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';

export interface Rendered {
  root: HTMLElement;
  /** The passage's marks, in document order; empty when the passage could not be placed. */
  marks: HTMLElement[];
}

const INLINE_CONTEXT = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'dt',
  'dd',
  'td',
  'th',
  'caption',
  'figcaption',
  'em',
  'strong',
  'a',
  'span',
  'code',
  'pre',
]);

/**
 * The one element that holds the whole passage: its mark when there is one, else a wrapper around
 * the nodes from the first mark to the last (a passage can cross emphasis, or run over a heading
 * into the next paragraph). The marks inside still show exactly which words it is.
 */
export function passageElement(marks: HTMLElement[]): HTMLElement {
  const first = marks[0]!;
  const last = marks.at(-1)!;
  if (first === last) return first;
  const range = document.createRange();
  range.setStartBefore(first);
  range.setEndAfter(last);
  const common = range.commonAncestorContainer as HTMLElement;
  const childOf = (node: Node) => {
    while (node.parentNode !== common) node = node.parentNode!;
    return node;
  };
  const from = childOf(first);
  const to = childOf(last);
  const wrapper = document.createElement(INLINE_CONTEXT.has(common.localName) ? 'span' : 'div');
  wrapper.className = 'viewer-passage';
  common.insertBefore(wrapper, from);
  for (let node: Node | null = from; node;) {
    const next: Node | null = node === to ? null : node.nextSibling;
    wrapper.appendChild(node);
    node = next;
  }
  return wrapper;
}

/** Only web and mail addresses become links, opened outside the app; anything else is plain text. */
function safeHref(url: string | null | undefined): string | null {
  return url && /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

function link(href: string | null): HTMLElement {
  if (!href) return document.createElement('span');
  const a = document.createElement('a');
  a.href = href;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}

/** `text` as text nodes, with the part in [from, to) (offsets into `text`) wrapped in a mark. */
function textWithMark(parent: Node, text: string, from: number, to: number, marks: HTMLElement[]): void {
  if (to <= from) return void parent.appendChild(document.createTextNode(text));
  if (from > 0) parent.appendChild(document.createTextNode(text.slice(0, from)));
  const mark = document.createElement('mark');
  mark.textContent = text.slice(from, to);
  marks.push(mark);
  parent.appendChild(mark);
  if (to < text.length) parent.appendChild(document.createTextNode(text.slice(to)));
}

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

/**
 * Markdown, with the passage marked. Passages are stored as the text a reader sees
 * (workers/parse/markdown.ts) and found in the rendered text; documents indexed before that
 * stored slices of the source, placed by the parser's offsets.
 */
export function renderMarkdown(source: string, passage: { start: number; end: number; text: string }): Rendered {
  const tree = fromMarkdown(source, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const bySource = source.slice(passage.start, passage.end) === passage.text;
  const span = bySource ? passage : { start: -1, end: -1 };
  const marks: HTMLElement[] = [];
  const root = document.createElement('div');
  root.className = 'viewer-rendered';

  /** A leaf's text, marked where it overlaps the passage (exactly when it is the source verbatim). */
  const leaf = (parent: Node, node: Nodes & { value: string }) => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    const overlaps = start < span.end && end > span.start;
    if (!overlaps) return textWithMark(parent, node.value, 0, 0, marks);
    if (source.slice(start, end) === node.value) {
      return textWithMark(
        parent,
        node.value,
        Math.max(0, span.start - start),
        Math.min(node.value.length, span.end - start),
        marks,
      );
    }
    textWithMark(parent, node.value, 0, node.value.length, marks);
  };

  const children = (parent: Node, node: Parents) =>
    node.children.forEach((child) => visit(parent, child as Nodes, !MD_CONTAINERS.has(node.type)));

  const visit = (parent: Node, node: Nodes, inline = false) => {
    switch (node.type) {
      case 'root':
        return children(parent, node);
      case 'yaml':
      case 'definition':
        return;
      case 'heading': {
        const h = parent.appendChild(document.createElement(`h${node.depth}`));
        return children(h, node);
      }
      case 'list': {
        const list = parent.appendChild(document.createElement(node.ordered ? 'ol' : 'ul'));
        return children(list, node);
      }
      case 'code': {
        const code = parent.appendChild(document.createElement('pre')).appendChild(document.createElement('code'));
        return leaf(code, node);
      }
      case 'inlineCode':
        return leaf(parent.appendChild(document.createElement('code')), node);
      case 'text':
        return leaf(parent, node);
      case 'html':
        // Inline, a tag or a comment shows nothing (a line break excepted); a block goes through the allow-list.
        if (!inline) return copyAllowed(new DOMParser().parseFromString(node.value, 'text/html').body, parent);
        if (/^<br\s*\/?>$/i.test(node.value.trim())) parent.appendChild(document.createElement('br'));
        return;
      case 'link':
        return children(parent.appendChild(link(safeHref(node.url))), node);
      case 'image':
      case 'imageReference':
        // Never loaded: a document must not make the browser fetch anything.
        return void parent.appendChild(imageStandIn(node.alt));
      case 'break':
        return void parent.appendChild(document.createElement('br'));
      case 'thematicBreak':
        return void parent.appendChild(document.createElement('hr'));
      default: {
        const tag = MD_ELEMENT[node.type];
        const into = tag ? parent.appendChild(document.createElement(tag)) : parent;
        if ('children' in node) children(into, node);
        else if ('value' in node && typeof node.value === 'string') leaf(into, node as Nodes & { value: string });
      }
    }
  };
  visit(root, tree);
  return { root, marks: bySource ? marks : markText(root, passage.text) };
}

/** An image's alt text in place of the image; not part of the document text, so passages skip it. */
function imageStandIn(alt: string | null | undefined): HTMLElement {
  const span = document.createElement('span');
  span.className = 'viewer-image';
  span.textContent = alt ? `[image: ${alt}]` : '[image]';
  return span;
}

/** Elements kept (as themselves, without attributes); others give way to their children. */
const HTML_KEEP = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'pre',
  'code',
  'blockquote',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'figure',
  'figcaption',
  'section',
  'article',
  'div',
  'span',
  'kbd',
  'samp',
  'var',
  'small',
  'mark',
]);
/** Elements dropped with everything inside them (as the parser drops them from the text). */
const HTML_DROP = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'nav',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'iframe',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'link',
  'meta',
]);

/**
 * An HTML page, rebuilt from the allow-list, with the passage (the document text of one
 * proposition) found in its text and marked. DOMParser's document is inert: it runs no script and
 * loads nothing, and only text and allowed tag names are copied out of it.
 */
export function renderHtml(html: string, passageText: string): Rendered {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const root = document.createElement('div');
  root.className = 'viewer-rendered';
  copyAllowed(source.body, root);
  return { root, marks: markText(root, passageText) };
}

/** Copies the text and allowed elements of an inert parsed document into ours, without attributes. */
function copyAllowed(from: Node, into: Node): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(node.textContent ?? ''));
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node as Element;
      const tag = element.localName;
      if (HTML_DROP.has(tag)) continue;
      if (tag === 'img') {
        const alt = element.getAttribute('alt');
        if (alt) into.appendChild(imageStandIn(alt));
        continue;
      }
      if (tag === 'a') {
        copyAllowed(element, into.appendChild(link(safeHref(element.getAttribute('href')))));
        continue;
      }
      copyAllowed(element, HTML_KEEP.has(tag) ? into.appendChild(document.createElement(tag)) : into);
    }
  }
}

/**
 * Finds `text` in the element's text, whitespace runs counting as one space, and wraps each text
 * node's share of it in a mark. Empty when it is not there.
 */
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, td, th, pre, blockquote, dt, dd, figcaption, caption, div';

export function markText(root: HTMLElement, text: string): HTMLElement[] {
  const wanted = text.replace(/\s+/g, ' ').trim();
  if (!wanted) return [];
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest('.viewer-image')) nodes.push(node as Text);
  // The collapsed text, and for each of its characters the text node and offset it came from.
  let flat = '';
  const origin: { node: number; offset: number }[] = [];
  // Text in two different blocks (a paragraph, then a list item) reads with a space between, as
  // the parsers joined them: a passage that spans blocks is still found.
  const blockOf = (node: Text) => node.parentElement?.closest(BLOCKS) ?? null;
  nodes.forEach((node, n) => {
    const value = node.data;
    if (n > 0 && flat !== '' && !flat.endsWith(' ') && blockOf(node) !== blockOf(nodes[n - 1]!)) {
      flat += ' ';
      origin.push({ node: n - 1, offset: Math.max(0, nodes[n - 1]!.data.length - 1) });
    }
    for (let i = 0; i < value.length; i++) {
      const space = /\s/.test(value[i]!);
      if (space && (flat.endsWith(' ') || flat === '')) continue;
      flat += space ? ' ' : value[i];
      origin.push({ node: n, offset: i });
    }
  });
  const at = flat.indexOf(wanted);
  if (at < 0) return [];
  const first = origin[at]!;
  const last = origin[at + wanted.length - 1]!;
  const marks: HTMLElement[] = [];
  // Back to front, so splitting a node does not move the offsets still to come.
  for (let n = last.node; n >= first.node; n--) {
    const node = nodes[n]!;
    const from = n === first.node ? first.offset : 0;
    const to = n === last.node ? last.offset + 1 : node.data.length;
    if (to <= from || !node.data.slice(from, to).trim()) continue;
    const middle = node.splitText(from);
    middle.splitText(to - from);
    const mark = document.createElement('mark');
    middle.replaceWith(mark);
    mark.appendChild(middle);
    marks.unshift(mark);
  }
  return marks;
}
