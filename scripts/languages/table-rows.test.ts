import { describe, expect, it } from 'vitest';
import { englishWords, formRows, normalisePerWord, reverseRows, tableRows } from './table-rows.mjs';

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

  it('reads the evidence backwards: each English word’s foreign words by their evidence for it, not by their own rows', () => {
    const scores = new Map([
      // A carpenter's word whose only senses are "soldier" and "beam": first in its own row.
      [
        'brustholz',
        new Map([
          ['soldier', 0.5],
          ['beam', 0.5],
        ]),
      ],
      // The dictionary gives "Soldat" first for "soldier", and it has other senses.
      [
        'soldat',
        new Map([
          ['private', 2.2],
          ['soldier', 2],
        ]),
      ],
      ['soldaten', new Map([['soldiers', 1]])],
      [
        'krieger',
        new Map([
          ['warrior', 1],
          ['soldier', 0.5],
        ]),
      ],
    ]);
    expect(reverseRows(scores, 4)).toEqual([
      'beam\tbrustholz',
      'private\tsoldat',
      'soldier\tsoldat',
      'soldiers\tsoldaten',
      'warrior\tkrieger',
    ]);
    // Within a third of the best, ties to the shorter word.
    scores.get('soldat')!.set('soldier', 1);
    expect(reverseRows(scores, 4)).toContain('soldier\tsoldat krieger brustholz');
  });

  it('gives an inflected form its lemma’s row when its lemmas agree, never over a word’s own row', () => {
    const rows = ['naviguer\tnavigate', 'suivre\tfollow', 'etre\tbe', 'porte\tdoor'];
    const forms = new Map([
      ['navigueront', new Set(['naviguer'])],
      ['suis', new Set(['suivre', 'etre'])],
      ['porte', new Set(['porter'])],
      ['inconnu', new Set(['inconnaitre'])],
    ]);
    expect(formRows(rows, forms)).toEqual(['navigueront\tnavigate']);
  });
});
