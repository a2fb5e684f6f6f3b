/**
 * Finds a passage (the document text of one proposition) in the viewer's nodes and wraps each
 * text node's share of it in a passage mark. Whitespace runs count as one space, and text in two
 * different blocks reads with a space between, as the parsers joined them.
 */
import { TEXT_BLOCKS, type ViewElement, type ViewNode } from '../../common/view-nodes';

interface Leaf {
  parent: ViewElement;
  index: number;
  block: ViewElement | null;
}

/** Marks `text` in `nodes` (changed in place); false when it is not there. */
export function markPassage(nodes: ViewNode[], text: string): boolean {
  const wanted = text.replace(/\s+/g, ' ').trim();
  if (!wanted) return false;
  const leaves = textLeaves({ tag: 'div', children: nodes });
  const value = (leaf: Leaf) => leaf.parent.children[leaf.index] as string;
  // The collapsed text, and for each of its characters the leaf and offset it came from. Built as
  // an array: asking a string grown by += whether it ends in a space flattens it each time, which
  // made marking a 100-page document take half a minute.
  const chars: string[] = [];
  const originLeaf: number[] = [];
  const originOffset: number[] = [];
  const afterSpace = () => chars.length === 0 || chars[chars.length - 1] === ' ';
  leaves.forEach((leaf, n) => {
    const data = value(leaf);
    if (n > 0 && !afterSpace() && leaf.block !== leaves[n - 1]!.block) {
      chars.push(' ');
      originLeaf.push(n - 1);
      originOffset.push(Math.max(0, value(leaves[n - 1]!).length - 1));
    }
    for (let i = 0; i < data.length; i++) {
      const space = /\s/.test(data[i]!);
      if (space && afterSpace()) continue;
      chars.push(space ? ' ' : data[i]!);
      originLeaf.push(n);
      originOffset.push(i);
    }
  });
  const flat = chars.join('');
  const at = flat.indexOf(wanted);
  if (at < 0) return false;
  const end = at + wanted.length - 1;
  let marked = false;
  // Back to front, so splitting a leaf does not move the places of the leaves still to come.
  for (let n = originLeaf[end]!; n >= originLeaf[at]!; n--) {
    const leaf = leaves[n]!;
    const data = value(leaf);
    const from = n === originLeaf[at] ? originOffset[at]! : 0;
    const to = n === originLeaf[end] ? originOffset[end]! + 1 : data.length;
    if (to <= from || !data.slice(from, to).trim()) continue;
    const pieces: ViewNode[] = [{ tag: 'mark', passage: true, children: [data.slice(from, to)] }];
    if (from > 0) pieces.unshift(data.slice(0, from));
    if (to < data.length) pieces.push(data.slice(to));
    leaf.parent.children.splice(leaf.index, 1, ...pieces);
    marked = true;
  }
  return marked;
}

/** Every text node in document order, with its place and the block it reads in. */
function textLeaves(root: ViewElement): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (element: ViewElement, block: ViewElement | null) => {
    element.children.forEach((child, index) => {
      if (typeof child === 'string') leaves.push({ parent: element, index, block });
      else if ('tag' in child) walk(child, TEXT_BLOCKS.has(child.tag) ? child : block);
    });
  };
  walk(root, null);
  return leaves;
}
