import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, analyzeQuery, compoundParts, compoundsHolding, words } from './analyzer';
import { ANALYSED, fold, languageData, loadLanguages } from './languages';

describe('language data', () => {
  it('loads nothing until a language is asked for, and analysing an unloaded language fails loudly', async () => {
    expect(ANALYSED.map((lang) => languageData(lang))).toEqual(ANALYSED.map(() => undefined));
    analyze('An English-only library reads everything as English', 'en');
    expect(languageData('de')).toBeUndefined();
    expect(() => analyze('Die Festplatte', 'de')).toThrow(/not loaded/);
    await loadLanguages(['de']);
    expect(languageData('de')).toBeDefined();
    expect(languageData('fr')).toBeUndefined();
  });
});

describe('analysers', () => {
  beforeAll(() => loadLanguages(ANALYSED));

  const same = (lang: string, a: string, b: string) => expect(analyze(a, lang)).toEqual(analyze(b, lang));

  it('English is read as before, and so is a language with no analyser of its own', () => {
    const text = 'The Trains were running to the Stations';
    expect(analyze(text, 'en')).toEqual(['train', 'run', 'station']);
    expect(analyze(text, 'sv')).toEqual(analyze(text));
  });

  it('German: Snowball stems, German stop words, umlauts and ß folded', () => {
    expect(analyze('Die Festplatten und der Drucker', 'de')).toEqual(['festplatt', 'druck']);
    same('de', 'Festplatten', 'Festplatte');
    same('de', 'Einstellungen', 'Einstellung');
    same('de', 'Straße', 'Strasse');
    same('de', 'Übersicht', 'Ubersicht');
  });

  it('French: stems, stop words, elided articles, accents folded', () => {
    expect(analyze("Les imprimantes de l'école", 'fr')).toEqual(['imprim', 'ecol']);
    same('fr', 'sécurité', 'securite');
    same('fr', "l'imprimante", 'imprimantes');
    same('fr', 'Sécurité', 'securite');
    same('fr', 'écrans', 'écran');
  });

  it('Spanish, Italian, Portuguese and Dutch: stems and stop words of each', () => {
    same('es', 'las particiones', 'partición');
    expect(analyze('de la', 'es')).toEqual([]);
    same('it', 'le stampanti', 'stampante');
    same('it', "dell'utente", 'utenti');
    same('pt', 'as impressoras', 'impressora');
    expect(analyze('não', 'pt')).toEqual([]);
    same('nl', 'de bestanden', 'bestand');
    expect(analyze('het en van', 'nl')).toEqual([]);
  });

  it('folds accents for matching only', () => {
    expect(fold('crème brûlée, ærø, œuvre, straße')).toBe('creme brulee, aero, oeuvre, strasse');
    expect(fold('plain ascii')).toBe('plain ascii');
    // The text shown is untouched: analysis returns terms, words() the words as written.
    expect(words('Schlüssel für Geräte')).toEqual(['Schlüssel', 'für', 'Geräte']);
  });

  it('cuts Chinese, Japanese and Thai into words with Intl.Segmenter', () => {
    expect(analyze('照片保存在哪里', 'zh')).toContain('照片');
    expect(analyze('写真はどこに保存されますか', 'ja')).toContain('写真');
    expect(words('บันทึกภาพถ่ายไว้ที่ไหน').length).toBeGreaterThan(2);
  });
});

describe('questions and compounds', () => {
  beforeAll(() => loadLanguages(['de', 'fr']));

  it('reads a word in each language once; a stop word in some language is optional, in every one left out', () => {
    const read = analyzeQuery('die Partitionen und in erstellen', ['en', 'de']);
    expect(read).toEqual([
      { terms: ['die'], optional: true },
      { terms: ['partitionen', 'partition'], compound: 'partitionen', german: 'partitionen' },
      { terms: ['und'], optional: true },
      { terms: ['erstellen', 'erstell'], compound: 'erstellen', german: 'erstellen' },
    ]);
  });

  it('splits a German compound into parts the vocabulary knows', () => {
    const known = new Set(['festplatt', 'partition', 'arbeit', 'speich']);
    expect(compoundParts('festplattenpartition', (t) => known.has(t))).toEqual(['festplatt', 'partition']);
    expect(compoundParts('arbeitsspeicher', (t) => known.has(t))).toEqual(['arbeit', 'speich']);
    expect(compoundParts('partitionstabelle', (t) => known.has(t))).toBeNull();
  });

  it("finds the library's compounds that hold a word as a part, only where every part is a word of the library", () => {
    const terms = ['fehl', 'bericht', 'fehlerbericht', 'fehlerhaft', 'fehlend', 'meld', 'fehlermeld', 'berichtsheft'];
    const affixes = {
      withPrefix: (prefix: string) => terms.filter((t) => t.startsWith(prefix) && t !== prefix),
      withSuffix: (suffix: string) => terms.filter((t) => t.endsWith(suffix) && t !== suffix),
    };
    const known = (t: string) => terms.includes(t);
    // "fehlerhaft": no "haft" in the library; "fehlend": not two parts; "berichtsheft": no "heft".
    expect(compoundsHolding('fehler', affixes, known).sort()).toEqual(['fehlerbericht', 'fehlermeld']);
    expect(compoundsHolding('bericht', affixes, known)).toEqual(['fehlerbericht']);
    expect(compoundsHolding('haft', affixes, known)).toEqual([]);
  });
});
