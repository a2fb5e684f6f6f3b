import { describe, expect, it } from 'vitest';
import { myThes, openThesaurus, singleWord, thesaurusRows } from './build-thesaurus.mjs';

describe('the thesaurus build', () => {
  it('keeps single words, their labels taken off, and leaves phrases and abbreviations out', () => {
    expect(singleWord('abdüsen (ugs.)')).toBe('abdüsen');
    expect(singleWord('Kernspaltung')).toBe('kernspaltung');
    expect(singleWord('(von etwas) fortfahren')).toBe('fortfahren');
    expect(singleWord('Verbotenes tun')).toBeNull();
    expect(singleWord('Deputat...')).toBeNull();
    expect(singleWord('porte-monnaie')).toBe('porte-monnaie');
  });

  it("reads OpenThesaurus's sets and MyThes' senses", () => {
    const german =
      '# comment\nFission;Atomspaltung;Kernspaltung\nabfliegen;abreisen (ugs.);(von etwas) fortfahren;Verbotenes tun\nAllein\n';
    expect(openThesaurus(german)).toEqual([
      ['fission', 'atomspaltung', 'kernspaltung'],
      ['abfliegen', 'abreisen', 'fortfahren'],
    ]);
    // "à": one letter is no word to look for.
    const french =
      'UTF-8\nabaissé|2\n(Adjectif)|avili|rabaissé\n(Adjectif)|diminué\nà|1\n(Preposition)|chez|dans\nabri|1\n(Nom)|refuge\n';
    expect(myThes(french)).toEqual([
      ['abaissé', 'avili', 'rabaissé'],
      ['abaissé', 'diminué'],
      ['abri', 'refuge'],
    ]);
  });

  it("keeps a word's likeliest synonyms, and with `mutual` only those that list it back", () => {
    const sets = [
      ['sitzbank', 'parkbank', 'gartenbank'],
      ['bank', 'sitzbank', 'geldinstitut'],
      ['bank', 'geldinstitut', 'kreditinstitut'],
    ];
    const rows = (perWord: number, mutual: boolean) =>
      Object.fromEntries(
        thesaurusRows(sets, perWord, mutual)
          .split('\n')
          .map((line: string) => line.split('\t')),
      );
    // "geldinstitut" shares two of "bank"'s sets: it comes first.
    expect(rows(2, false).bank).toBe('geldinstitut sitzbank');
    // "sitzbank"'s own two are bench words, not "bank": a bench is no synonym of a bank, both ways.
    expect(rows(2, true).bank).toBe('geldinstitut');
    expect(rows(2, true).sitzbank).toBe('parkbank gartenbank');
    expect(rows(2, true).geldinstitut).toBe('bank');
  });
});
