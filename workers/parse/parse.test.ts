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
      [3, 'Spare parts'],
    ]);
  });

  it('keeps a fenced code block whole with its whitespace and language', () => {
    const code = doc.blocks.find((b) => b.kind === 'code')!;
    expect(code.lang).toBe('python');
    expect(code.text).toContain('\n\n    # blank lines and indentation inside code must survive\n    for part');
  });

  it('gives tables and list items their own blocks of visible text, with exact offsets', () => {
    expect(doc.blocks.filter((b) => b.kind === 'table').map((b) => b.text)).toEqual([
      'Part | Size\nbolt | 3.5 mm\nnut | 4 mm',
    ]);
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(items.map((i) => i.text)).toEqual([
      'Keep the manual.',
      expect.stringContaining('Register the widget'),
      'Indent 2 spaces, as emphasis never shows.',
      'Open the cover.',
      'Replace the gear.',
    ]);
    expect(items[1]!.text).toContain('together with the warranty card');
    for (const b of doc.blocks) expect(doc.text.slice(b.start, b.end)).toBe(b.text);
  });

  it('stores text as a reader sees it: no anchors, comments, heading hashes, bullets, fences or tags', () => {
    expect(doc.text).not.toMatch(/<a id=|<!--|invisible comment|^#+ |^\s*[-*+] |^```|<\/?div>/m);
    expect(doc.blocks.some((b) => b.kind === 'paragraph' && b.text === 'raw html is read as the text it shows')).toBe(
      true,
    );
    expect(doc.text).toContain('Indent 2 spaces, as *emphasis* never shows.'.replace(/\*/g, ''));
  });

  it('reads a heading, a paragraph and a nested list with inline HTML the way they render', () => {
    const small = parseMarkdown(
      'Any new code. <a id="s5.1"></a>\n\n### Indentation <a id="indent"></a>\n\nIndent <!-- not shown --> 2 spaces.<br>Never tabs.\n\n* one\n  * two `x = 1`\n',
      's.md',
    );
    expect(small.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Any new code.'],
      ['heading', 'Indentation'],
      ['paragraph', 'Indent  2 spaces.\nNever tabs.'],
      ['list-item', 'one\ntwo x = 1'],
    ]);
  });
});

