// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchLanguageTable,
  foldWord,
  guessLanguage,
  LanguageTable,
  LanguageTables,
  type LanguageTableData,
} from './language-tables';

const GERMAN: LanguageTableData = {
  lang: 'de',
  words: { haus: 'house home', katze: 'cat', festplatte: 'disk drive', paket: 'package', installieren: 'install' },
};
const FRENCH: LanguageTableData = { lang: 'fr', words: { fichier: 'file', paquet: 'package', installer: 'install' } };

afterEach(() => vi.unstubAllGlobals());

describe('LanguageTable', () => {
  const table = new LanguageTable(GERMAN);

  it('gives the English words of a folded word, likeliest first', () => {
    expect(table.english('haus')).toEqual(['house', 'home']);
    expect(table.english('auto')).toBeUndefined();
  });

  it('finds a word the table lists in another form by its ending', () => {
    expect(table.english('pakete')).toEqual(['package']);
    expect(table.english('katzen')).toEqual(['cat']);
    expect(new LanguageTable(FRENCH).english('fichiers')).toEqual(['file']);
    // Too short a stem is not a form of anything.
    expect(table.english('en')).toBeUndefined();
  });

  it('knows its function words', () => {
    expect(table.isFunctionWord('und')).toBe(true);
    expect(table.isFunctionWord('haus')).toBe(false);
  });

  it('reads backwards: English word → the foreign words that translate to it', () => {
    expect(table.foreign('house')).toEqual(['haus']);
    expect(table.foreign('package')).toEqual(['paket']);
    expect(table.foreign('zebra')).toEqual([]);
  });

  it('reads backwards the words an English word comes first for, shorter ones first, at most four', () => {
    const steps = new LanguageTable({
      lang: 'de',
      words: [
        'abbauschritt\tstep',
        'ablaufschritt\tstep',
        'abspannstufe\tstep',
        'fortschritt\tprogress step',
        'schritt\tstep',
        'stufe\tlevel step',
        'treppe\tstairs steps step',
        'tritt\tstep kick',
      ].join('\n'),
    });
    expect(steps.foreign('step')).toEqual(['tritt', 'schritt', 'abbauschritt', 'abspannstufe']);
  });

  it('reads backwards by the build’s own reverse rows when the table has them', () => {
    const soldiers = new LanguageTable({
      lang: 'de',
      words: 'brustholz\tsoldier beam\nsoldat\tprivate soldier\n',
      english: 'beam\tbrustholz\nsoldier\tsoldat brustholz\n',
    });
    expect(soldiers.foreign('soldier')).toEqual(['soldat', 'brustholz']);
    // Without them, the rows read backwards put the word that gives "soldier" first before.
    expect(
      new LanguageTable({ lang: 'de', words: 'brustholz\tsoldier beam\nsoldat\tprivate soldier\n' }).foreign('soldier'),
    ).toEqual(['brustholz', 'soldat']);
  });

  it('reads the lines the build writes as it reads an object', () => {
    const lines = new LanguageTable({ lang: 'de', words: 'haus\thouse home\nkatze\tcat\n' });
    expect(lines.english('haus')).toEqual(['house', 'home']);
    expect(lines.english('katzen')).toEqual(['cat']);
    expect(lines.foreign('cat')).toEqual(['katze']);
  });

  it('splits a German compound it lacks into parts it knows, each in any form, fewest parts first', () => {
    const parts = new LanguageTable({
      lang: 'de',
      words: 'mail\tmail\npasswort\tpassword\ntermin\tappointment date\nliste\tlist\nmailpass\tpass\nwort\tword\n',
    });
    expect(parts.compound('mailpasswort')).toEqual(['mail', 'password']);
    expect(parts.compound('terminlisten')).toEqual(['appointment', 'list']);
    expect(parts.compound('terminlistenmail')).toEqual(['appointment', 'list', 'mail']);
    // No split into known parts of four letters or more; a word too short to be two.
    expect(parts.compound('mailzettel')).toBeUndefined();
    expect(parts.compound('wortmai')).toBeUndefined();
    // French does not join its words so.
    expect(new LanguageTable({ lang: 'fr', words: 'mot\tword\npasse\tpass\n' }).compound('motpasse')).toBeUndefined();
  });

  it('has no row for Object’s own names', () => {
    expect(table.english('constructor')).toBeUndefined();
  });

  it('refuses a language it has no endings for', () => {
    expect(() => new LanguageTable({ lang: 'xx', words: {} })).toThrow(/no table/);
  });
});

