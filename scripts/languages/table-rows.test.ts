import { describe, expect, it } from 'vitest';
import { englishWords, normalisePerWord, tableRows } from './table-rows.mjs';

/** "löschen" as Ding's twelve entries leave it: its everyday senses summed. */
const loschen = () =>
  new Map([
    [
      'loschen',
      new Map([
        ['extinguish', 2.4],
        ['extinction', 2],
        ['cancel', 2],
      ]),
    ],
  ]);

const vocab = new Set(['mesh', 'delete', 'extinguish', 'extinction', 'cancel', 'by', 'join', 'up']);

describe('language table rows', () => {
  it('drops filler before the vocabulary: a phrase whose verb the model lacks gives nothing, never "to"', () => {
    expect(englishWords('to indent', vocab)).toEqual([]);
    expect(englishWords('to mesh', vocab)).toEqual([{ word: 'mesh', share: 1 }]);
    expect(englishWords('to join up', vocab)).toEqual([
      { word: 'join', share: 1 / 2 },
      { word: 'up', share: 1 / 2 },
    ]);
    expect(englishWords('by', vocab)).toEqual([{ word: 'by', share: 1 }]);
  });

  it('keeps the best three within a third of the best', () => {
    const scores = loschen();
    scores.get('loschen')!.set('delete', 0.7);
    expect(tableRows(scores, 3)).toEqual(['loschen\textinguish extinction cancel']);
  });

  it('scales a word’s evidence to its best, so one more source can reorder a word a dictionary splits into many entries', () => {
    const scores = loschen();
    normalisePerWord(scores);
    expect(scores.get('loschen')!.get('extinguish')).toBe(1);
    // What the interface catalogues add (2 × t(delete | löschen), scripts/languages/catalogue-table.mjs) now counts.
    scores.get('loschen')!.set('delete', 2 * 0.5);
    expect(tableRows(scores, 3)).toEqual(['loschen\textinguish delete extinction']);
  });
});
