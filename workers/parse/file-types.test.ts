import { describe, expect, it } from 'vitest';
import {
  FILE_TYPES,
  fileHandlerAccept,
  KIND_BY_EXTENSION,
  PICKER_ACCEPT,
  shareTargetAccept,
} from '../../common/file-types';
import type { SourceKind } from '../../common/types';
import { decodeText, detectKind } from './detect';
import { parseHtml } from './html';
import { parseMarkdown } from './markdown';
import { parseText } from './text';

const bytes = (text: string) => new TextEncoder().encode(text);
/** The first bytes a file of each kind starts with (a PDF is known by them before its name). */
const HEAD: Record<SourceKind, Uint8Array> = {
  pdf: bytes('%PDF-1.7\n'),
  docx: bytes('PK\x03\x04'),
  odt: bytes('PK\x03\x04'),
  odp: bytes('PK\x03\x04'),
  pptx: bytes('PK\x03\x04'),
  epub: bytes('PK\x03\x04'),
  markdown: bytes('Guide\n=====\n\nText.'),
  html: bytes('<h1>Guide</h1><p>Text.</p>'),
  text: bytes('Guide\n=====\n\nText.'),
  image: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
};
const listed = FILE_TYPES.flatMap((type) => type.extensions.map((extension) => ({ extension, kind: type.kind })));

/**
 * Extensions people have documents in that Carrel does not read: none may be detected. The list
 * holds each one the old copies of the types named, so a copy that drifts from the list shows here.
 */
const NOT_READ = ['doc', 'rtf', 'csv', 'json', 'xml', 'xls', 'xlsx', 'ods', 'ppt', 'key', 'pages', 'mobi', 'azw3'];
const OTHERS = ['gif', 'bmp', 'svg', 'heic', 'zip', 'mp3', 'mp4', 'tex', 'org', 'adoc', 'djvu', 'ps', 'bin'];

describe('the list of file types', () => {
  it('detects every listed extension, in any case, as its kind', () => {
    for (const { extension, kind } of listed) {
      expect(detectKind(`notes.${extension}`, '', HEAD[kind]), extension).toBe(kind);
      expect(detectKind(`NOTES.${extension.toUpperCase()}`, '', HEAD[kind]), extension).toBe(kind);
    }
  });

  it('detects every listed MIME type as its kind', () => {
    for (const type of FILE_TYPES)
      for (const mime of [type.mime, ...(type.otherMimes ?? [])])
        expect(detectKind('untitled', `${mime}; charset=utf-8`, HEAD[type.kind]), mime).toBe(type.kind);
  });

  it('detects no extension it does not list', () => {
    for (const extension of [...NOT_READ, ...OTHERS]) {
      expect(KIND_BY_EXTENSION.has(extension), extension).toBe(false);
      expect(() => detectKind(`notes.${extension}`, '', bytes('x')), extension).toThrow(
        /not a file type Carrel can read/,
      );
    }
  });

  it('has the reader of each text extension find the heading of a file of that kind', () => {
    const readers = { markdown: parseMarkdown, html: parseHtml, text: parseText } as const;
    for (const { extension, kind } of listed) {
      if (!(kind in readers)) continue;
      const name = `guide.${extension}`;
      const doc = readers[kind as keyof typeof readers](decodeText(HEAD[kind], name), name);
      expect(
        doc.blocks.filter((block) => block.kind === 'heading').map((block) => block.text),
        extension,
      ).toEqual(['Guide']);
    }
  });

  it('offers every listed extension to the file picker, the installed app and the share sheet', () => {
    const handlers = fileHandlerAccept();
    const shared = shareTargetAccept();
    for (const type of FILE_TYPES) {
      expect(shared).toContain(type.mime);
      for (const extension of type.extensions) {
        expect(PICKER_ACCEPT.split(',')).toContain(`.${extension}`);
        expect(handlers[type.mime]).toContain(`.${extension}`);
        expect(shared).toContain(`.${extension}`);
      }
    }
    const offered = Object.values(handlers).flat();
    expect(offered.length).toBe(listed.length);
    expect(new Set(offered).size).toBe(listed.length);
  });
});
