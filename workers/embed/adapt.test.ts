import { describe, expect, it } from 'vitest';
import { adaptTable, matchedFloor, minePairs, recallAt1, seededRandom, type TokenPair } from './adapt';

const DIMS = 8;
const WORDS = 120;
const SPECIALS = 5;

/** A random table whose first rows are zero (the special tokens), as the built-in model's. */
function table(): Float32Array {
  const random = seededRandom(7);
  const rows = new Float32Array(WORDS * DIMS);
  for (let i = SPECIALS * DIMS; i < rows.length; i++) rows[i] = random() * 2 - 1;
  return rows;
}

/**
 * Pairs whose heading words and section words are disjoint, so that only training can tie them:
 * topic t asks with two of the words 5+5t … 9+5t and is answered with three of 60+5t … 64+5t (and a
 * special token). Held-back pairs share their topic's words with training pairs.
 */
function pairs(): TokenPair[] {
  const random = seededRandom(3);
  const pick = (from: number, n: number) => Array.from({ length: n }, () => from + Math.floor(random() * 5));
  return Array.from({ length: 40 }, (_, k) => ({
    query: pick(SPECIALS + 5 * (k % 10), 2),
    passage: [...pick(60 + 5 * (k % 10), 3), 1],
  }));
}

const fakeClock = () => {
  let ms = 0;
  return () => (ms += 1);
};

describe('adaptTable', () => {
  it('lowers the loss and raises held-back recall on pairs the original table cannot match', () => {
    const original = table();
    const { table: adapted, report } = adaptTable(original, DIMS, pairs(), {
      steps: 200,
      batch: 16,
      lr: 0.05,
      evalEvery: 10,
      holdout: 0,
      now: fakeClock(),
    });
    expect(report.steps).toBe(200);
    expect(report.loss.at(-1)!).toBeLessThan(report.loss[0]! * 0.5);
    expect(recallAt1(adapted, DIMS, pairs())).toBeGreaterThan(recallAt1(original, DIMS, pairs()) + 0.3);
  });

  it('changes only the rows of words in the training pairs, never a zero row, and not its input', () => {
    const original = table();
    const copy = Float32Array.from(original);
    const training = pairs().slice(0, 20);
    const { table: adapted } = adaptTable(original, DIMS, training, { steps: 30, holdout: 0, now: fakeClock() });
    expect(original).toEqual(copy);
    const used = new Set(training.flatMap((p) => [...p.query, ...p.passage]));
    const row = (t: Float32Array, id: number) => [...t.subarray(id * DIMS, (id + 1) * DIMS)];
    for (let id = 0; id < WORDS; id++) {
      if (id < SPECIALS) expect(row(adapted, id).every((x) => x === 0)).toBe(true);
      else if (!used.has(id)) expect(row(adapted, id)).toEqual(row(original, id));
    }
    expect([...used].filter((id) => id >= SPECIALS).some((id) => row(adapted, id)[0] !== row(original, id)[0])).toBe(
      true,
    );
  });

  it('is deterministic for a seed, and keeps the step with the best held-back recall', () => {
    const run = () =>
      adaptTable(table(), DIMS, pairs(), {
        steps: 60,
        batch: 16,
        lr: 0.05,
        holdout: 0.25,
        evalEvery: 10,
        now: fakeClock(),
      });
    const a = run();
    const b = run();
    expect(a.table).toEqual(b.table);
    expect(a.report).toEqual(b.report);
    expect(a.report.heldBack).toBe(10);
    expect(a.report.keptStep).toBeGreaterThan(0);
    const best = Math.max(...a.report.heldBackRecall);
    expect(a.report.heldBackRecall[a.report.keptStep / 10]).toBe(best);
    const other = adaptTable(table(), DIMS, pairs(), {
      steps: 60,
      batch: 16,
      lr: 0.05,
      holdout: 0.25,
      seed: 2,
      now: fakeClock(),
    });
    expect(other.table).not.toEqual(a.table);
  });

  it('stops at the time budget', () => {
    const { report } = adaptTable(table(), DIMS, pairs(), { steps: 1000, seconds: 0.05, holdout: 0, now: fakeClock() });
    expect(report.steps).toBeLessThan(50);
  });
});

describe('matchedFloor', () => {
  it('passes as many held-back pairs under the adapted table as the floor passed under the original', () => {
    const original = table();
    const { table: adapted } = adaptTable(original, DIMS, pairs().slice(10), {
      steps: 100,
      batch: 16,
      lr: 0.05,
      holdout: 0,
      now: fakeClock(),
    });
    const heldBack = pairs().slice(0, 10);
    const cosines = (t: Float32Array) =>
      heldBack.map((p) => {
        const sum = (ids: number[]) =>
          Array.from({ length: DIMS }, (_, d) => ids.reduce((s, id) => s + t[id * DIMS + d]!, 0));
        const [a, b] = [sum(p.query), sum(p.passage)];
        const dot = a.reduce((s, x, d) => s + x * b[d]!, 0);
        return dot / Math.hypot(...a) / Math.hypot(...b);
      });
    for (const floor of [-0.2, 0, 0.2]) {
      const passed = cosines(original).filter((c) => c >= floor).length;
      const matched = matchedFloor(original, adapted, DIMS, heldBack, floor);
      expect(Math.abs(cosines(adapted).filter((c) => c >= matched - 1e-9).length - passed)).toBeLessThanOrEqual(1);
    }
    // The same table gives back a floor between the same neighbours.
    expect(Math.abs(matchedFloor(original, original, DIMS, heldBack, 0.1) - 0.1)).toBeLessThan(0.5);
  });
});

describe('minePairs', () => {
  const long = (words: string) => `${words} and a few more words so that it counts as a section`;
  it('pairs each heading with its section (parts joined), leaving out headings of several paths and tiny sections', () => {
    const found = minePairs([
      [
        { headingPath: ['Manual', 'Removing stashed changes'], text: long('git stash drop removes one entry') },
        { headingPath: ['Manual', 'Removing stashed changes'], text: long('git stash clear removes all') },
        { headingPath: ['Manual', 'Examples'], text: long('first example') },
        { headingPath: ['Manual', 'Options'], text: 'too short' },
        { headingPath: [], text: long('no heading') },
      ],
      [{ headingPath: ['Other', 'examples'], text: long('second example') }],
    ]);
    expect(found).toEqual([
      {
        query: 'Removing stashed changes',
        passage: `${long('git stash drop removes one entry')}\n${long('git stash clear removes all')}`,
        kind: 'heading',
      },
    ]);
  });

  it("pairs a section's first sentence with the sentences after it when there are at least two", () => {
    const propositions = ['Rsync copies files to a remote host.', 'It sends only the differences.', long('It can')];
    const found = minePairs([
      [
        { headingPath: [], text: 'unused', propositions },
        { headingPath: [], text: 'unused', propositions: propositions.slice(0, 2) },
      ],
    ]);
    expect(found).toEqual([{ query: propositions[0], passage: propositions.slice(1).join(' '), kind: 'sentence' }]);
  });
});
