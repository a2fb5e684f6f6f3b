import { describe, expect, it } from 'vitest';
import { readOutdated, readRecipe } from './read-recipe';

describe('readOutdated', () => {
  it('finds Markdown read as source slices (no recipe) outdated, and nothing read the current way', () => {
    expect(readOutdated({ kind: 'markdown' })).toBe(true);
    expect(readOutdated({ kind: 'markdown', readRecipe: readRecipe('markdown') })).toBe(false);
    expect(readOutdated({ kind: 'pdf' })).toBe(false);
    expect(readOutdated({ kind: 'html', readRecipe: 1 })).toBe(false);
  });
});
