import { describe, expect, it } from 'vitest';
import { ANSWER_INSTRUCTION, buildPrompt, type PromptSource } from './prompt';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const source = (docName: string, text: string, pages: number[] = []): PromptSource => ({
  docName,
  docTitle: docName.replace(/\..*/, ''),
  headingPath: ['Guide', 'Trains'],
  pages,
  text,
});

describe('buildPrompt', () => {
  const sources = [
    source('travel.pdf', 'Trains arrive at noon.', [4]),
    source('notes.md', 'Buses run every hour on weekdays.'),
    source('x.md', 'word '.repeat(200)),
  ];

  it('numbers the sources with title, heading path and page, then asks the question', () => {
    const prompt = buildPrompt('when do trains arrive', sources.slice(0, 2), { budget: 1000, countTokens: words })!;
    expect(prompt.system).toBe(ANSWER_INSTRUCTION);
    expect(prompt.system).toMatch(/only the numbered sources/);
    expect(prompt.system).toMatch(/\[n\]/);
    expect(prompt.user).toContain('[1] travel (travel.pdf), Guide › Trains, p. 4\nTrains arrive at noon.');
    expect(prompt.user).toContain('[2] notes (notes.md), Guide › Trains\nBuses run every hour');
    expect(prompt.user.trim().endsWith('Question: when do trains arrive')).toBe(true);
    expect(prompt.tokens).toBe(words(prompt.system) + words(prompt.user));
  });

  it('keeps to the budget, skipping a source too long for it but keeping later short ones', () => {
    const prompt = buildPrompt('when', [sources[0]!, sources[2]!, sources[1]!], { budget: 80, countTokens: words })!;
    expect(prompt.sources.map((s) => s.docName)).toEqual(['travel.pdf', 'notes.md']);
    expect(prompt.tokens).toBeLessThanOrEqual(80);
    expect(prompt.user).not.toContain('word word');
  });

  it('gives nothing when not even one source fits', () => {
    expect(buildPrompt('when', sources, { budget: 10, countTokens: words })).toBeNull();
  });

  it('names the earlier question of a follow-up', () => {
    const prompt = buildPrompt('and buses?', sources.slice(0, 2), {
      budget: 1000,
      countTokens: words,
      previous: 'when do trains arrive',
    })!;
    expect(prompt.user).toContain('Earlier question in this conversation: when do trains arrive\nQuestion: and buses?');
  });

  it('asks for the answer in the language of the question, and passes the question as it was asked', () => {
    const prompt = buildPrompt('Wann kommen die Züge an?', sources.slice(0, 2), { budget: 1000, countTokens: words })!;
    expect(prompt.system).toMatch(/in the language of the question/);
    expect(prompt.user.trim().endsWith('Question: Wann kommen die Züge an?')).toBe(true);
  });
});