describe('parseHtml', () => {
  const doc = parseHtml(fixture('page.html'), 'page.html');

  it('drops scripts, styles, navigation, page header, sidebar, footer and page numbers', () => {
    for (const gone of [
      'alert',
      'never run',
      'hacked',
      'color: red',
      'About us',
      'Site banner',
      'Copyright footer',
      'Prev',
      'Related links',
      '{12}',
    ])
      expect(doc.text).not.toContain(gone);
  });

  it('finds the title, headings, list items, code, table and quote with exact offsets', () => {
    expect(doc.title).toBe('Lighthouse Keeping — Coastal Guide');
    expect(doc.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'list-item',
      'list-item',
      'heading',
      'paragraph',
      'code',
      'table',
      'quote',
      'heading',
      'paragraph',
    ]);
    expect(doc.blocks[1]!.text).toBe('A lighthouse keeper tends the lamp & lens every night.');
    expect(doc.blocks.find((b) => b.kind === 'code')!.text).toBe('log.write("ship sighted")\n\n    indented line');
    expect(doc.blocks.find((b) => b.kind === 'table')!.text).toBe('Day | Ships\nMonday | 4');
    for (const b of doc.blocks) expect(doc.text.slice(b.start, b.end)).toBe(b.text);
  });

  it('keeps an article header, line breaks in headings, paragraphs inside items and quotes, image-only headings', () => {
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, 'Lighthouse Keeping'],
      [2, 'Duties of the keeper'],
      [3, 'Logbook'],
      [2, 'Storms'],
    ]);
    expect(doc.blocks[4]!.text).toBe('Polish the lens each morning. Dry it with linen.');
    expect(doc.blocks.find((b) => b.kind === 'quote')!.text).toBe('The sea is patient. The keeper is too.');
  });

  it('reads an rfcmarkup page: span headings inside <pre>, prose paragraphs, no grey page furniture', () => {
    const rfc = parseHtml(fixture('rfc-markup.html'), 'rfc.html');
    expect(rfc.title).toBe('RFC 9999 - The Widget Protocol');
    expect(rfc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, 'The Widget Protocol'],
      [2, '1. Introduction'],
      [3, '1.1. Terminology'],
    ]);
    expect(rfc.blocks.some((b) => b.kind === 'code')).toBe(false);
    expect(rfc.text).not.toMatch(/\[Page 1\]|June 2026|Docs/);
    expect(rfc.blocks.at(-1)!.text).toBe('A widget is a unit of work <see below>.');
    expect(rfc.blocks.find((b) => b.text.startsWith('The widget protocol'))!.text).toBe(
      'The widget protocol moves widgets between hosts. It is simple and\nrobust.',
    );
  });

  it("reads DocBook's question-and-answer table as sections: each question a heading over its answer", () => {
    const row = (kind: string, label: string, text: string) =>
      `<tr class="${kind}"><td><a name="q"></a><p><b>${label}</b></p></td><td><p>\n  ${text}\n</p></td></tr>`;
    const faq = parseHtml(
      `<h1>Chapter 8. FAQ</h1><div class="qandaset"><table border="0"><tbody>` +
        `<tr class="qandadiv"><td colspan="2"><h3 class="title">8.1. Playback</h3></td></tr>` +
        `<tr class="toc"><td colspan="2"><dl><dt>Q: <a href="faq.html#q1">Why is the sound late?</a></dt></dl></td></tr>` +
        row('question', 'Q:', 'Why is the <span>sound</span> late?') +
        row('answer', 'A:', 'Try the -autosync option.') +
        row('question', 'Q:', 'Can I play a DVD?') +
        row('answer', 'A:', 'Yes, with dvd://1.') +
        `</tbody></table></div>`,
      'mplayer-faq.html',
    );
    expect(faq.blocks.map((b) => [b.kind, b.level, b.text])).toEqual([
      ['heading', 1, 'Chapter 8. FAQ'],
      ['heading', 3, '8.1. Playback'],
      ['list-item', undefined, 'Q: Why is the sound late?'],
      ['heading', 4, 'Why is the sound late?'],
      ['paragraph', undefined, 'Try the -autosync option.'],
      ['heading', 4, 'Can I play a DVD?'],
      ['paragraph', undefined, 'Yes, with dvd://1.'],
    ]);
  });

  it('reads a page laid out in a table by its blocks, and keeps a table of data, paragraphs in its cells, as rows', () => {
    const laidOut = parseHtml(
      `<table><tr><td><h2>Ferries</h2>Loose text in a cell.</td><td><p>A paragraph.</p><table><tr><td><p>Monday</p></td><td>4</td></tr></table></td></tr></table>`,
      'page.html',
    );
    expect(laidOut.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Ferries'],
      ['paragraph', 'Loose text in a cell.'],
      ['paragraph', 'A paragraph.'],
      ['table', 'Monday | 4'],
    ]);
    // A DocBook note: its icon and label are no topic, its paragraph is prose.
    const note = parseHtml(
      `<p>Before.</p><div class="note"><table border="0" summary="Note"><tr><td rowspan="2"><img alt="[Anmerkung]" src="note.png"></td>` +
        `<th align="left">Anmerkung</th></tr><tr><td><p>Kernels take 32 options. Older ones fewer.</p></td></tr></table></div><p>After.</p>`,
      'page.html',
    );
    expect(note.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Before.'],
      ['paragraph', 'Kernels take 32 options. Older ones fewer.'],
      ['paragraph', 'After.'],
    ]);
    const data = parseHtml(
      `<table><tr><th><p>Day</p></th><th>Ships</th></tr><tr><td><p>Monday</p></td><td>4</td></tr></table>`,
      'page.html',
    );
    expect(data.blocks.map((b) => [b.kind, b.text])).toEqual([['table', 'Day | Ships\nMonday | 4']]);
  });
});

