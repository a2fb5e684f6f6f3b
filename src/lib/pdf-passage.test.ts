import { describe, expect, it } from 'vitest';
import { findPassage } from './pdf-passage';

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
