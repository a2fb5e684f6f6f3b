import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguages } from '../../common/text/languages';
import { cognates } from './cognates';
import { crossLanguageRelated } from './cross-language';
import { LanguageTable } from '../embed/language-tables';

describe('cognates', () => {
  it('spells German -ieren verbs and k-words the English way', () => {
    expect(cognates('sortieren', 'de')).toContain('sort');
    expect(cognates('installiert', 'de')).toContain('install');
    expect(cognates('kommentiere', 'de')).toContain('comment');
    expect(cognates('definieren', 'de')).toContain('define');
    expect(cognates('numerisch', 'de')).toContain('numeric');
  });

  it('spells French -eur, -ique and -ité words the English way', () => {
    expect(cognates('vecteur', 'fr')).toContain('vector');
    expect(cognates('serveurs', 'fr')).toContain('server');
    expect(cognates('numerique', 'fr')).toContain('numeric');
    expect(cognates('securite', 'fr')).toContain('security');
  });

  it('writes once a last consonant German and French double, and reads German -ik, -ur, -enz and "kt"', () => {
    expect(cognates('histogramm', 'de')).toContain('histogram');
    expect(cognates('programmen', 'de')).toContain('program');
    expect(cognates('histogramme', 'fr')).toContain('histogram');
    expect(cognates('statistik', 'de')).toContain('statistics');
    expect(cognates('struktur', 'de')).toContain('structure');
    expect(cognates('objekt', 'de')).toContain('object');
    expect(cognates('referenz', 'de')).toContain('reference');
    expect(cognates('modelle', 'de')).toContain('model');
  });

  it('leaves short stems and languages without rules alone', () => {
    expect(cognates('vie', 'fr')).toEqual([]);
    expect(cognates('vector', 'nl')).toEqual([]);
  });

  describe('in a question', () => {
    // The question is read by its own language's analyser (its stop words stay home).
    beforeAll(() => loadLanguages(['fr']));

    it('stands in for a word the table lacks, never for one it has', () => {
      const french = new LanguageTable({ lang: 'fr', words: { trier: 'sort', vecteur: 'vector' } });
      const lacking = new LanguageTable({ lang: 'fr', words: { trier: 'sort' } });
      const words = (table: LanguageTable) =>
        crossLanguageRelated('trier un vecteur', table, [table], 0.3).map((r) => r.word);
      expect(words(french)).toEqual(['sort', 'vector']);
      expect(words(lacking)).toContain('vector');
      expect(words(lacking)).not.toContain('sortor');
    });
  });
});