describe('parseText', () => {
  const doc = parseText(fixture('rfc-like.txt'), 'rfc-like.txt');

  it('removes page headers and footers around form feeds', () => {
    expect(doc.text).not.toContain('[Page');
    expect(doc.text).not.toMatch(/RFC 9999\s+The Widget Protocol\s+June/);
    expect(doc.text).not.toContain('\r');
  });

  it('recognises numbered, outdented and underlined headings, not indented list items', () => {
    expect(doc.title).toBe('The Widget Protocol');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, 'Status of this Memo'],
      [1, '1. Introduction'],
      [2, '1.1 Terminology'],
      [1, '2. Operation'],
      [3, '2.1.1 udp transport'],
      [1, '3. Security Considerations'],
      [1, 'Appendix'],
    ]);
    expect(doc.blocks.find((b) => b.text.includes('If the widget is damaged'))!.kind).toBe('paragraph');
  });

  it('mends a paragraph cut by a page break', () => {
    const paragraph = doc.blocks.find((b) => b.text.includes('reliable transport'))!;
    expect(paragraph.kind).toBe('paragraph');
    expect(paragraph.text).toMatch(/widget from\n {3}an unknown peer drops it\.$/);
  });

  it('reads chapter headings and a title set over several centred lines', () => {
    const book = parseText(
      '\n\n                 PRIDE.\n                  and\n               PREJUDICE\n\n                  by\n             Jane Austen\n\n\nCHAPTER I.\n\nIt is a truth universally acknowledged.\n\nCHAPTER II.\n\nMr. Bennet was among the earliest.\n',
      'book.txt',
    );
    expect(book.title).toBe('PRIDE. and PREJUDICE');
    expect(book.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['CHAPTER I.', 'CHAPTER II.']);
  });

  it('takes no title from an indented table of keys, nor from the labels of a drawing', () => {
    const tutorial = parseText(
      'Einführung in Emacs.  Siehe Dateiende.\n\nDie folgenden Befehle sind nützlich:\n\n' +
        '        C-v     eine Seite vorwärts blättern\n        M-v     eine Seite zurück blättern\n\n' +
        'Die Richtungen:\n\n                          vorige Zeile, C-p\n                                  :\n' +
        'vorheriges Zeichen, C-b .... Cursor .... nächstes Zeichen, C-f\n\nDrücken Sie C-v.\n',
      'emacs-tutorial-de.txt',
    );
    expect(tutorial.title).toBe('emacs-tutorial-de');
  });

  it('titles a manual page saved as text by its NAME line, not by an indented option', () => {
    const page = [
      'HTOP(1)                          User Commands                         HTOP(1)',
      '',
      'NAME',
      '       htop, pcp-htop - interactive process viewer',
      '',
      'COMMAND-LINE OPTIONS',
      '       -d --delay=DELAY',
      '              Delay between updates, in tenths of a second.',
      '',
      '          --drop-capabilities[=off|basic|strict]',
      '              Linux only; requires libcap support.',
      '',
      'htop 3.2.2                          2023-02-02                        HTOP(1)',
    ].join('\n');
    expect(parseText(page, 'htop.txt').title).toBe('htop, pcp-htop - interactive process viewer');
    // In another language the first section has another name; a page without one keeps its header's.
    expect(parseText(page.replace('NAME', 'BEZEICHNUNG'), 'htop.txt').title).toBe(
      'htop, pcp-htop - interactive process viewer',
    );
    expect(parseText(page.replace(/NAME\n.*\n/, ''), 'htop.txt').title).toBe('HTOP(1)');
    // A header with nothing between its names (ffmpeg's), and a name line with no NAME above it (ranger's).
    const bare = page.replace(
      /^HTOP\(1\) .*$/m,
      'HTOP(1)                                                              HTOP(1)',
    );
    expect(parseText(bare, 'htop.txt').title).toBe('htop, pcp-htop - interactive process viewer');
    expect(parseText(page.replace('NAME\n       htop', 'htop'), 'htop.txt').title).toBe(
      'htop, pcp-htop - interactive process viewer',
    );
  });
});

describe('detectKind and decodeText', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('detects by magic bytes, extension and MIME type', () => {
    expect(detectKind('scan.bin', '', bytes('%PDF-1.7 ...'))).toBe('pdf');
    expect(detectKind('notes.MD', '', bytes('# hi'))).toBe('markdown');
    expect(detectKind('page', 'text/html; charset=utf-8', bytes('<p>'))).toBe('html');
    expect(detectKind('photo.png', 'image/png', bytes('\x89PNG'))).toBe('image');
    expect(detectKind('scan', 'image/jpeg', bytes('\xff\xd8\xff'))).toBe('image');
    expect(() => detectKind('song.mp3', 'audio/mpeg', bytes('ID3'))).toThrow(/not a file type Carrel can read/);
    expect(() => detectKind('fake.pdf', 'application/pdf', bytes('hello'))).toThrow(/not one/);
    expect(detectKind('README', '', bytes('Read me first.'))).toBe('text');
    expect(detectKind('page', '', bytes('  <!DOCTYPE html><p>x'))).toBe('html');
    expect(() => detectKind('blob', '', new Uint8Array([1, 0, 2]))).toThrow(/not a file type/);
    expect(detectKind('report.docx', '', bytes('PK'))).toBe('docx');
    expect(detectKind('novel.epub', '', bytes('PK'))).toBe('epub');
    expect(detectKind('slides.pptx', '', bytes('PK'))).toBe('pptx');
    expect(detectKind('letter.odt', '', bytes('PK'))).toBe('odt');
    expect(() => detectKind('slides.key', '', bytes('PK'))).toThrow(/not a file type Carrel can read/);
  });

  it('refuses binary and empty content, and reads UTF-16', () => {
    expect(() => decodeText(new Uint8Array([0x48, 0x00, 0x01, 0x02, 0x00]), 'x.txt')).toThrow(/binary/);
    expect(() => decodeText(bytes('   \n  '), 'x.txt')).toThrow(/no text/);
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]))).toBe('hi');
    expect(decodeText(bytes('\uFEFFcafé'))).toBe('café');
  });

  it('reads legacy Windows-1252, BOM-less UTF-16 and UTF-8 cut mid-character', () => {
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94]))).toBe('café “q”');
    const le = new Uint8Array([...'hello world'].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(decodeText(le)).toBe('hello world');
    expect(decodeText(bytes('naïve €').subarray(0, 9))).toBe('naïve \uFFFD');
    expect(() =>
      decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'x.txt'),
    ).toThrow(/binary/);
  });
});
