import { describe, expect, it } from 'vitest';
import { sameRow, stageOf } from './doc-rows';

describe('doc rows', () => {
  it('says which scanned page OCR is reading, and counts reading as most of a scanned file', () => {
    const row = stageOf({ stage: 'parsing', done: 1, total: 3, ocr: true }, true);
    expect(row.stageLabel).toBe('Reading scanned page 2 of 3 (OCR)');
    expect(row.fraction).toBeGreaterThan(stageOf({ stage: 'parsing', done: 1, total: 3 }, false).fraction!);
    expect(stageOf({ stage: 'embedding', done: 5, total: 10 }, false)).toMatchObject({ status: 'embedding', stageLabel: 'Embedding 5 of 10' });
  });

  it('compares rows field by field', () => {
    const row = { key: 'a', name: 'a.pdf', status: 'ready' as const, progress: 1, stageLabel: '' };
    expect(sameRow(row, { ...row })).toBe(true);
    expect(sameRow(row, { ...row, progress: 0.5 })).toBe(false);
    expect(sameRow(row, { ...row, notice: 'x' })).toBe(false);
  });
});
