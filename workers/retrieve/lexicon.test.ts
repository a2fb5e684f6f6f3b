import { describe, expect, it } from 'vitest';
import { loadLanguages } from '../../common/text/languages';
import { Bm25Index } from '../index/bm25';
import { Lexicon, relatedTerms, wordsFound } from './lexicon';

// A hand-made slice in the shape scripts/build-lexicon.mjs writes (keys are Porter stems).
const lexicon = new Lexicon({
  words: { long: 'length duration', repeat: 'duplicate repetition', row: 'line' },
  phrases: { 'for good': 'permanently' },
});

const expand = (query: string, weight: number) => relatedTerms(lexicon.related(query), weight);
const words = (query: string) => lexicon.related(query).map(({ word }) => word);

describe('Lexicon', () => {
  it('brings in related words as index terms, at the given weight, never a word already typed', () => {
    const related = expand('How long may a line be?', 0.3);
    expect([...related]).toEqual([
      ['length', { share: 0.3, standsFor: 'long' }],
      ['durat', { share: 0.3, standsFor: 'long' }],
    ]);
    expect(expand('drop repeated rows', 0.2).has('line')).toBe(true);
    expect(expand('drop repeated rows', 0.2).has('duplic')).toBe(true);
  });

  it('names the related words as written, for the user to see', () => {
    expect(words('How long may a line be?')).toEqual(['length', 'duration']);
    expect(words('moved for good')).toEqual(['permanently']);
    expect(words('nothing related here')).toEqual([]);
  });

  it('tells the user only the related words that occur in the results shown', () => {
    const related = lexicon.related('How long may a line be?');
    expect(wordsFound(related, ['Line length', 'A line may hold eighty characters.'])).toEqual(['length']);
    expect(wordsFound(related, ['The durations of each step'])).toEqual(['duration']);
    expect(wordsFound(related, ['nothing of the kind'])).toEqual([]);
  });

  it('finds a word of another language in the results by that language’s terms', async () => {
    await loadLanguages(['de']);
    const german = { word: 'installieren', terms: ['installi'], standsFor: 'install', foreign: true, lang: 'de' };
    expect(wordsFound([german], ['So installieren Sie Pakete'])).toEqual(['installieren']);
    expect(wordsFound([german], ['Pakete entfernen'])).toEqual([]);
  });

  it('does not name a common word brought in by a common word, which explains nothing', () => {
    const general = new Lexicon({
      words: { get: 'acquire become go let', quit: 'stop discontinue', long: 'length' },
      phrases: {},
    });
    const shown = (query: string, texts: string[]) => wordsFound(general.related(query), texts);
    expect(shown('how do I get out of R', ['Let us go on; it may become slow. Acquire a licence first.'])).toEqual([
      'acquire',
    ]);
    expect(shown('how do I quit R', ['To stop R, type q().'])).toEqual(['stop']);
    expect(shown('how long is a line', ['The line length is 80.'])).toEqual(['length']);
  });

  it('takes a typed word that names a property of every object ("constructor", "toString") for a word', () => {
    expect(words('call the constructor of the class')).toEqual([]);
    expect(words('toString valueOf __proto__ hasOwnProperty')).toEqual([]);
    expect(
      new Lexicon({ words: { constructor: 'builder' }, phrases: {} }).related('a constructor').map(({ word }) => word),
    ).toEqual(['builder']);
  });

  it('expands two- and three-word phrases as typed, stopwords included', () => {
    expect(expand('the resource moved for good', 0.3).get('perman')).toEqual({ share: 0.3, standsFor: 'for good' });
    expect(expand('good for you', 0.3).has('perman')).toBe(false);
  });
});

describe('Bm25Index with related words', () => {
  const index = new Bm25Index();
  index.add('typed', 'the maximum line length is eighty characters');
  index.add('related-only', 'a duplicate row is removed from the result');
  index.add('other', 'the weather was fine all week');

  it('finds a passage that has only a related word, below one with the typed word', () => {
    const related = new Map([['duplic', { share: 0.3, standsFor: 'repeat' }]]);
    const scores = index.scoreAll('repeated line', undefined, related);
    expect(scores.get('related-only')).toBeGreaterThan(0);
    expect(scores.get('typed')!).toBeGreaterThan(scores.get('related-only')!);
    expect(scores.has('other')).toBe(false);
    expect(index.scoreAll('repeated line').has('related-only')).toBe(false);
  });

  it('scores a related word at its share of a typed word', () => {
    const typed = index.scoreIds('duplicate', ['related-only']).get('related-only')!;
    const related = index
      .scoreIds('zzz', ['related-only'], new Map([['duplic', { share: 0.25, standsFor: 'zzz' }]]))
      .get('related-only')!;
    expect(related).toBeCloseTo(typed * 0.25, 10);
  });

  it('counts a typed word once, by the best of it and the words standing in for it', () => {
    const both = new Bm25Index();
    both.add('two-stand-ins', 'a duplicate line and a repetition of it');
    both.add('filler', 'nothing to see');
    const standIn = (terms: string[]) => new Map(terms.map((term) => [term, { share: 0.3, standsFor: 'repeat' }]));
    const score = (terms: string[]) =>
      both.scoreIds('repeated', ['two-stand-ins'], standIn(terms)).get('two-stand-ins')!;
    expect(score(['duplic', 'repetit'])).toBeCloseTo(Math.max(score(['duplic']), score(['repetit'])), 10);
    // Stand-ins for different typed words still add up.
    const apart = both
      .scoreIds(
        'repeated copy',
        ['two-stand-ins'],
        new Map([
          ['duplic', { share: 0.3, standsFor: 'repeat' }],
          ['repetit', { share: 0.3, standsFor: 'copi' }],
        ]),
      )
      .get('two-stand-ins')!;
    expect(apart).toBeCloseTo(score(['duplic']) + score(['repetit']), 10);
    // A restored index (which scores from the postings) gives the same numbers.
    const restored = Bm25Index.fromSnapshot(both.toSnapshot());
    expect(restored.scoreIds('repeated', ['two-stand-ins'], standIn(['duplic', 'repetit'])).get('two-stand-ins')).toBe(
      score(['duplic', 'repetit']),
    );
    expect(restored.scoreAll('repeated', undefined, standIn(['duplic', 'repetit'])).get('two-stand-ins')).toBe(
      score(['duplic', 'repetit']),
    );
  });
});