describe('foldWord', () => {
  it('folds as the model’s tokenizer does: lower case, accents off', () => {
    expect(foldWord('Häuser')).toBe('hauser');
    expect(foldWord('Élève')).toBe('eleve');
  });
});

describe('guessLanguage', () => {
  it('tells languages apart by their function words', () => {
    expect(guessLanguage('Wie kann ich ein Paket auf der Festplatte installieren?')).toBe('de');
    expect(guessLanguage('Comment est-ce que je peux installer un paquet avec apt ?')).toBe('fr');
    expect(guessLanguage('¿Cómo puedo instalar un paquete con apt?')).toBe('es');
    expect(guessLanguage('Come posso installare il pacchetto con apt?')).toBe('it');
    expect(guessLanguage('Hoe kan ik een pakket installeren met apt?')).toBe('nl');
    expect(guessLanguage('How can I install a package with apt?')).toBe('en');
  });

  it('keeps the fallback when the words do not tell', () => {
    expect(guessLanguage('Festplatte', 'de')).toBe('de');
    expect(guessLanguage('apt-get', 'en')).toBe('en');
  });

  it('lets a loaded table recognise a few keywords, unless English knows more of them', () => {
    const tables = [new LanguageTable(GERMAN), new LanguageTable(FRENCH)];
    const english = new Set(['install', 'package', 'apt']);
    const isEnglish = (word: string) => english.has(word);
    expect(guessLanguage('Paket installieren', 'en', tables, isEnglish)).toBe('de');
    expect(guessLanguage('fichier paquet', 'en', tables, isEnglish)).toBe('fr');
    expect(guessLanguage('install package apt', 'en', tables, isEnglish)).toBe('en');
    expect(guessLanguage('Paket installieren', 'en', [], isEnglish)).toBe('en');
  });
});

describe('LanguageTables', () => {
  it('fetches a table once, when first asked for, and only for languages that have one', async () => {
    const fetchTable = vi.fn(async () => GERMAN);
    const tables = new LanguageTables(fetchTable);
    expect(tables.loaded()).toEqual([]);
    const [a, b] = await Promise.all([tables.get('de'), tables.get('de')]);
    expect(a).toBe(b);
    expect(a?.english('katze')).toEqual(['cat']);
    expect(await tables.get('en')).toBeNull();
    expect(await tables.get('xx')).toBeNull();
    expect(fetchTable).toHaveBeenCalledTimes(1);
    expect(tables.loaded().map((t) => t.lang)).toEqual(['de']);
  });

  it('gives null for a table it cannot have, and tries again on the next ask', async () => {
    const fetchTable = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(FRENCH);
    const tables = new LanguageTables(fetchTable);
    expect(await tables.get('fr')).toBeNull();
    expect((await tables.get('fr'))?.english('paquet')).toEqual(['package']);
    expect(fetchTable).toHaveBeenCalledTimes(2);
  });
});

describe('fetchLanguageTable', () => {
  it('reads a gzipped table, and one the server already gunzipped', async () => {
    const json = JSON.stringify(GERMAN);
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(gzipSync(json)))
      .mockResolvedValueOnce(new Response(json))
      .mockResolvedValueOnce(new Response('missing', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    const read = fetchLanguageTable('/languages/');
    expect(await read('de')).toEqual(GERMAN);
    expect(await read('de')).toEqual(GERMAN);
    expect(await read('fr')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/languages/de.json.gz',
      '/languages/de.json.gz',
      '/languages/fr.json.gz',
    ]);
  });
});
