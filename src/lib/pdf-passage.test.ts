import { describe, expect, it } from 'vitest';
import { findPassage, spanTexts, type PageItem } from './pdf-passage';

const items = (...strs: string[]) => strs.map((str) => ({ str }));

describe('findPassage', () => {
  it('finds a passage across items, line breaks and hyphenation', () => {
    const page = items(
      'Rail journeys',
      '',
      'Before that, tea. The train arri-',
      'ves at the station',
      ' ',
      'at noon. After that, lunch.',
    );
    const spans = findPassage(page, 'The train arrives at the station at noon.');
    expect(spans).toEqual([
      { item: 2, from: 18, to: 33 },
      { item: 3, from: 0, to: 18 },
      { item: 5, from: 0, to: 8 },
    ]);
    expect(page[2]!.str.slice(18, 33)).toBe('The train arri-');
  });

  it('anchors a passage that runs onto the next page on its beginning', () => {
    const page = items('Intro text.', 'Pay in cash at small markets because');
    const spans = findPassage(page, 'Pay in cash at small markets because card readers are rare in the villages.');
    expect(spans).toEqual([{ item: 1, from: 0, to: 36 }]);
  });

  it('matches ligatures and case the parser normalised', () => {
    const spans = findPassage(items('The ﬁrst FLIGHT leaves early.'), 'the first flight leaves early');
    expect(spans).toEqual([{ item: 0, from: 0, to: 29 }]);
  });

  it('returns nothing when the passage is not on the page', () => {
    expect(findPassage(items('Something else entirely.'), 'The museum displays ancient paintings.')).toEqual([]);
  });
});

/** A pdf.js text item at (x, y) in a 10-unit font, 5 units per character. */
const at = (str: string, x: number, y: number, hasEOL = false): PageItem => ({
  str,
  transform: [10, 0, 0, 10, x, y],
  width: str.length * 5,
  hasEOL,
});

describe('spanTexts', () => {
  const read = (page: PageItem[], passage: string) => spanTexts(page, findPassage(page, passage)).join('');

  it('keeps the space where a line ends between two words, and none after a line-end hyphen', () => {
    const page = [
      at('Here are pointers to some of', 0, 700, true),
      at('the more commonly used ones. The train arri-', 0, 688, true),
      at('ves at noon.', 0, 676),
    ];
    expect(read(page, 'pointers to some of the more commonly used ones.')).toBe(
      'pointers to some of the more commonly used ones.',
    );
    expect(read(page, 'The train arrives at noon.')).toBe('The train arri-ves at noon.');
  });

  it('keeps the space of a space item or a visible gap, and joins items that abut', () => {
    const page = [at('If some of the arguments to', 0, 700), at(' ', 135, 700), at('cbind()', 140, 700)];
    expect(read(page, 'If some of the arguments to cbind()')).toBe('If some of the arguments to cbind()');
    // "some" ends at x 20; "of" starts 3 units (0.3 font sizes) later: a space the PDF did not encode.
    expect(read([at('some', 0, 700), at('of', 23, 700)], 'some of')).toBe('some of');
    // A kerned word drawn as two items, 0.5 units apart: one word.
    expect(read([at('Re', 0, 700), at('dundancy', 10.5, 700)], 'redundancy')).toBe('Redundancy');
  });

  it('separates OCR words, which carry no spaces or line ends, however close they are set', () => {
    const word = (str: string, x: number, y: number) => ({
      str,
      transform: [10, 0, 0, 10, x, y],
      width: str.length * 5,
    });
    const words = [word('The', 0, 700), word('train', 15.5, 700), word('arri-', 0, 688), word('ves', 0, 676)];
    expect(read(words, 'The train arrives')).toBe('The train arri-ves');
  });

  it('separates the lines of items that carry no line end', () => {
    expect(read([at('some of', 0, 700), at('the notes', 0, 688)], 'some of the notes')).toBe('some of the notes');
  });
});
