import { describe, expect, it } from 'vitest';
import type { PropositionMeta, SectionMeta } from './metadata-columns';
import { fromPropositionColumns, fromSectionColumns, toPropositionColumns, toSectionColumns } from './metadata-columns';

/** n propositions, 4 to a section and 40 to a document, with varied texts, pages and types. */
function propositions(n: number): PropositionMeta[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    docId: `d${Math.floor(i / 40)}`,
    sectionId: `s${Math.floor(i / 4)}`,
    order: i % 40,
    headingPath: i % 3 ? ['Intro', `Part ${Math.floor(i / 4)}`] : [],
    pages: i % 5 ? [i % 9, (i % 9) + 1] : [],
    start: i * 10,
    end: i * 10 + 9,
    type: i % 2 ? 'fact' : 'definition',
    ...(i % 11 ? { text: `proposition ${i} — ünïcode ${'x'.repeat(i % 7)}` } : {}),
  })) as PropositionMeta[];
}

describe('proposition columns', () => {
  it('give back the same metadata, across text blocks, with and without own texts', () => {
    const original = propositions(70_000);
    const restored = fromPropositionColumns(structuredClone(toPropositionColumns(original)));
    expect(JSON.stringify(restored)).toBe(JSON.stringify(original));
  });

  it('store each distinct heading path, document and section id once', () => {
    const columns = toPropositionColumns(propositions(400));
    expect(columns.docIds.table).toHaveLength(10);
    expect(columns.sectionIds.table).toHaveLength(100);
    const restored = fromPropositionColumns(columns);
    expect(restored[1]!.headingPath).toBe(restored[2]!.headingPath);
  });

  it('keep whole numbers in the narrowest array, and anything else as it is', () => {
    const columns = toPropositionColumns(propositions(400));
    expect(columns.order).toBeInstanceOf(Uint8Array);
    expect(columns.start).toBeInstanceOf(Uint16Array);
    const odd = propositions(3).map((p, i) => ({ ...p, start: i === 1 ? 0.5 : 2 ** 33 }));
    expect(fromPropositionColumns(toPropositionColumns(odd)).map((p) => p.start)).toEqual([2 ** 33, 0.5, 2 ** 33]);
  });

  it('give back sections, with and without page labels', () => {
    const sections: SectionMeta[] = Array.from({ length: 300 }, (_, i) => ({
      id: `s${i}`,
      docId: `d${i % 7}`,
      order: i,
      headingPath: i % 2 ? ['Intro'] : [],
      pages: i % 4 ? [i, i + 1] : [],
      ...(i % 3 ? {} : { pageLabels: [`p${i}`] }),
    }));
    const restored = fromSectionColumns(structuredClone(toSectionColumns(sections)));
    expect(JSON.stringify(restored)).toBe(JSON.stringify(sections));
  });
});
