import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../index/bm25';
import { Lexicon, relatedTerms, wordsFound } from './lexicon';
import { TranslationTable } from './translation';

// A hand-made slice in the shape scripts/build-translation.mjs writes (keys are index terms).
const table = new TranslationTable({
  words: { remov: 'delete 0.3 remove 0.2 files 0.05', quit: 'exit 0.4 quit 0.3', constructor: 'builder 0.1' },
});

describe('TranslationTable', () => {
  it('brings in the words a question word stands for, at probability × factor, never a word typed', () => {
    const related = table.related('how do I remove old files', 1);
    expect(related.map(({ word, share, standsFor }) => [word, share, standsFor])).toEqual([['delete', 0.3, 'remov']]);
    expect([...relatedTerms(table.related('remove it', 1), 0.3)]).toEqual([
      ['delet', { share: 0.3, standsFor: 'remov' }],
      ['file', { share: 0.05, standsFor: 'remov' }],
    ]);
  });

  it('caps a translation below a typed word, and brings nothing in at factor 0', () => {
    expect(table.related('quit', 4).map(({ share }) => share)).toEqual([0.5]);
    expect(table.related('quit', 0)).toEqual([]);
    expect(table.related('nothing known here', 1)).toEqual([]);
  });

  it('takes a typed "constructor" for a word, not for a property of every object', () => {
    expect(table.related('toString hasOwnProperty', 1)).toEqual([]);
    expect(table.related('a constructor', 1).map(({ word }) => word)).toEqual(['builder']);
  });

  it('joins the lexicon: a word both bring in counts once, at the larger share, and is named once', () => {
    const lexicon = new Lexicon({ words: { remov: 'delete erase' }, phrases: {} });
    const related = [...lexicon.related('remove a row'), ...table.related('remove a row', 0.5)];
    const terms = relatedTerms(related, 0.3);
    expect(terms.get('delet')).toEqual({ share: 0.3, standsFor: 'remov' });
    expect(terms.get('eras')).toEqual({ share: 0.3, standsFor: 'remov' });
    expect(terms.get('file')).toEqual({ share: 0.025, standsFor: 'remov' });
    expect(relatedTerms([...lexicon.related('remove'), ...table.related('remove', 2)], 0.3).get('delet')).toEqual({
      share: 0.5,
      standsFor: 'remov',
    });
    expect(wordsFound(related, ['Delete the row'])).toEqual(['delete']);
  });

  it('lets a passage that says what the question means outrank one that only repeats a side word', () => {
    const index = new Bm25Index();
    index.add('answer', 'To delete a file, run rm with its name.');
    index.add('other', 'File names are listed in the file table.');
    const query = 'remove a file';
    expect(index.search(query, 2)[0]!.id).toBe('other');
    expect(index.search(query, 2, undefined, relatedTerms(table.related(query, 1), 0.3))[0]!.id).toBe('answer');
  });
});
