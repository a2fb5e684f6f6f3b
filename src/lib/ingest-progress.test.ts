import { describe, expect, it } from 'vitest';
import { fileFraction, formatTimeLeft, queueFraction, queueSummary, timeLeftMs } from './ingest-progress';

describe('ingest progress', () => {
  it('maps each stage onto one rising scale for the file', () => {
    const steps = [
      fileFraction('parsing', 0),
      fileFraction('parsing', 1),
      fileFraction('chunking', 0.5),
      fileFraction('embedding', 0.5),
      fileFraction('saving', 1),
    ];
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps[0]).toBe(0);
    expect(steps.at(-1)).toBe(1);
  });

  it('counts reading as most of a scanned file, so the time left while OCR runs is not five times too long', () => {
    // Halfway through OCR, with the rest taking little: about as long again is left.
    const halfway = fileFraction('parsing', 0.5, true);
    expect(timeLeftMs(60_000, halfway)! / 60_000).toBeGreaterThan(0.9);
    expect(timeLeftMs(60_000, halfway)! / 60_000).toBeLessThan(1.5);
    const steps = [
      fileFraction('parsing', 1, true),
      fileFraction('chunking', 1, true),
      fileFraction('embedding', 1, true),
      fileFraction('saving', 1, true),
    ];
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(fileFraction('parsing', 0.5, true)).toBeGreaterThan(fileFraction('parsing', 0.5));
  });

  it('extrapolates the time left from the pace so far, and says nothing too early', () => {
    expect(timeLeftMs(10_000, 0.25)).toBeCloseTo(30_000);
    expect(timeLeftMs(100, 0.5)).toBeNull();
    expect(timeLeftMs(5_000, 0.01)).toBeNull();
    expect(timeLeftMs(5_000, 1)).toBe(0);
  });

  it('reads time left as a person would say it', () => {
    expect(formatTimeLeft(4_200)).toBe('about 4 s left');
    expect(formatTimeLeft(185_000)).toBe('about 3 min left');
    expect(formatTimeLeft(70 * 60_000)).toBe('about 1 h 10 min left');
  });

  it('weighs the queue by bytes', () => {
    expect(queueFraction(0, [])).toBe(0);
    expect(
      queueFraction(100, [
        { size: 100, fraction: 0.5 },
        { size: 200, fraction: 0 },
      ]),
    ).toBeCloseTo(150 / 400);
  });

  it('sums up the queue: nothing when it is empty, files done of all in the batch, progress by bytes', () => {
    expect(
      queueSummary({ files: 0, bytes: 0, paused: true }, { finished: 3, finishedBytes: 300, activeMs: 9_000 }, null),
    ).toBeNull();
    // One 100-byte file done, a 100-byte file half read, a 200-byte file waiting: 150 of 400 bytes.
    const summary = queueSummary(
      { files: 2, bytes: 300, paused: false },
      { finished: 1, finishedBytes: 100, activeMs: 15_000 },
      { size: 100, fraction: 0.5 },
    );
    expect(summary).toMatchObject({ files: 3, finished: 1, paused: false, timeLeft: 'about 25 s left' });
    expect(summary!.fraction).toBeCloseTo(150 / 400);
  });

  it('counts a queue with no file being read as not started, and gives no time left while it is paused', () => {
    const paused = queueSummary(
      { files: 2, bytes: 300, paused: true },
      { finished: 1, finishedBytes: 100, activeMs: 15_000 },
      null,
    );
    expect(paused).toMatchObject({ files: 3, paused: true, timeLeft: null });
    expect(paused!.fraction).toBeCloseTo(100 / 400);
  });
});
