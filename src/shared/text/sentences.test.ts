import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

describe('splitSentences', () => {
  it('splits at sentence ends but not inside numbers, after abbreviations or before lower case', () => {
    expect(splitSentences('It costs 3.50 euros. Trains leave at 9 a.m. daily! Is it "fast"? Yes.')).toEqual([
      'It costs 3.50 euros.',
      'Trains leave at 9 a.m. daily!',
      'Is it "fast"?',
      'Yes.',
    ]);
    expect(splitSentences('Dr. Shaw saw e.g. three patients. Then she left.')).toEqual([
      'Dr. Shaw saw e.g. three patients.',
      'Then she left.',
    ]);
  });
});
