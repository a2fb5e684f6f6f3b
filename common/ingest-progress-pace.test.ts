import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IngestProgress } from './ingest';
import { pacedProgress } from './ingest-progress-pace';

const at = (stage: IngestProgress['stage'], done = 0, total = 1, ocr?: boolean): IngestProgress => ({
  stage,
  done,
  total,
  ...(ocr ? { ocr } : {}),
});

describe('a file’s progress events, paced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first event at once and holds the next ones of the gap, sending only the last when it ends', () => {
    const sent: IngestProgress[] = [];
    const paced = pacedProgress(
      (event) => sent.push(event),
      100,
      () => Date.now(),
    );
    paced.progress(at('parsing'));
    expect(sent).toEqual([at('parsing')]);
    vi.advanceTimersByTime(10);
    paced.progress(at('chunking'));
    paced.progress(at('embedding', 0, 4));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(90);
    expect(sent).toEqual([at('parsing'), at('embedding', 0, 4)]);
    // A gap has passed since the last one: the next goes at once.
    vi.advanceTimersByTime(100);
    paced.progress(at('saving'));
    expect(sent.at(-1)).toEqual(at('saving'));
  });

  it('drops a held event once the call has answered', () => {
    const sent: IngestProgress[] = [];
    const paced = pacedProgress(
      (event) => sent.push(event),
      100,
      () => Date.now(),
    );
    paced.progress(at('embedding', 0, 1));
    paced.progress(at('embedding', 1, 1));
    paced.progress(at('saving'));
    paced.end();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([at('embedding', 0, 1)]);
  });

  it('keeps the mark of a scanned page through an event that replaces it', () => {
    const sent: IngestProgress[] = [];
    const paced = pacedProgress(
      (event) => sent.push(event),
      100,
      () => Date.now(),
    );
    paced.progress(at('parsing', 0, 3));
    paced.progress(at('parsing', 1, 3, true));
    paced.progress(at('chunking'));
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([at('parsing', 0, 3), at('chunking', 0, 1, true)]);
  });
});
