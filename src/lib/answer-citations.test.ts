import { describe, expect, it } from 'vitest';
import { citedSources, parseCitations } from './answer-citations';

const show = (text: string, count = 3, final = true) => {
  const parsed = parseCitations(text, count, final);
  return {
    shown: parsed.segments.map((s) => (s.kind === 'text' ? s.text : `<${s.source}>`)).join(''),
    held: parsed.held,
  };
};

describe('parseCitations', () => {
  it('reads single, listed and adjacent markers', () => {
    expect(show('Antibiotics [1]. Ten days [1, 3]. Sun [2][3].').shown).toBe(
      'Antibiotics <1>. Ten days <1><3>. Sun <2><3>.',
    );
  });

  it('drops markers naming no source, and keeps brackets that are not markers', () => {
    expect(show('A claim [4]. Another [0][2]. See [note] and [1,9].').shown).toBe(
      'A claim . Another <2>. See [note] and <1>.',
    );
  });

  it('leaves brackets inside code as text', () => {
    expect(show('Use `a[1]` here [1].').shown).toBe('Use `a[1]` here <1>.');
    expect(show('```\nx = y[2]\n```\nDone [2].').shown).toBe('```\nx = y[2]\n```\nDone <2>.');
  });

  it('holds back an unfinished marker or code span while streaming, and shows it once decided', () => {
    expect(show('Antibiotics [', 3, false)).toEqual({ shown: 'Antibiotics ', held: '[' });
    expect(show('Antibiotics [1, ', 3, false)).toEqual({ shown: 'Antibiotics ', held: '[1, ' });
    expect(show('Antibiotics [1, 2]', 3, false)).toEqual({ shown: 'Antibiotics <1><2>', held: '' });
    expect(show('Use `a[1', 3, false)).toEqual({ shown: 'Use ', held: '`a[1' });
    // A bracket that cannot become a marker is shown at once.
    expect(show('See [no', 3, false)).toEqual({ shown: 'See [no', held: '' });
    // At the end of the stream nothing is held.
    expect(show('Antibiotics [1', 3, true)).toEqual({ shown: 'Antibiotics [1', held: '' });
  });

  it('lists cited sources once, in order of first mention', () => {
    expect(citedSources(parseCitations('x [3] y [1][3] z [2, 1]', 3).segments)).toEqual([3, 1, 2]);
  });
});
