import { describe, expect, it } from 'vitest';
import { labelsWithin, mergePaged, pageReference, viewerPageReference } from './page-reference';

describe('pageReference', () => {
  it('names pages as the document prints them, the physical page where it prints none', () => {
    expect(pageReference({ pages: [9], pageLabels: ['3'] })).toBe('p. 3');
    expect(pageReference({ pages: [9, 10], pageLabels: ['3', '4'] })).toBe('pp. 3–4');
    expect(pageReference({ pages: [2], pageLabels: ['ii'] })).toBe('p. ii');
    expect(pageReference({ pages: [4, 5] })).toBe('pp. 4–5');
    expect(pageReference({ pages: [] })).toBe('');
  });

  it('shows the physical page in the viewer only as a second figure, where it differs', () => {
    expect(viewerPageReference(9, '3', 113)).toBe('p. 3 · page 9 of 113 in the file');
    expect(viewerPageReference(9, '9', 113)).toBe('p. 9');
    expect(viewerPageReference(9, undefined)).toBe('p. 9');
  });

  it('finds a passage’s labels in its section’s, and keeps labels with their pages when merging', () => {
    expect(labelsWithin([10], { pages: [9, 10], pageLabels: ['3', '4'] })).toEqual(['4']);
    expect(labelsWithin([10], { pages: [9, 10] })).toBeUndefined();
    expect(mergePaged({ pages: [10], pageLabels: ['4'] }, { pages: [9], pageLabels: ['3'] })).toEqual({
      pages: [9, 10],
      pageLabels: ['3', '4'],
    });
    expect(mergePaged({ pages: [1] }, { pages: [2] })).toEqual({ pages: [1, 2] });
  });
});
