/**
 * Draws an original the viewer's worker converted (common/view-nodes.ts) formatted but inert
 * (DESIGN §8): the DOM is built element by element with createElement and text nodes, never
 * innerHTML. Links open outside the app; images show their alt text and load nothing.
 */
import { HEADING_TAGS, HTML_KEEP, type ViewNode } from '../../common/view-nodes';

export interface Rendered {
  root: HTMLElement;
  /** The passage's marks, in document order; empty when the passage could not be placed. */
  marks: HTMLElement[];
}

/** Elements inside which a wrapper must be inline. */
const INLINE_CONTEXT = new Set([
  ...HEADING_TAGS,
  ...'p li dt dd td th caption figcaption em strong a span code pre'.split(' '),
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

/** The nodes as elements and text nodes, with the passage's marks collected in document order. */
export function drawNodes(nodes: readonly ViewNode[]): Rendered {
  const root = document.createElement('div');
  root.className = 'viewer-rendered';
  const marks: HTMLElement[] = [];
  const draw = (parent: Node, node: ViewNode) => {
    if (typeof node === 'string') return void parent.appendChild(document.createTextNode(node));
    if ('image' in node) {
      const span = parent.appendChild(document.createElement('span'));
      span.className = 'viewer-image';
      span.textContent = node.image ? `[image: ${node.image}]` : '[image]';
      return;
    }
    // The worker sends allowed tags only; a page that drew any tag it was sent could run a script.
    const tag = HTML_KEEP.has(node.tag) || node.tag === 'a' || node.tag === 'del' ? node.tag : 'span';
    const element = parent.appendChild(document.createElement(tag));
    if (tag === 'a' && node.href) {
      const link = element as HTMLAnchorElement;
      link.href = node.href;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
    if (node.passage) marks.push(element);
    for (const child of node.children) draw(element, child);
  };
  for (const node of nodes) draw(root, node);
  return { root, marks };
}
