import { describe, expect, it } from 'vitest';
import type { DocumentRecord, ParsedDocument, ResultHit } from '../../common/types';
import { chunkDocument } from '../chunk/chunker';
import { parseMarkdown } from '../parse/markdown';
import { parseText } from '../parse/text';
import { asksForContents } from './contents';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { LibraryIndex, search } from './search';

describe('asksForContents', () => {
  it.each([
    'table of contents of the usage manual',
    'show me the contents',
    'list of figures in the framework',
    'Inhaltsverzeichnis des Handbuchs',
    'table des matières',
    'índice del manual',
    '目次',
  ])('"%s" asks for the contents', (question) => expect(asksForContents(question)).toBe(true));

  it.each(['where is the configuration file', 'create an index on a column', 'what does the file contain'])(
    '"%s" does not',
    (question) => expect(asksForContents(question)).toBe(false),
  );
});

const countTokens = (text: string) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
const texts = (hit: ResultHit) => hit.propositions.map((p) => p.text).join(' ');

/** A library of one chunked document, every vector the same: the keyword leg decides. */
function libraryOf(parsed: ParsedDocument, id: string) {
  const chunked = chunkDocument(parsed, id, { countTokens });
  const index = new LibraryIndex();
  const flat = () => Float32Array.from([0.5, 0.5, 0.5, 0.5]);
  index.addDocument(
    { id, name: id, title: chunked.title, keywords: chunked.keywords } as DocumentRecord,
    chunked.sections,
    chunked.propositions,
    {
      doc: flat(),
      sections: new Map(chunked.sections.map((s) => [s.id, flat()])),
      propositions: new Map(chunked.propositions.map((p) => [p.id, flat()])),
    },
  );
  return index;
}

describe('a contents list is below real text, unless asked for', () => {
  const guide = [
    'Mail Server Guide',
    'Table of Contents',
    [
      'Installing the server ......................... 3',
      'The configuration file ......................... 7',
      'Mailboxes and quotas ........................... 14',
      'Backups of the mail spool ....................... 19',
    ].join('\n'),
    'The configuration file',
    'The server reads its settings from /etc/mailserver/main.conf when it starts; edit it and reload the server.',
    'Mailboxes and quotas',
    'Each user gets a mailbox under /var/mail with a quota of one gigabyte unless the administrator sets another.',
  ].join('\n\n');

  const library = () => libraryOf(parseText(`${guide}\n`, 'mail-guide.txt'), 'mail');

  it('a question about the configuration file gets the section, not the contents entry that names it', () => {
    const hits = search(library(), { text: 'where is the configuration file', vector: null }, DEFAULT_SEARCH_OPTIONS);
    expect(texts(hits[0]!)).toContain('/etc/mailserver/main.conf');
    const entry = hits.findIndex((hit) => texts(hit).includes('The configuration file ......'));
    // Still there, after every result of text.
    expect(entry).toBe(hits.length - 1);
    expect(hits.length).toBeGreaterThan(1);
  });

  it('a question for the table of contents finds it', () => {
    const hits = search(library(), { text: 'table of contents', vector: null }, DEFAULT_SEARCH_OPTIONS);
    expect(hits.some((hit) => texts(hit).includes('Backups of the mail spool'))).toBe(true);
  });
});

describe("a Markdown contents list of links to the document's headings", () => {
  // The shape of the Shell Style Guide's contents: a table of links, no page numbers.
  const guide = [
    '# Shell Guide',
    '## Table of Contents',
    'Section | Contents',
    '--- | ---',
    '[Comments](#comments) | [File Header](#file-header) - [Function Comments](#function-comments)',
    '[Naming](#naming) | [Function Names](#function-names) - [Variable Names](#variable-names)',
    '## Comments',
    '### File Header',
    'Start each file with a description of its contents.',
    '### Function Comments',
    'Any function that is not both obvious and short must have a comment describing its globals, arguments and outputs.',
    '## Naming',
    '### Function Names',
    'Lower-case, with underscores to separate words; braces on the same line as the name.',
    '### Variable Names',
    'As for function names: lower-case with underscores.',
  ].join('\n\n');
  const library = () => libraryOf(parseMarkdown(guide, 'shell-guide.md'), 'shell');
  const isToc = (hit: ResultHit) => texts(hit).includes('Comments | File Header');

  it('a question whose words are in both gets the section first, the contents after all text', () => {
    const hits = search(library(), { text: 'function names and comments', vector: null }, DEFAULT_SEARCH_OPTIONS);
    expect(hits[0]!.headingPath.at(-1)).toBe('Function Comments');
    const toc = hits.findIndex(isToc);
    expect(toc).toBeGreaterThan(0);
    expect(hits.slice(toc).every((hit) => hit.propositions.every((p) => p.type === 'contents'))).toBe(true);
  });

  it('a question for the table of contents finds it first', () => {
    const hits = search(library(), { text: 'table of contents', vector: null }, DEFAULT_SEARCH_OPTIONS);
    expect(isToc(hits[0]!)).toBe(true);
  });
});
