// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NULL, prune, trainModel1 } from './ibm1.mjs';

// Source words: 1 "remove", 2 "file", 3 "show". Target words: 0 "delete", 1 "file", 2 "the", 3 "print".
// "the" is in every passage, so NULL must learn it; "remove" only ever meets "delete" with "file"
// beside it, and "file" meets both "delete" and "print": only the alignment tells them apart.
const pairs = [
  { source: [1, 2], target: [0, 1, 2] }, // remove file → delete file the
  { source: [3, 2], target: [3, 1, 2] }, // show file → print file the
  { source: [1], target: [0, 2] }, // remove → delete the
  { source: [3], target: [3, 2] }, // show → print the
  { source: [2], target: [1, 2], counts: [2, 1] }, // file → file file the
];
const at = (model: ReturnType<typeof trainModel1>, source: number, target: number) => {
  const i = Array.from(model.keys).indexOf(source * model.targets + target);
  return i < 0 ? 0 : model.t[i]!;
};

describe('IBM Model 1 by EM', () => {
  it('learns that a question word stands for the document word it comes with, not the words around it', () => {
    const model = trainModel1(pairs, { targets: 4, iterations: 10 });
    expect(at(model, 1, 0)).toBeGreaterThan(0.6); // remove → delete
    expect(at(model, 1, 0)).toBeGreaterThan(at(model, 1, 1) * 3); // not → file
    expect(at(model, 3, 3)).toBeGreaterThan(0.6); // show → print
    expect(at(model, 2, 1)).toBeGreaterThan(at(model, 2, 0)); // file → file, more than file → delete
    expect(at(model, NULL, 2)).toBeGreaterThan(at(model, NULL, 0)); // NULL takes "the"
  });

  it('gives each source word a distribution and raises the likelihood at every pass', () => {
    const model = trainModel1(pairs, { targets: 4, iterations: 6 });
    for (const source of [NULL, 1, 2, 3]) {
      const sum = [0, 1, 2, 3].reduce((total, target) => total + at(model, source, target), 0);
      expect(sum).toBeCloseTo(1, 9);
    }
    for (let i = 1; i < model.likelihood.length; i++)
      expect(model.likelihood[i]!).toBeGreaterThanOrEqual(model.likelihood[i - 1]! - 1e-9);
    expect(model.likelihood.at(-1)!).toBeGreaterThan(model.likelihood[0]!);
  });

  it('is deterministic', () => {
    const a = trainModel1(pairs, { targets: 4, iterations: 4 });
    const b = trainModel1(pairs, { targets: 4, iterations: 4 });
    expect(Array.from(a.t)).toEqual(Array.from(b.t));
  });

  it('prunes to the likeliest targets over the threshold, keeps the word itself, and leaves NULL out', () => {
    const model = trainModel1(pairs, { targets: 4, iterations: 10 });
    const table = prune(model, { top: 1, min: 0.05, same: (source) => (source === 2 ? 1 : -1) });
    expect(table.has(NULL)).toBe(false);
    expect(table.get(1)!.map(({ target }) => target)).toEqual([0]);
    expect(table.get(3)!.map(({ target }) => target)).toEqual([3]);
    // "file": its top target, and itself however it ranks.
    expect(table.get(2)!.map(({ target }) => target)).toContain(1);
    const strict = prune(model, { top: 5, min: 0.99 });
    expect(strict.size).toBe(0);
  });
});
