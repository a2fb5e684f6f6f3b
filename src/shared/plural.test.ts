import { describe, expect, it } from 'vitest';
import { count } from './plural';

describe('count', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(count(1, 'passage')).toBe('1 passage');
    expect(count(0, 'passage')).toBe('0 passages');
    expect(count(2, 'match', 'matches')).toBe('2 matches');
    expect(count(4000, 'token')).toBe('4,000 tokens');
  });
});
