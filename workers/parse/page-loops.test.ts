import { describe, expect, it } from 'vitest';
import { readPagesAtOnce } from './page-loops';

/** A reader whose pages finish only when the test says so, in any order it likes. */
function heldReader(name: string) {
  const held = new Map<number, () => void>();
  const asked: number[] = [];
  let onAsk: () => void = () => {};
  return {
    asked,
    read: (page: number) =>
      new Promise<string>((resolve) => {
        asked.push(page);
        held.set(page, () => resolve(`${name}:${page}`));
        onAsk();
      }),
    /** Resolves once the reader has been asked for `count` pages in all. */
    askedFor: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => asked.length >= count && resolve();
        onAsk = check;
        check();
      }),
    finish: (page: number) => held.get(page)!(),
  };
}

describe('readPagesAtOnce (pages read by two readers at once)', () => {
  it('gives every page once, in page order, though they finish out of order', async () => {
    const fast = heldReader('fast');
    const slow = heldReader('slow');
    const progress: [number, number][] = [];
    const done = readPagesAtOnce(5, [fast.read, slow.read], (count, page) => progress.push([count, page]));
    await Promise.all([fast.askedFor(1), slow.askedFor(1)]);
    expect([fast.asked, slow.asked]).toEqual([[1], [2]]);
    // The slow reader holds page 2 while the fast one reads 3, 4 and 5.
    fast.finish(1);
    await fast.askedFor(2);
    fast.finish(3);
    await fast.askedFor(3);
    fast.finish(4);
    await fast.askedFor(4);
    fast.finish(5);
    slow.finish(2);
    expect(await done).toEqual(['fast:1', 'slow:2', 'fast:3', 'fast:4', 'fast:5']);
    expect(fast.asked).toEqual([1, 3, 4, 5]);
    expect(slow.asked).toEqual([2]);
    expect(progress).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 2],
    ]);
  });

  it('reads a one-page document with one reader and leaves the other idle', async () => {
    const pages = await readPagesAtOnce(1, [async (p) => p * 10, async (p) => -p]);
    expect(pages).toEqual([10]);
  });

  it('stops both readers at the first failure and rejects with it', async () => {
    const asked: number[] = [];
    const failing = async (page: number) => {
      asked.push(page);
      if (page === 2) throw new Error('page 2 is damaged');
      return page;
    };
    await expect(readPagesAtOnce(50, [failing, failing])).rejects.toThrow('page 2 is damaged');
    expect(asked.length).toBeLessThan(5);
  });

  it('stops before the next page once the signal aborts', async () => {
    const controller = new AbortController();
    const asked: number[] = [];
    const reader = async (page: number) => {
      asked.push(page);
      if (page === 3) controller.abort(new DOMException('paused', 'AbortError'));
      return page;
    };
    await expect(readPagesAtOnce(10, [reader], undefined, controller.signal)).rejects.toThrow('paused');
    expect(asked).toEqual([1, 2, 3]);
  });
});
