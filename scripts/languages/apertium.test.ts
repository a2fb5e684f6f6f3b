import { describe, expect, it } from 'vitest';
import { attPaths, lemmaOf } from './apertium.mjs';

describe('Apertium dictionaries as lt-print writes them', () => {
  it('reads every path of each transducer, ε as nothing, and stops at loops and pattern symbols', () => {
    // Two transducers: "chat<n>" → "gat<n>" and "chien<n>" → "gos<n>" sharing a prefix; a loop on
    // "a" back to the start; a web-address pattern through "@"; then a second transducer from 0.
    const att = [
      ['0', '1', 'c', 'g'],
      ['1', '2', 'h', 'ε'],
      ['2', '3', 'a', 'a'],
      ['3', '4', 't', 't'],
      ['4', '5', '<n>', '<n>'],
      ['2', '6', 'i', 'o'],
      ['6', '7', 'e', 's'],
      ['7', '8', 'n', 'ε'],
      ['8', '5', '<n>', '<n>'],
      ['3', '0', 'a', 'a'],
      ['0', '9', '@', '@'],
      ['9', '5', 'x', 'x'],
      ['5'],
      ['--'],
      ['0', '1', 'o', 'o'],
      ['1', '2', '<adv>', '<adv>'],
      ['2'],
    ]
      .map((f) => f.join('\t'))
      .join('\n');
    expect(attPaths(att)).toEqual([
      ['chat<n>', 'gat<n>'],
      ['chien<n>', 'gos<n>'],
      ['o<adv>', 'o<adv>'],
    ]);
  });

  it('takes a lemma and its part of speech, not proper nouns', () => {
    expect(lemmaOf('ordinateur<n><m>')).toEqual({ lemma: 'ordinateur', pos: 'n' });
    expect(lemmaOf('sans faille<adj><mf>')).toEqual({ lemma: 'sans faille', pos: 'adj' });
    expect(lemmaOf('Watanabe<np><cog>')).toBeNull();
    expect(lemmaOf('www')).toBeNull();
  });
});
