import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, analyzeQuery } from '../../common/text/analyzer';
import { loadLanguages } from '../../common/text/languages';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { relatedTerms, type RelatedWord } from './lexicon';
import { LibraryIndex, search } from './search';
import { addKeywordDoc } from './retrieve.test-support';

describe('a question word the library holds in none of its languages', () => {
  beforeAll(() => loadLanguages(['de']));

  it('is searched for by its translations as it would be itself', () => {
    const index = new LibraryIndex();
    addKeywordDoc(index, 'calendar.md', [{ text: 'Sunday is the first day of the week.' }]);
    addKeywordDoc(index, 'game.md', [{ text: 'Die Runde soll am Morgen beginnen.' }], 'de');
    const text = 'Wie lasse ich die Woche am Sonntag beginnen?';
    // As cross-language.ts brings them in, at the share a translation has (0.3).
    const translated: RelatedWord[] = [
      ['week', 'woche'],
      ['sunday', 'sonntag'],
      ['begin', 'beginnen'],
    ].map(([word, standsFor]) => ({
      word: word!,
      terms: analyze(word!),
      standsFor: standsFor!,
      share: 0.3,
      foreign: true,
    }));
    const related = relatedTerms(translated, 0.3);
    const query = { text, vector: null, words: analyzeQuery(text, ['de', 'en'], 'de'), related, translations: related };
    const hits = search(index, query, { ...DEFAULT_SEARCH_OPTIONS, strategy: 'bm25', limit: 10 });
    // "beginnen" is in the German text, "Woche" and "Sonntag" in none: their translations decide.
    expect(hits.map((hit) => hit.docId)).toEqual(['calendar.md', 'game.md']);
  });
});
