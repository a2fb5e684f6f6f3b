import { describe, expect, it } from 'vitest';
import { loadLanguages } from '../../common/text/languages';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { questionLanguages, questionWords } from './query-languages';
import { LibraryIndex, search } from './search';
import { addKeywordDoc } from './retrieve.test-support';

const options = { ...DEFAULT_SEARCH_OPTIONS, strategy: 'bm25' as const, minRelevance: { dense: 0, coverage: 0 } };

async function find(index: LibraryIndex, question: string): Promise<string[]> {
  const words = await questionWords(question, index.languages());
  return search(index, { text: question, vector: null, words }, options).map((hit) => hit.headingPath.at(-1)!);
}

describe('the languages a question is read in', () => {
  it('an English-only library reads an English question as English, as before', async () => {
    expect(await questionWords('how do I change the printer', ['en'])).toBeUndefined();
    expect(await questionWords('Netzwerk konfigurieren', ['en'])).toBeUndefined();
  });

  it('an English-only library reads a question whose small words say another language in that language too', async () => {
    expect(await questionLanguages('wo werden die Sicherungen gespeichert', ['en'])).toEqual(['de', 'en']);
    const words = await questionWords('comment lire un fichier de données dans R', ['en']);
    const terms = new Set(words!.flatMap((w) => w.terms));
    // "comment" is the French question word, not the English noun; "un", "de", "dans" are small words.
    expect([...terms].some((t) => t.startsWith('comment'))).toBe(false);
    expect(terms.has('de')).toBe(false);
    expect(terms.has('fichi') || terms.has('fichier')).toBe(true);
  });

  it('a short question in each language the library holds; a long one in its own first', async () => {
    expect(await questionLanguages('Netzwerk konfigurieren', ['en', 'de', 'fr'])).toEqual(['en', 'de', 'fr']);
    expect(
      await questionLanguages('Wo werden die Sicherungen gespeichert und wie stelle ich sie wieder her', ['en', 'de']),
    ).toEqual(['de', 'en']);
    expect(await questionLanguages('Où sont stockées les sauvegardes de la nuit dernière', ['en', 'de'])).toEqual([
      'fr',
      'en',
      'de',
    ]);
  });
});

describe('keyword search in each language', () => {
  it('finds German and French passages by their stems, a German compound by its parts, and reads each passage in its own language', async () => {
    const index = new LibraryIndex();
    await loadLanguages(['de', 'fr']);
    addKeywordDoc(
      index,
      'werkstatt',
      [
        { heading: 'Platten', text: 'Eine neue Partition legen Sie auf der Festplatte an.' },
        { heading: 'Drucker', text: 'Die Drucker stehen im Flur.' },
        { heading: 'Écran', text: "Quand l'écran reste noir, le câble est débranché.", lang: 'fr' },
      ],
      'de',
    );
    addKeywordDoc(index, 'notes', [{ heading: 'Printers', text: 'The printers are in the hall.' }], 'en');
    expect(index.languages()).toEqual(new Set(['de', 'fr', 'en']));
    expect((await find(index, 'Festplattenpartition'))[0]).toBe('Platten');
    expect((await find(index, 'Druckers'))[0]).toBe('Drucker');
    expect((await find(index, 'ecran debranche'))[0]).toBe('Écran');
    expect((await find(index, 'printer'))[0]).toBe('Printers');
  });

  it('drops the stop words of the language a question is surely in from every reading of it', async () => {
    const index = new LibraryIndex();
    await loadLanguages(['fr']);
    // A French page whose section was read as English: its "de", "sur", "la" are index terms.
    addKeywordDoc(
      index,
      'faq',
      [
        {
          heading: 'Membres',
          text: 'Le développement de Debian est ouvert à tous, sur la liste de la communauté.',
          lang: 'en',
        },
        { heading: 'Version', text: 'Le fichier /etc/debian_version donne la version installée.' },
      ],
      'fr',
    );
    expect((await find(index, 'quelle version de Debian tourne sur ma machine'))[0]).toBe('Version');
  });
});
