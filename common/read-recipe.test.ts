import { describe, expect, it } from 'vitest';
import { readOutdated, readRecipe } from './read-recipe';

describe('readOutdated', () => {
  it('finds Markdown read as source slices (no recipe) outdated, and nothing read the current way', () => {
    expect(readOutdated({ kind: 'markdown' })).toBe(true);
    expect(readOutdated({ kind: 'markdown', readRecipe: readRecipe('markdown') })).toBe(false);
    expect(readOutdated({ kind: 'html' })).toBe(false);
    expect(readOutdated({ kind: 'html', readRecipe: 1 })).toBe(false);
  });

  it('finds plain text read before manual pages were titled by their NAME line outdated', () => {
    expect(readOutdated({ kind: 'text' })).toBe(true);
    expect(readOutdated({ kind: 'text', readRecipe: readRecipe('text') })).toBe(false);
    expect(readOutdated({ kind: 'text', readRecipe: 2 })).toBe(true);
  });

  it('finds PDF, Word and OpenDocument files read before contents pages were left out outdated', () => {
    for (const kind of ['pdf', 'docx', 'odt'] as const) {
      expect(readOutdated({ kind })).toBe(true);
      expect(readOutdated({ kind, readRecipe: readRecipe(kind) })).toBe(false);
    }
  });
});
