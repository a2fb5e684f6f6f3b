import type { Block } from 'tesseract.js';
import { isLanguageData } from '../../common/ocr-languages';
import { describe, expect, it } from 'vitest';
import { pageFromBlocks, pageItems, type OcrLine } from './ocr';

const bbox = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
const word = (text: string, confidence: number, x: number, y = 100) => ({
  text,
  confidence,
  bbox: bbox(x, y - 30, x + text.length * 15, y + 8),
});
const line = (words: ReturnType<typeof word>[], y = 100) => ({
  words,
  text: words.map((w) => w.text).join(' '),
  confidence: 0,
  baseline: { x0: 0, y0: y, x1: 900, y1: y + 1 },
  rowAttributes: { ascenders: 8, descenders: 8, rowHeight: 40 },
  bbox: bbox(0, y - 30, 900, y + 8),
});
const blocks = (...paragraphs: ReturnType<typeof line>[][]) =>
  [{ paragraphs: paragraphs.map((lines) => ({ lines })) }] as unknown as Block[];

describe('pageFromBlocks (what OCR read on a page)', () => {
  it('keeps sure words on their baselines, with paragraph starts and the mean confidence', () => {
    const page = pageFromBlocks(
      blocks(
        [
          line([word('Bicycles', 96, 10), word('are', 94, 200), word('parked', 92, 300)], 100),
          line([word('in', 90, 10), word('the', 88, 60), word('yard.', 90, 120)], 150),
        ],
        [line([word('Lock', 95, 10), word('it.', 91, 100)], 250)],
      ),
    );
    expect(page.lines.map((l) => l.text)).toEqual(['Bicycles are parked', 'in the yard.', 'Lock it.']);
    expect(page.paragraphStarts).toEqual([0, 2]);
    expect(page.lines[1]!.baseline).toBe(151);
    // Its median word's height (38), under tesseract's row height (40).
    expect(page.lines[0]!.height).toBe(38);
    expect(page.confidence).toBeCloseTo((96 + 94 + 92 + 90 + 88 + 90 + 95 + 91) / 8, 5);
  });

  it('drops unsure words, and lines read off a picture (unsure, more symbols than letters)', () => {
    const page = pageFromBlocks(
      blocks(
        [line([word('7ZZ', 20, 10), word('We', 93, 100), word('scrouched', 90, 160)])],
        [line([word('/7i', 58, 10), word('|=<', 57, 80), word('~~', 60, 160)])],
        [line([word('ha', 40, 10), word('te', 45, 60)])],
      ),
    );
    expect(page.lines.map((l) => l.text)).toEqual(['We scrouched']);
    expect(page.paragraphStarts).toEqual([0]);
  });

  it('reads an empty page as no lines and no confidence', () => {
    expect(pageFromBlocks([])).toEqual({ lines: [], paragraphStarts: [], confidence: 0 });
  });
});

describe('pageItems (OCR words as a text layer)', () => {
  const ocrLine = (text: string, height: number, baseline: number): OcrLine => ({
    text,
    box: [0, baseline - height, 500, baseline],
    baseline,
    height,
    words: [{ text, box: [100, baseline - height, 400, baseline], confidence: 90 }],
  });

  it('places words on their baselines in page units, body lines at one size and only clearly larger type apart', () => {
    const read = {
      lines: [
        ocrLine('A Title', 90, 100),
        ocrLine('body one', 40, 200),
        ocrLine('body two', 44, 260),
        ocrLine('body three', 44, 320),
        ocrLine('body four', 52, 380),
      ],
      paragraphStarts: [0, 1],
      confidence: 90,
    };
    // 2 image pixels per page unit, y flipped on a 1000-pixel-high image.
    const items = pageItems(read, (x, y) => [x / 2, (1000 - y) / 2], 2);
    expect(items.map((i) => i.transform[3])).toEqual([45, 22, 22, 22, 22]);
    expect(items[1]).toMatchObject({ str: 'body one', width: 150, transform: [22, 0, 0, 22, 50, 400] });
  });
});

describe('isLanguageData', () => {
  it('takes a gzip stream or an unpacked traineddata file, not the HTML page a missing file may come back as', () => {
    expect(isLanguageData(new Uint8Array([0x1f, 0x8b, 8, 8]))).toBe(true);
    expect(isLanguageData(new Uint8Array([24, 0, 0, 0, 0xff, 0xff]))).toBe(true);
    expect(isLanguageData(new TextEncoder().encode('<!doctype html><html>'))).toBe(false);
    expect(isLanguageData(new Uint8Array([]))).toBe(false);
  });
});
