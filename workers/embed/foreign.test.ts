// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Embedder } from './embedder';
import { builtinEmbedder } from './builtin.test-support';
import { placeWords } from './foreign';
import { LanguageTable, LanguageTables, type LanguageTableData } from './language-tables';

// A tiny table made here: what matters is the plumbing, not the dictionary.
const GERMAN: LanguageTableData = {
  lang: 'de',
  words: { katze: 'cat kitten', schlaft: 'sleeps', teppich: 'carpet rug', borse: 'stock exchange', fiel: 'fell' },
};
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

let plain: Embedder;
let withTables: Embedder;
const fetchTable = vi.fn(async (lang: string) => (lang === 'de' ? GERMAN : null));

beforeAll(async () => {
  plain = await builtinEmbedder();
  withTables = await builtinEmbedder({ languages: new LanguageTables(fetchTable) });
});
afterAll(async () => {
  await plain?.dispose();
  await withTables?.dispose();
});

describe('placeWords', () => {
  it('puts each word’s translations in its place, sharing one weight; drops function words; keeps known words', () => {
    const vocab = new Map([
      ['cat', 10],
      ['kitten', 11],
      ['apt', 12],
      ['die', 13],
    ]);
    const placed = placeWords('Die Katze und apt qwzx', new LanguageTable(GERMAN), vocab);
    expect(placed).toEqual({ ids: [10, 11, 12], weights: [0.5, 0.5, 1] });
  });

  it('places a compound the table lacks by its parts’ words, after the model’s own word', () => {
    const vocab = new Map([
      ['cat', 10],
      ['carpet', 14],
      ['katzenteppich', 15],
    ]);
    const table = new LanguageTable(GERMAN);
    expect(placeWords('Teppichkatzen', table, vocab)).toEqual({ ids: [14, 10], weights: [0.5, 0.5] });
    // A word the model knows keeps its own row, however it splits.
    expect(placeWords('Katzenteppich', table, vocab)).toEqual({ ids: [15], weights: [1] });
  });
});

describe('an embedder with language tables', () => {
  it('reads English as before and loads no table for it', async () => {
    const texts = ['The cat sleeps on the rug', 'How do I reset my password?', 'Steps to recover an account'];
    const [a, b] = await Promise.all([plain.embed(texts), withTables.embed(texts, { as: 'query' })]);
    const [c] = await Promise.all([withTables.embed(texts)]);
    expect(fetchTable).not.toHaveBeenCalled();
    for (let i = 0; i < texts.length; i++) {
      expect(dot(a[i]!, b[i]!)).toBeCloseTo(1, 5);
      expect(dot(a[i]!, c[i]!)).toBeCloseTo(1, 5);
    }
  });

  it('places a German sentence beside its English meaning, which the plain model misses', async () => {
    const [english, unrelated] = await plain.embed(['The cat sleeps on the rug', 'The stock market fell sharply']);
    const [german] = await withTables.embed(['Die Katze schläft auf dem Teppich']);
    const [germanPlain] = await plain.embed(['Die Katze schläft auf dem Teppich']);
    expect(fetchTable).toHaveBeenCalledWith('de');
    expect(dot(german!, english!)).toBeGreaterThan(0.7);
    expect(dot(german!, english!)).toBeGreaterThan(dot(german!, unrelated!) + 0.4);
    expect(dot(germanPlain!, english!)).toBeLessThan(0.5);
  });

  it('reads a passage by its document’s language when its own words do not tell, in a mixed batch', async () => {
    const [byDocument, english] = await withTables.embed(['Katze Teppich', 'The cat sleeps on the rug'], {
      lang: 'de',
    });
    const [reference] = await plain.embed(['cat kitten carpet rug']);
    const [englishAlone] = await plain.embed(['The cat sleeps on the rug']);
    expect(dot(byDocument!, reference!)).toBeCloseTo(1, 3);
    expect(dot(english!, englishAlone!)).toBeCloseTo(1, 5);
  });

  it('reads each text in the language it is given, whatever its own words say', async () => {
    fetchTable.mockClear();
    // "die" and "der" would make the first German by its words; the document says it is English.
    const texts = ['die der Katze Teppich', 'Katze Teppich'];
    const [english, german] = await withTables.embed(texts, { langs: ['en', 'de'] });
    const [plainFirst] = await plain.embed([texts[0]!]);
    const [reference] = await plain.embed(['cat kitten carpet rug']);
    expect(dot(english!, plainFirst!)).toBeCloseTo(1, 5);
    expect(dot(german!, reference!)).toBeCloseTo(1, 3);
    await expect(withTables.embed(texts, { langs: ['en'] })).rejects.toThrow('1 languages for 2 texts');
  });

  it('gives null for a foreign text without a word it can place', async () => {
    expect(await withTables.embed(['Die und der'], { lang: 'de' })).toEqual([null]);
  });
});
