import { describe, expect, it } from 'vitest';
import { queryOptions, relevanceFloor } from './search';
import { BUILTIN_MODEL } from '../../common/models';

describe("a query's options", () => {
  const floor = BUILTIN_MODEL.minRelevance;
  const weight = (asked: string | undefined, library: string[], options = {}) =>
    queryOptions(BUILTIN_MODEL, floor, asked, new Set(library), options).denseWeight;
  const tables = { tablesDenseWeight: 0.5 };

  it("keeps the model's dense weight, whatever the question's language, unless asked otherwise", () => {
    expect(weight('en', ['en'])).toBe(BUILTIN_MODEL.denseWeight);
    expect(weight('de', ['de'])).toBe(BUILTIN_MODEL.denseWeight);
    expect(weight('en', ['de', 'fr'])).toBe(BUILTIN_MODEL.denseWeight);
  });

  it('with a weight for questions read in another language than English, gives it where their keywords are', () => {
    // Asked in German or French of a library holding that language.
    expect(weight('de', ['de'], tables)).toBe(0.5);
    expect(weight('fr', ['en', 'fr'], tables)).toBe(0.5);
    // Asked in English of a library with nothing in English: every keyword match is a translation.
    expect(weight('en', ['de', 'fr'], tables)).toBe(0.5);
    // Asked in English of a library holding English, or in German of English documents alone (the
    // English analyser reads its words, translated), or in a language not guessed: the model's.
    expect(weight('en', ['en', 'de'], tables)).toBe(BUILTIN_MODEL.denseWeight);
    expect(weight('de', ['en'], tables)).toBe(BUILTIN_MODEL.denseWeight);
    expect(weight(undefined, ['de'], tables)).toBe(BUILTIN_MODEL.denseWeight);
    // A dense weight named by the caller wins.
    expect(weight('de', ['de'], { ...tables, denseWeight: 0.1 })).toBe(0.1);
  });

  it('keeps the floor it is given and the defaults the caller did not change', () => {
    const options = queryOptions(BUILTIN_MODEL, floor, 'de', new Set(['de']), { limit: 7 });
    expect(options).toMatchObject({ minRelevance: floor, limit: 7, strategy: 'three-stage' });
  });
});

describe('the relevance floor', () => {
  it("is the built-in model's own for a question asked in English or in no language told, and lower outside English", () => {
    const english = BUILTIN_MODEL.minRelevance;
    const outside = BUILTIN_MODEL.minRelevanceOutsideEnglish!;
    expect(outside.coverage).toBeLessThan(english.coverage);
    expect(relevanceFloor(BUILTIN_MODEL, 'en')).toBe(english);
    expect(relevanceFloor(BUILTIN_MODEL, undefined)).toBe(english);
    expect(relevanceFloor(BUILTIN_MODEL, 'de')).toBe(outside);
    expect(relevanceFloor(BUILTIN_MODEL, 'fr')).toBe(outside);
  });

  it("is a model's one floor when it has none outside English", () => {
    const model = { ...BUILTIN_MODEL, minRelevanceOutsideEnglish: undefined };
    expect(relevanceFloor(model, 'de')).toBe(model.minRelevance);
  });
});
