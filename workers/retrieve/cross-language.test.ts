import { beforeAll, describe, expect, it, vi } from 'vitest';
import { analyze } from '../../common/text/analyzer';
import { loadLanguages } from '../../common/text/languages';
import { LanguageTable, LanguageTables } from '../embed/language-tables';
import { askedLanguage, crossLanguageRelated, queryTables } from './cross-language';

const german = new LanguageTable({
  lang: 'de',
  words: { festplatte: 'disk drive', partition: 'partition', loschen: 'delete erase', wie: 'how' },
});
const french = new LanguageTable({ lang: 'fr', words: { disque: 'disk', supprimer: 'delete remove' } });
const words = (related: { word: string }[]) => related.map((r) => r.word).sort();

describe('crossLanguageRelated', () => {
  beforeAll(() => loadLanguages(['de', 'fr']));

  it('brings a German question’s words into English, at the share given', () => {
    const related = crossLanguageRelated('Wie lösche ich die Festplatte?', german, [german], 0.3);
    expect(words(related)).toEqual(['delete', 'disk', 'drive', 'erase']);
    expect(related.every((r) => r.share === 0.3)).toBe(true);
    expect(related.find((r) => r.word === 'disk')?.standsFor).toBe('festplatte');
  });

  it('brings an English question’s words into each language the library holds, not its function words', () => {
    const related = crossLanguageRelated('How do I delete a disk?', null, [german, french], 0.3);
    expect(words(related)).toEqual(['disque', 'festplatte', 'loschen', 'supprimer']);
  });

  it("looks for no word in another language that the question's own analyser drops as a stop word", () => {
    // "alles" and "before" are stop words of the German and English analysers, not function words
    // of the tables: translated, they brought in "tout" and "avant", which every French text has.
    const de = new LanguageTable({ lang: 'de', words: { alles: 'all', fertig: 'done finished' } });
    const fr = new LanguageTable({ lang: 'fr', words: { tout: 'all', avant: 'before', fini: 'finished done' } });
    expect(words(crossLanguageRelated('ist alles fertig', de, [de, fr], 0.3))).toEqual(['done', 'finished']);
    expect(words(crossLanguageRelated('finished before all', null, [fr], 0.3))).toEqual(['fini']);
  });

  it('takes a question asked in a language the library holds into English, not through English into a third', () => {
    // The French words of a German question came by two dictionary hops, where the person asked in German.
    expect(words(crossLanguageRelated('Festplatte löschen', german, [german, french], 0.3))).toEqual([
      'delete',
      'disk',
      'drive',
      'erase',
    ]);
    expect(words(crossLanguageRelated('delete the disk', null, [german, french], 0.3))).toEqual(
      expect.arrayContaining(['disque', 'supprimer']),
    );
    // A library with nothing in German: through English is the only way to the French passage.
    expect(words(crossLanguageRelated('Festplatte löschen', german, [french], 0.3))).toEqual(
      expect.arrayContaining(['disque', 'supprimer']),
    );
  });

  it('brings a question’s other words of its own language through English and back, as related words of that language', () => {
    const table = new LanguageTable({
      lang: 'de',
      words: {
        zusammenkleben: 'glue join',
        kleben: 'glue stick',
        leimen: 'glue',
        verbinden: 'join connect',
        bild: 'picture',
      },
    });
    const question = 'Wie kann ich zwei Bilder zusammenkleben?';
    const own = crossLanguageRelated(question, table, [table], 0.3, 0.2).filter((r) => !r.foreign);
    expect(words(own)).toEqual(['kleben', 'leimen', 'verbinden']);
    expect(own.every((r) => r.lang === 'de' && r.share === 0.2 && r.standsFor === 'zusammenkleben')).toBe(true);
    expect(own.find((r) => r.word === 'kleben')?.terms).toEqual(analyze('kleben', 'de'));
    // Off by default, and only for a library that holds the question's language.
    expect(crossLanguageRelated(question, table, [table], 0.3).filter((r) => !r.foreign)).toEqual([]);
    expect(crossLanguageRelated(question, table, [french], 0.3, 0.2).filter((r) => !r.foreign)).toEqual([]);
  });

  it('gives each brought-in word the terms its own language’s passages are indexed with', () => {
    const tables = [
      new LanguageTable({ lang: 'de', words: { installieren: 'install' } }),
      new LanguageTable({ lang: 'fr', words: { réseau: 'network', sécurité: 'security' } }),
    ];
    const related = crossLanguageRelated('install the network security', null, tables, 0.3);
    const termsOf = (word: string) => related.find((r) => r.word === word)?.terms;
    // As a German passage and a French one index them (English would keep "installieren", "réseau").
    expect(termsOf('installieren')).toEqual(analyze('installieren', 'de'));
    expect(termsOf('installieren')).toEqual(['installi']);
    expect(termsOf('réseau')).toEqual(['reseau']);
    expect(termsOf('sécurité')).toEqual(analyze('Sécurité', 'fr'));
    expect(related.find((r) => r.word === 'réseau')?.lang).toBe('fr');
  });

  it('adds nothing at share 0, and nothing for an English question in an English library', () => {
    expect(crossLanguageRelated('Festplatte löschen', german, [german], 0)).toEqual([]);
    expect(crossLanguageRelated('How do I delete a disk?', null, [], 0.3)).toEqual([]);
  });
});

