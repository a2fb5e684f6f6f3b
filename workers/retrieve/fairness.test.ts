import { describe, expect, it } from 'vitest';
import type { ResultHit } from '../../common/types';
import { capPerDocument } from './fairness';

/** A result of `docId` at `score` (only what the cap reads). */
const hit = (docId: string, score: number) => ({ docId, score, sectionId: `${docId}-${score}` }) as ResultHit;
const order = (hits: ResultHit[]) => hits.map((h) => `${h.docId} ${h.score}`);
const anyAnswer = () => true;
const noneNamed = () => false;
/** Sections per document: a manual, a guide a fiftieth of its size, a chapter half its size. */
const SECTIONS: Record<string, number> = { manual: 2_000, guide: 40, chapter: 1_000 };
const sizeOf = (docId: string) => SECTIONS[docId] ?? 0;

describe('capPerDocument', () => {
  const manual = [hit('manual', 0.9), hit('manual', 0.85), hit('manual', 0.8)];

  it('gives the third place to another document’s answer', () => {
    const hits = [...manual, hit('guide', 0.5)];
    expect(order(capPerDocument(hits, { window: 3, perDocument: 2 }, anyAnswer, noneNamed))).toEqual([
      'manual 0.9',
      'manual 0.85',
      'guide 0.5',
      'manual 0.8',
    ]);
  });

  it('with a size ratio, only to a document that many times smaller', () => {
    const cap = { window: 3, perDocument: 2, sizeRatio: 10 };
    const small = capPerDocument([...manual, hit('guide', 0.5)], cap, anyAnswer, noneNamed, sizeOf);
    expect(order(small).slice(0, 3)).toEqual(['manual 0.9', 'manual 0.85', 'guide 0.5']);
    // A document of like size does not take the place: the scores' order stands.
    const alike = capPerDocument([...manual, hit('chapter', 0.5)], cap, anyAnswer, noneNamed, sizeOf);
    expect(order(alike).slice(0, 3)).toEqual(['manual 0.9', 'manual 0.85', 'manual 0.8']);
    // Among several, the best answer of a small enough document is the one moved up.
    const both = capPerDocument([...manual, hit('chapter', 0.6), hit('guide', 0.4)], cap, anyAnswer, noneNamed, sizeOf);
    expect(order(both).slice(0, 3)).toEqual(['manual 0.9', 'manual 0.85', 'guide 0.4']);
  });

  it('never for a document the question names, nor for a result that is no answer', () => {
    const hits = [...manual, hit('guide', 0.79)];
    const cap = { window: 3, perDocument: 2, sizeRatio: 10 };
    expect(order(capPerDocument(hits, cap, anyAnswer, (d) => d === 'manual', sizeOf))[2]).toBe('manual 0.8');
    expect(order(capPerDocument(hits, cap, (h) => h.docId !== 'guide', noneNamed, sizeOf))[2]).toBe('manual 0.8');
  });
});
