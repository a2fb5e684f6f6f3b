import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeText, detectKind } from './detect';
import { parseHtml } from './html';
import { parseMarkdown } from './markdown';
import { parseText } from './text';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8');

describe('parseMarkdown', () => {
  const doc = parseMarkdown(fixture('guide.md'), 'guide.md');

  it('takes the title from front matter and keeps heading levels', () => {
    expect(doc.title).toBe('Widget Handbook');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, 'Widgets'],
      [2, 'Installation'],
      [2, 'Repair'],
    ]);
  });

  it('keeps a fenced code block whole with its whitespace and language', () => {
    const code = doc.blocks.find((b) => b.kind === 'code')!;
    expect(code.lang).toBe('python');
    expect(code.text).toContain('\n\n    # blank lines and indentation inside code must survive\n    for part');
  });

  it('gives tables and list items their own blocks, with exact offsets', () => {
    expect(doc.blocks.filter((b) => b.kind === 'table')).toHaveLength(1);
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(items).toHaveLength(2);
    expect(items[1]!.text).toContain('together with the warranty card');
    for (const b of doc.blocks.filter((b) => b.kind !== 'heading')) expect(doc.text.slice(b.start, b.end)).toBe(b.text);
  });

  it('drops comments but keeps raw HTML as text', () => {
    expect(doc.blocks.some((b) => b.text.includes('invisible comment') || b.text.includes('<a id="repair">'))).toBe(false);
    expect(doc.blocks.some((b) => b.text.includes('<div>raw html stays as text</div>'))).toBe(true);
  });
});

describe('parseHtml', () => {
  const doc = parseHtml(fixture('page.html'), 'page.html');

  it('drops scripts, styles, navigation, header and footer', () => {
    for (const gone of ['alert', 'never run', 'color: red', 'About us', 'Site banner', 'Copyright footer', 'Prev']) expect(doc.text).not.toContain(gone);
  });

  it('finds the title, headings, list items, code, table and quote', () => {
    expect(doc.title).toBe('Lighthouse Keeping');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'heading', 'list-item', 'list-item', 'heading', 'paragraph', 'code', 'table', 'quote']);
    expect(doc.blocks[1]!.text).toBe('A lighthouse keeper tends the lamp & lens every night.');
    expect(doc.blocks.find((b) => b.kind === 'code')!.text).toBe('log.write("ship sighted")\n    indented line');
    expect(doc.blocks.find((b) => b.kind === 'table')!.text).toBe('Day | Ships\nMonday | 4');
    for (const b of doc.blocks) expect(doc.text.slice(b.start, b.end)).toBe(b.text);
  });
});

describe('parseText', () => {
  const doc = parseText(fixture('rfc-like.txt'), 'rfc-like.txt');

  it('removes page headers and footers around form feeds', () => {
    expect(doc.text).not.toContain('[Page');
    expect(doc.text).not.toMatch(/RFC 9999\s+The Widget Protocol\s+June/);
    expect(doc.text).not.toContain('\r');
  });

  it('recognises numbered and underlined headings', () => {
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, '1 Introduction'],
      [2, '1.1 Terminology'],
      [1, '2 Operation'],
      [1, '3 Security Considerations'],
      [1, 'Appendix'],
    ]);
    expect(doc.blocks.find((b) => b.text.includes('reliable transport'))!.kind).toBe('paragraph');
  });
});

describe('detectKind and decodeText', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('detects by magic bytes, extension and MIME type', () => {
    expect(detectKind('scan.bin', '', bytes('%PDF-1.7 ...'))).toBe('pdf');
    expect(detectKind('notes.MD', '', bytes('# hi'))).toBe('markdown');
    expect(detectKind('page', 'text/html; charset=utf-8', bytes('<p>'))).toBe('html');
    expect(() => detectKind('photo.png', 'image/png', bytes('\x89PNG'))).toThrow(/not a file type Carrel can read/);
    expect(() => detectKind('fake.pdf', 'application/pdf', bytes('hello'))).toThrow(/not one/);
  });

  it('refuses binary and empty content, and reads UTF-16', () => {
    expect(() => decodeText(new Uint8Array([0x48, 0x00, 0x01, 0x02, 0x00]), 'x.txt')).toThrow(/binary/);
    expect(() => decodeText(bytes('   \n  '), 'x.txt')).toThrow(/no text/);
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]))).toBe('hi');
    expect(decodeText(bytes('\uFEFFcafé'))).toBe('café');
  });
});
