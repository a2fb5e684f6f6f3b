import { describe, expect, it } from 'vitest';
import { enrichFollowUp } from './follow-up';

describe('enrichFollowUp over a conversation', () => {
  it('adds the previous question’s key words to short or referring follow-ups only', () => {
    const turns = [
      'how do I configure the proxy cache for large responses',
      'and if that fails?',
      'what about timeouts',
      'How does the server validate a cached entry with an ETag header before reusing it',
    ];
    const searched: string[] = [];
    let previous: string | null = null;
    for (const turn of turns) {
      searched.push(enrichFollowUp(turn, previous));
      // The context is what was searched last, so a chain of follow-ups keeps the topic.
      previous = searched.at(-1)!;
    }
    expect(searched[0]).toBe(turns[0]);
    expect(searched[1]).toBe('and if that fails? configure proxy cache large responses');
    expect(searched[2]).toBe('what about timeouts fails configure proxy cache large responses');
    expect(searched[3]).toBe(turns[3]);
  });

  it('leaves a short new keyword search alone, but reads a short one that points back', () => {
    expect(enrichFollowUp('honey harvest from hives', 'lifeboat inspection before storms')).toBe(
      'honey harvest from hives',
    );
    expect(enrichFollowUp('how long does it take', 'replace the boiler valve')).toBe(
      'how long does it take replace boiler valve',
    );
  });

  it('leaves a first question and an empty one alone', () => {
    expect(enrichFollowUp('why?', null)).toBe('why?');
    expect(enrichFollowUp('  ', 'cache')).toBe('  ');
  });
});
