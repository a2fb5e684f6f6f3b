/**
 * Contents lists of the Markdown and HTML documents of ../shared/eval are told by their shape
 * (workers/chunk/link-contents.ts): links to the document's own anchors, or the headings' words in
 * outline order. For each document the blocks of its contents lists are named by their first and
 * last block; every block from one to the other must be left out of the text, and no other block.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord, ParsedDocument, ResultHit } from '../common/types';
import { chunkDocument } from '../workers/chunk/chunker';
import { contentBlocks } from '../workers/chunk/navigation';
import { parseHtml } from '../workers/parse/html';
import { parseMarkdown } from '../workers/parse/markdown';
import { DEFAULT_SEARCH_OPTIONS } from '../workers/retrieve/defaults';
import { LibraryIndex, search } from '../workers/retrieve/search';

const DOCS = '../shared/eval/docs';
/** A contents list: the start of its first block's text and of its last's. */
type Span = [first: string, last: string];

const KNOWN: { path: string; contents: Span[] }[] = [
  // A table of links: "[Background](#s1-background) | [Which Shell to Use](#s1.1-…) - …", under
  // its own heading "## Table of Contents", which goes with it.
  { path: 'markdown/google-shellguide.md', contents: [['Table of Contents', 'Section | Contents']] },
  // "Contents:" then a numbered list of links, nested lists for the subsections. The title line
  // before a list goes with it (workers/retrieve/contents.ts, isContentsTitle).
  { path: 'markdown/google-docguide-style.md', contents: [['Contents:', 'Strongly prefer Markdown to HTML']] },
  { path: 'markdown/google-pyguide.md', contents: [['Table of Contents', '4 Parting Words']] },
  // No contents list: its in-page links are few and inside sentences.
  { path: 'markdown/nodejs18-api-path.md', contents: [] },
  // Their contents lists are in the Sphinx sidebar, dropped as page furniture; the links left are
  // in sentences ("See Command Line Interface for detailed documentation.").
  { path: 'html/python311-library-json.html', contents: [] },
  { path: 'html/python311-tutorial-classes.html', contents: [] },
  // The section's own contents list links to the page by its published name, not "#…": it is
  // told by its entries repeating the headings below in order.
  { path: 'html/postgresql15-datatype-json.html', contents: [['8.14.1. JSON Input', '8.14.7. jsonpath Type']] },
  { path: 'html/postgresql15-sql-select.html', contents: [] },
  // The chapter list (one paragraph of links, "Chapter: I., II., …") and the list of
  // illustrations (a table whose page column links to the pages).
  {
    path: 'html/pride-and-prejudice-gutenberg-1342.htm',
    contents: [
      ['PREFACE. List of Illustrations. Chapter: I.', 'PREFACE.'],
      [' | PAGE', ' | PAGE'],
    ],
  },
  // The RFC's contents pages: dot leaders and page numbers (navigation.ts), in-page links too.
  { path: 'html/rfc2616-ietf-rfcmarkup.html', contents: [['Table of Contents', '19.4.1   MIME-Version']] },
];

function parse(path: string): ParsedDocument {
  const source = readFileSync(`${DOCS}/${path}`, 'utf8');
  return path.endsWith('.md') ? parseMarkdown(source, path) : parseHtml(source, path);
}

describe('contents lists of the Markdown and HTML documents', () => {
  for (const { path, contents } of KNOWN)
    it(`${path}: ${contents.length} contents list(s), and no prose block left out`, () => {
      const { blocks } = parse(path);
      const kept = new Set(contentBlocks(blocks));
      const expected = new Set<number>();
      for (const [first, last] of contents) {
        const from = blocks.findIndex((b) => b.text.startsWith(first));
        const to = blocks.findIndex((b, i) => i >= from && b.text.startsWith(last));
        expect(from, `a block starts "${first}"`).toBeGreaterThanOrEqual(0);
        for (let i = from; i <= to; i++) expected.add(i);
      }
      const missed = [...expected].filter((i) => kept.has(blocks[i]!)).map((i) => blocks[i]!.text.slice(0, 80));
      const wrong = blocks.flatMap((b, i) => (!kept.has(b) && !expected.has(i) ? [b.text.slice(0, 80)] : []));
      console.log(`${path}: ${expected.size} contents blocks expected, ${blocks.length - kept.size} left out`);
      expect(missed, 'contents blocks kept as text').toEqual([]);
      expect(wrong, 'prose blocks taken for contents').toEqual([]);
    });
});

describe('the Shell Style Guide', () => {
  const countTokens = (text: string) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
  const chunked = chunkDocument(parse('markdown/google-shellguide.md'), 'shell', { countTokens });

  it('has its table of contents as contents passages, and the section it names as text', () => {
    const contents = chunked.propositions.filter((p) => p.type === 'contents');
    expect(contents.some((p) => p.text.includes('Function Comments'))).toBe(true);
    expect(contents.every((p) => p.headingPath.at(-1) === 'Table of Contents')).toBe(true);
    const section = chunked.propositions.filter((p) => p.headingPath.at(-1) === 'Function Comments');
    expect(section.length).toBeGreaterThan(0);
    expect(section.every((p) => p.type !== 'contents')).toBe(true);
  });

  function library() {
    const index = new LibraryIndex();
    const doc = { id: 'shell', name: 'google-shellguide.md', title: chunked.title, keywords: chunked.keywords };
    // The keyword leg alone: every vector the same.
    const flat = () => Float32Array.from([0.5, 0.5, 0.5, 0.5]);
    index.addDocument(doc as DocumentRecord, chunked.sections, chunked.propositions, {
      doc: flat(),
      sections: new Map(chunked.sections.map((s) => [s.id, flat()])),
      propositions: new Map(chunked.propositions.map((p) => [p.id, flat()])),
    });
    return index;
  }
  const isContents = (hit: ResultHit) => hit.propositions.some((p) => p.type === 'contents');
  const isToc = (hit: ResultHit) => hit.propositions.some((p) => p.text.includes('Background | Which Shell to Use'));

  // Before, the table of contents came second to the first question and first to the second.
  it.each(['how do I comment a function', 'shell function names and comments'])(
    '"%s" gets the Function Comments section first, the contents only after every passage of text',
    (question) => {
      const hits = search(library(), { text: question, vector: null }, DEFAULT_SEARCH_OPTIONS);
      expect(hits[0]!.headingPath).toContain('Function Comments');
      const toc = hits.findIndex(isToc);
      if (toc >= 0) expect(hits.slice(toc).every(isContents)).toBe(true);
    },
  );

  it('finds its table of contents when asked for it', () => {
    const hits = search(library(), { text: 'table of contents', vector: null }, DEFAULT_SEARCH_OPTIONS);
    expect(isToc(hits[0]!)).toBe(true);
  });
});
