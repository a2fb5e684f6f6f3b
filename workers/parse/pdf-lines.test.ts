import { describe, expect, it } from 'vitest';
import { glyphText, itemsToLines, joinLine, removeFurniture, type TextItemLike } from './pdf-lines';

/** A pdf.js-like text item: `str` at (x, y) in a font of `size` points, ~0.5em per character. */
const item = (str: string, x: number, y: number, size = 10): TextItemLike => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  height: size,
});

const WORDS = ['zero', 'one', 'two', 'three', 'four'];
const left = (page = 1) => Array.from({ length: 8 }, (_, i) => `left column line ${i} of page ${WORDS[page]} prose`);
const right = (page = 1) => Array.from({ length: 8 }, (_, i) => `right column line ${i} of page ${WORDS[page]} text`);
const [LEFT, RIGHT] = [left(), right()];

/** A US-letter page: a full-width title, two columns of 8 lines (gutter at x≈300), a page number. */
function twoColumnPage(page: number): TextItemLike[] {
  const items = [item(`A Title Across The Whole Page Width Of The Paper For Page ${WORDS[page]}`, 60, 740, 16)];
  left(page).forEach((text, i) => items.push(item(text, 60, 700 - i * 12)));
  right(page).forEach((text, i) => items.push(item(text, 320, 700 - i * 12)));
  items.push(item(String(page), 300, 40));
  return items;
}

describe('itemsToLines', () => {
  it('reads a two-column page column by column, after the full-width title', () => {
    const lines = itemsToLines(twoColumnPage(1), 1).map((l) => l.text);
    expect(lines).toEqual(['A Title Across The Whole Page Width Of The Paper For Page one', ...LEFT, ...RIGHT, '1']);
  });

  it('marks the first line of the right column', () => {
    const lines = itemsToLines(twoColumnPage(1), 1);
    expect(lines.filter((l) => l.columnStart).map((l) => l.text)).toEqual([RIGHT[0]]);
  });

  it('keeps a single-column page and a table in row order', () => {
    const table = Array.from({ length: 10 }, (_, i) => [
      item(`name${i}`, 60, 700 - i * 12),
      item(`${i * 7}`, 400, 700 - i * 12),
    ]).flat();
    expect(
      itemsToLines(table, 1)
        .map((l) => l.text)
        .slice(0, 2),
    ).toEqual(['name0 0', 'name1 7']);
    const prose = Array.from({ length: 14 }, (_, i) =>
      item(`a line of ordinary single column prose number ${i} that runs on`, 60, 700 - i * 12),
    );
    expect(itemsToLines(prose, 1)).toHaveLength(14);
  });

  it('does not let the space items pdf.js puts in wide gaps bridge the gutter', () => {
    const items = twoColumnPage(1).flatMap((it) =>
      it.transform[4] === 60 && it.transform[5] < 710
        ? [it, { ...item(' ', 60 + it.width, it.transform[5]!), width: 320 - 60 - it.width }]
        : [it],
    );
    expect(itemsToLines(items, 1).map((l) => l.text)).toEqual([
      'A Title Across The Whole Page Width Of The Paper For Page one',
      ...LEFT,
      ...RIGHT,
      '1',
    ]);
  });

  it('adds the spaces a PDF leaves out between items', () => {
    const lines = itemsToLines([item('Hello', 60, 700), item('world', 60 + 5 * 5 + 3, 700)], 1);
    expect(lines[0]!.text).toBe('Hello world');
  });

  it('puts a raised letter on the nearest line, not on a line above within reach, so its line stays whole', () => {
    const items = [
      item('∗', 54, 186, 5.5),
      item('Both authors contributed equally.', 56, 183.3, 7),
      // "LaTeX" with its A raised and set smaller: within reach of the footnote mark's line too.
      item('a consistent L', 318, 183.28, 9),
      item('A', 366.6, 184.4, 7.3),
      item('TEX style for use across ACM publications', 370.3, 183.28, 9),
    ];
    expect(itemsToLines(items, 1).map((l) => l.text)).toEqual([
      '∗',
      'Both authors contributed equally. a consistent LATEX style for use across ACM publications',
    ]);
  });
});

describe('removeFurniture', () => {
  it('drops running headers and page numbers, by position, on two-column pages too', () => {
    const pages = [1, 2, 3, 4].map((p) => {
      const header = [item('Conference 2026, Somewhere', 60, 760, 8), item('Smith et al.', 480, 760, 8)];
      return itemsToLines([...header, ...twoColumnPage(p)], p);
    });
    const kept = removeFurniture(pages)
      .flat()
      .map((l) => l.text);
    expect(kept).not.toContain('Smith et al.');
    expect(kept).not.toContain('Conference 2026, Somewhere');
    expect(kept).not.toContain('3');
    expect(kept).toContain(left(3)[0]);
    expect(kept).toContain(right(3)[7]);
  });
});

describe('joinLine', () => {
  it('undoes line-end hyphenation only before a lower-case continuation, and keeps a compound together', () => {
    expect(joinLine('a well-known infor-', 'mation system')).toBe('a well-known information system');
    expect(joinLine('see section 3 -', 'Results')).toBe('see section 3 - Results');
    // A compound's or a code's hyphen before a capital or a digit stays, with no space after it.
    expect(joinLine('the Smith-', 'Jones rule')).toBe('the Smith-Jones rule');
    expect(joinLine('such as US-', 'CERT or an ISAC')).toBe('such as US-CERT or an ISAC');
    expect(joinLine('SA-8, SA-', '10, SA-11')).toBe('SA-8, SA-10, SA-11');
  });

  it('drops a chapter header that appears once, by its slot and its family of "Chapter N: … page" lines', () => {
    const chapters = [
      'Chapter 2: Simple manipulations 8',
      'Chapter 2: Simple manipulations 10',
      'Chapter 3: Objects 14',
      'Chapter 4: Factors 16',
      'Chapter 5: Arrays and matrices 18',
    ];
    const pages = chapters.map((header, i) =>
      itemsToLines(
        [
          item(header, 60, 760, 9),
          ...Array.from({ length: 6 }, (_, j) =>
            item(`body line ${j} of page ${WORDS[i]} with ordinary prose on it`, 60, 700 - j * 12),
          ),
        ],
        i + 1,
      ),
    );
    const kept = removeFurniture(pages)
      .flat()
      .map((l) => l.text);
    expect(kept.filter((t) => t.startsWith('Chapter'))).toEqual([]);
    expect(kept).toContain('body line 5 of page four with ordinary prose on it');
  });
});

describe('glyphText', () => {
  it('maps ligatures to letters and drops glyphs with no meaning, never leaving a box', () => {
    expect(glyphText('\uFB01nd the \uFB02ow, e\uFB00ort')).toBe('find the flow, effort');
    expect(glyphText('\u0008')).toBe('');
    expect(glyphText('a\uFFFDb\uE001c\u0000')).toBe('abc');
    // A symbol font's bullet alone in its item.
    expect(glyphText('\uF0B7')).toBe('•');
  });

  it('keeps such glyphs out of the lines of a page', () => {
    const lines = itemsToLines(
      [item('Input \uFB01le form', 60, 700), item('\u0008', 60, 680), item('as follows.', 60, 660)],
      1,
    ).map((l) => l.text);
    expect(
      [...lines.join('')].filter((ch) => ch < ' ' || ch === '\uFFFD' || (ch >= '\uFB00' && ch <= '\uFB06')),
    ).toEqual([]);
    expect(lines).toContain('Input file form');
  });
});
