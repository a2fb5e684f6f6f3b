import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguages } from '../../common/text/languages';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { LibraryIndex, search } from './search';
import { addKeywordDoc } from './retrieve.test-support';

function library() {
  const index = new LibraryIndex();
  // "Linux" is the same word in every language: the keyword leg finds it everywhere.
  addKeywordDoc(index, 'english', [{ text: 'Linux runs on old computers too.' }]);
  addKeywordDoc(index, 'german', [{ text: 'Linux läuft auch auf alten Rechnern.' }], 'de');
  addKeywordDoc(index, 'french', [{ text: 'Linux tourne aussi sur de vieux ordinateurs.' }], 'fr');
  addKeywordDoc(index, 'both', [{ text: 'Linux ist frei.' }, { text: 'Linux est libre.', lang: 'fr' }], 'de');
  return index;
}

const opts = { ...DEFAULT_SEARCH_OPTIONS, strategy: 'bm25' as const, limit: 10 };
const found = (index: LibraryIndex, languages?: string[]) =>
  search(index, { text: 'linux', vector: null }, { ...opts, languages })
    .map((h) => `${h.docId}:${h.lang}`)
    .sort();

describe('search in one language', () => {
  beforeAll(() => loadLanguages(['de', 'fr']));

  it('says each result’s language: its section’s own, else its document’s, English when never told', () => {
    expect(found(library())).toEqual(['both:de', 'both:fr', 'english:en', 'french:fr', 'german:de']);
  });

  it('keeps to passages in the languages asked for, passage by passage in a two-language document', () => {
    const index = library();
    expect(found(index, ['fr'])).toEqual(['both:fr', 'french:fr']);
    expect(found(index, ['de'])).toEqual(['both:de', 'german:de']);
    expect(found(index, ['en'])).toEqual(['english:en']);
  });

  it('finds nothing rather than another language when the library has none in the one asked for', () => {
    expect(found(library(), ['it'])).toEqual([]);
  });
});
