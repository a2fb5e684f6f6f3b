import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnapshotTimer } from './snapshot-timer';

describe('SnapshotTimer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('saves once the library has been quiet, and says so', () => {
    const saves: boolean[] = [];
    const timer = new SnapshotTimer({ quietMs: 1000, maxWaitMs: 10_000 }, (quiet) => saves.push(quiet));
    timer.schedule();
    vi.advanceTimersByTime(900);
    timer.schedule();
    vi.advanceTimersByTime(900);
    expect(saves).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(saves).toEqual([true]);
  });

  it('saves during a long run of changes when the longest wait runs out, not quiet then', () => {
    const saves: boolean[] = [];
    const timer = new SnapshotTimer({ quietMs: 1000, maxWaitMs: 3000 }, (quiet) => saves.push(quiet));
    for (let ms = 0; ms < 3500; ms += 500) {
      timer.schedule();
      vi.advanceTimersByTime(500);
    }
    expect(saves).toEqual([false]);
    vi.advanceTimersByTime(1000);
    expect(saves).toEqual([false, true]);
  });
});
