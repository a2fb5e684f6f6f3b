import { describe, expect, it } from 'vitest';
import { b64Number, entries, foldWord, translations } from './dictd.mjs';

describe('dictd reader', () => {
  it('reads dictd’s base64 numbers', () => {
    expect(b64Number('A')).toBe(0);
    expect(b64Number('b')).toBe(27);
    expect(b64Number('BA')).toBe(64);
  });

  it('cuts a dictionary into headwords and bodies by its index, skipping the database notes', () => {
    const dict = Buffer.from('00-database-info\nabout\nhaus /haus/ <n>\nhouse\nkatze\ncat\n');
    const index = ['00databaseinfo\tA\tW', 'haus\tX\tW', 'katze\tt\tK'].join('\n');
    expect([...entries(index, dict)]).toEqual([
      { headword: 'haus', body: 'house\n' },
      { headword: 'katze', body: 'cat\n' },
    ]);
  });

  it('keeps the translations of a FreeDict or Ding body, without grammar, labels or cross-references', () => {
    expect(translations('1. fare\n2. go, ride <v> [fig.]\n   Synonyms: {Einrichtung}\n see: {Häuser}')).toEqual([
      'fare',
      'go',
      'ride',
    ]);
    expect(translations(' {m} [cook.]\n   eel; eels (on a menu)')).toEqual(['eel', 'eels']);
    // The rest of Ding's headword line ("Ausschalten {n} von Zwischenakteuren") is German.
    expect(translations(' {n} von Zwischenakteuren\n   disintermediation')).toEqual(['disintermediation']);
  });

  it('folds words as the model’s tokenizer does', () => {
    expect(foldWord('Fahrräder')).toBe('fahrrader');
  });
});