describe('askedLanguage', () => {
  const tableData: Record<string, Record<string, string>> = {
    fr: { savoir: 'know', chemin: 'path', absolu: 'absolute', si: 'so', un: 'one', est: 'east' },
    it: { si: 'yes', un: 'one' },
  };
  const fetchTable = () => vi.fn(async (lang: string) => (tableData[lang] ? { lang, words: tableData[lang] } : null));

  it('takes an English question as English, and a German one by its function words, fetching nothing', async () => {
    const fetch = fetchTable();
    expect(await askedLanguage(new LanguageTables(fetch), 'How do I delete a disk?')).toBe('en');
    expect(await askedLanguage(new LanguageTables(fetch), 'Wie lösche ich die Festplatte?')).toBe('de');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells French from Italian by their tables when the function words are shared by both', async () => {
    const fetch = fetchTable();
    expect(await askedLanguage(new LanguageTables(fetch), 'savoir si un chemin est absolu')).toBe('fr');
    expect(fetch).toHaveBeenCalledWith('fr');
    expect(fetch).toHaveBeenCalledWith('it');
  });

  it('asks every table about a question of keywords the model does not know as English words', async () => {
    const fetch = fetchTable();
    const english = new Set(['python', 'json', 'path']);
    const isEnglish = (word: string) => english.has(word);
    expect(await askedLanguage(new LanguageTables(fetch), 'chemin absolu', isEnglish)).toBe('fr');
    expect(fetch).toHaveBeenCalledTimes(6);
    const again = fetchTable();
    expect(await askedLanguage(new LanguageTables(again), 'python json', isEnglish)).toBe('en');
    expect(await askedLanguage(new LanguageTables(again), 'chemin absolu')).toBe('en');
    expect(again).not.toHaveBeenCalled();
  });

  it('counts no letter alone for or against English: it fetches no table for such a question', async () => {
    const fetch = fetchTable();
    // The built-in model knows no one-letter word, nor every English word ("histogram").
    const isEnglish = (word: string) => word === 'plot';
    expect(await askedLanguage(new LanguageTables(fetch), 'plot a histogram', isEnglish)).toBe('en');
    expect(fetch).not.toHaveBeenCalled();
    expect(await askedLanguage(new LanguageTables(fetch), 'chemin a absolu', isEnglish)).toBe('fr');
  });

  it('keeps a question with English function words English', async () => {
    const fetch = fetchTable();
    expect(await askedLanguage(new LanguageTables(fetch), 'is un chemin the path')).toBe('en');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('queryTables', () => {
  it('fetches no table for an English question in an English library', async () => {
    const fetchTable = vi.fn(async () => null);
    expect(await queryTables(new LanguageTables(fetchTable), 'How do I delete a disk?', 0.3, 'en', ['en'])).toEqual([]);
    expect(fetchTable).not.toHaveBeenCalled();
  });

  it('fetches the table of a question in another language', async () => {
    const fetchTable = vi.fn(async () => ({ lang: 'de', words: { festplatte: 'disk' } }));
    const related = await queryTables(new LanguageTables(fetchTable), 'Wie lösche ich die Festplatte?', 0.3, 'de', [
      'en',
    ]);
    expect(fetchTable).toHaveBeenCalledWith('de');
    expect(words(related)).toEqual(['disk']);
  });

  it("looks for an English question's words in the languages the library holds, fetching their tables", async () => {
    const fetchTable = vi.fn(async (lang: string) => ({ lang, words: { festplatte: 'disk' } }));
    const related = await queryTables(new LanguageTables(fetchTable), 'How do I delete a disk?', 0.3, 'en', [
      'en',
      'de',
    ]);
    expect(fetchTable).toHaveBeenCalledWith('de');
    expect(words(related)).toEqual(['festplatte']);
  });

  it('ignores a table loaded for something else when the library does not hold its language', async () => {
    const tables = new LanguageTables(async (lang) => ({ lang, words: { festplatte: 'disk' } }));
    await tables.get('de');
    expect(await queryTables(tables, 'How do I delete a disk?', 0.3, 'en', ['en'])).toEqual([]);
  });
});
