import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../common/text/analyzer';
import { loadLanguages } from '../../common/text/languages';
import { relatedTerms } from './lexicon';
import { LibraryIndex, search } from './search';
import { addKeywordDoc, opts } from './retrieve.test-support';
import { Thesauri, Thesaurus, type ThesaurusData } from './thesaurus';

/** The thesaurus the app ships (scripts/languages/build-thesaurus.mjs). */
const shipped = (lang: string): ThesaurusData =>
  JSON.parse(gunzipSync(readFileSync(`public/languages/thesaurus-${lang}.json.gz`)).toString('utf8'));

describe('Thesaurus', () => {
  beforeAll(() => loadLanguages(['de', 'fr']));

  const small = () =>
    new Thesaurus({
      lang: 'de',
      words: ['verschwunden\tunauffindbar vermisst weg', 'kaputt\tdefekt', 'defekt\tkaputt schadhaft'].join('\n'),
    });

  it("gives a question's words' synonyms as the language's terms, each standing for the word's term", () => {
    const related = small().related('Mein Laptop ist kaputt und die Maus verschwunden');
    // "weg" is a German stop word: it would find every passage.
    expect(related.map((r) => r.word)).toEqual(['defekt', 'unauffindbar', 'vermisst']);
    expect(related.find((r) => r.word === 'unauffindbar')).toMatchObject({
      terms: ['unauffindbar'],
      standsFor: 'verschwund',
      lang: 'de',
    });
  });

  it('finds a row by the word as the text has it inflected, and leaves out words the question has', () => {
    // "Defekte" stems as "defekt" does; "kaputt" is typed, so not brought in again.
    expect(
      small()
        .related('defekte Platte')
        .map((r) => r.word),
    ).toEqual(['kaputt', 'schadhaft']);
    expect(
      small()
        .related('kaputt, ganz kaputt, defekt')
        .map((r) => r.word),
    ).toEqual(['schadhaft']);
    expect(
      small()
        .related('verschwunden', 2)
        .map((r) => r.word),
    ).toEqual(['unauffindbar', 'vermisst']);
  });

  it('ships German and French thesauri with everyday synonyms', () => {
    const german = new Thesaurus(shipped('de')).related('Pakete hochladen').map((r) => r.word);
    expect(german).toContain('uploaden');
    const french = new Thesaurus(shipped('fr')).related('supprimer').map((r) => r.word);
    expect(french).toContain('effacer');
  });

  it('lets a German question find a passage in other words than its own', () => {
    const index = new LibraryIndex();
    addKeywordDoc(index, 'other', [{ text: 'Das Paket wird gebaut.' }], 'de');
    addKeywordDoc(index, 'lost', [{ text: 'Vor dem Hochladen prüfen Sie das Paket noch einmal.' }], 'de');
    const question = 'Paket uploaden';
    const words = analyzeQuery(question, ['de'], 'de');
    const ask = (related?: ReturnType<typeof relatedTerms>) =>
      search(
        index,
        { text: question, vector: null, words, ...(related ? { related } : {}) },
        opts({ strategy: 'bm25' }),
      ).map((hit) => hit.docId);
    expect(ask()[0]).not.toBe('lost');
    const thesaurus = new Thesaurus(shipped('de'));
    expect(ask(relatedTerms(thesaurus.related(question), 0.15))[0]).toBe('lost');
  });
});

describe('Thesauri', () => {
  it('fetches each language once, and has none for a language without one', async () => {
    const asked: string[] = [];
    const thesauri = new Thesauri(async (lang) => {
      asked.push(lang);
      return lang === 'de' ? { lang, words: 'kaputt\tdefekt' } : null;
    });
    expect(await thesauri.get('de')).toBeInstanceOf(Thesaurus);
    expect(await thesauri.get('de')).toBe(await thesauri.get('de'));
    expect(await thesauri.get('fr')).toBeNull();
    // No thesaurus is built for Dutch: nothing is fetched.
    expect(await thesauri.get('nl')).toBeNull();
    expect(asked).toEqual(['de', 'fr']);
  });

  it('a thesaurus that fails to come is none, and the next question asks for it again', async () => {
    let online = false;
    const thesauri = new Thesauri(async (lang) => {
      if (!online) throw new Error('offline');
      return { lang, words: 'supprimer\teffacer' };
    });
    expect(await thesauri.get('fr')).toBeNull();
    online = true;
    expect(await thesauri.get('fr')).toBeInstanceOf(Thesaurus);
  });
});
