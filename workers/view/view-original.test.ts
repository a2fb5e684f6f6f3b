import { describe, expect, it } from 'vitest';
import { makeDocx } from '../../scripts/lib/docx-fixture';
import type { ViewElement, ViewNode } from '../../common/view-nodes';
import { allowedNodes } from './allowed-nodes';
import { markPassage } from './mark-passage';
import { viewOriginal } from './view-original';

/** The nodes as text, with passage marks in [brackets] and elements as <tag>. */
function show(nodes: ViewNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      if ('image' in node) return `(image ${node.image})`;
      const inner = show(node.children);
      if (node.passage) return `[${inner}]`;
      return `<${node.tag}${node.href ? ` ${node.href}` : ''}>${inner}</${node.tag}>`;
    })
    .join('');
}

describe('allowedNodes', () => {
  it('keeps allowed elements and text, safe links and alt text; drops scripts, styles, handlers and the head', () => {
    const nodes = allowedNodes(
      '<html><head><title>T</title><style>p{}</style></head><body onload="x()">' +
        '<h1 class="a">Title &amp; more</h1><script>alert(1)</script>' +
        '<p>See <a href="https://example.org/x">this</a> or <a href="javascript:alert(1)">that</a>.</p>' +
        '<img src="http://tracker/x.png" alt="a map"><iframe src="x">inside</iframe><custom>kept text</custom></body></html>',
    );
    expect(show(nodes)).toBe(
      '<h1>Title & more</h1><p>See <a https://example.org/x>this</a> or <span>that</span>.</p>(image a map)kept text',
    );
  });
});

describe('markPassage', () => {
  it('marks a passage that crosses emphasis and blocks, whitespace runs counting as one space', () => {
    const nodes = allowedNodes(
      '<p>The ferry   leaves <em>every twenty</em> minutes.</p><p>Bicycles go in the yard.</p>',
    );
    expect(markPassage(nodes, 'leaves every twenty minutes. Bicycles go')).toBe(true);
    expect(show(nodes)).toBe(
      '<p>The ferry   [leaves ]<em>[every twenty]</em>[ minutes.]</p><p>[Bicycles go] in the yard.</p>',
    );
  });

  it('leaves the nodes alone when the passage is not there', () => {
    const nodes = allowedNodes('<p>Nothing about boats.</p>');
    expect(markPassage(nodes, 'the ferry leaves')).toBe(false);
    expect(show(nodes)).toBe('<p>Nothing about boats.</p>');
  });

  it('finds a passage at the end of a long document', () => {
    const paragraphs = Array.from({ length: 5000 }, (_, i) => `<p>Paragraph ${i} says   something plain.</p>`);
    const nodes = allowedNodes(paragraphs.join('') + '<p>The last words.</p>');
    expect(markPassage(nodes, 'something plain. The last')).toBe(true);
    expect(show((nodes.at(-1) as ViewElement).children)).toBe('[The last] words.');
  });
});

describe('viewOriginal', () => {
  it('converts a Word file to the nodes it was indexed from, with the passage marked', async () => {
    const docx = makeDocx([
      { heading: 1, text: 'Harbour Office Handbook' },
      { text: 'The ferry from the north pier leaves every twenty minutes.' },
      { bullets: ['Bicycles are parked in the yard behind the building.'] },
    ]);
    const { nodes, marked } = await viewOriginal({
      docId: 'd',
      kind: 'docx',
      source: new Blob([new Uint8Array(docx)]),
      name: 'handbook.docx',
      passage: { start: 0, end: 0, text: 'Bicycles are parked in the yard' },
    });
    expect(marked).toBe(true);
    expect(show(nodes)).toBe(
      '<h1>Harbour Office Handbook</h1><p>The ferry from the north pier leaves every twenty minutes.</p>' +
        '<ul><li>[Bicycles are parked in the yard] behind the building.</li></ul>',
    );
  });

  it('renders Markdown with the passage marked by the text a reader sees, raw HTML through the allow-list', async () => {
    const source =
      '# Boats\n\nThe *ferry* leaves at [noon](https://example.org).\n\n<div onclick="x()">Raw <b>bold</b></div>\n';
    const { nodes, marked } = await viewOriginal({
      docId: 'd',
      kind: 'markdown',
      source,
      name: 'boats.md',
      passage: { start: 0, end: 0, text: 'ferry leaves at noon' },
    });
    expect(marked).toBe(true);
    expect(show(nodes)).toBe(
      '<h1>Boats</h1><p>The <em>[ferry]</em>[ leaves at ]<a https://example.org>[noon]</a>.</p><div>Raw <b>bold</b></div>',
    );
  });

  it('marks a Markdown passage stored as a slice of the source by its offsets', async () => {
    const source = 'Intro line.\n\nThe `q()` function quits.\n';
    const start = source.indexOf('function');
    const { nodes, marked } = await viewOriginal({
      docId: 'd',
      kind: 'markdown',
      source,
      name: 'r.md',
      passage: { start, end: start + 'function quits'.length, text: 'function quits' },
    });
    expect(marked).toBe(true);
    expect(show(nodes)).toBe('<p>Intro line.</p><p>The <code>q()</code> [function quits].</p>');
  });

  it('converts a document once for several passages, marking each in a fresh copy', async () => {
    const ask = (html: string, text: string) =>
      viewOriginal({
        docId: 'same',
        kind: 'html',
        source: new Blob([html]),
        name: 'a.html',
        passage: { start: 0, end: 0, text },
      });
    await ask('<p>First words. Second words.</p>', 'First words');
    // The same document asked again: its stored conversion is used, and the earlier mark is gone.
    const again = await ask('<p>Something else.</p>', 'Second words');
    expect(show(again.nodes)).toBe('<p>First words. [Second words].</p>');
  });
});
