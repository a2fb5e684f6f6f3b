import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../parse/markdown';
import { chunkDocument } from './index';
import { sentenceSpans } from './sentences';
import { PROPOSITION, SECTION } from './sizes';

/** Words and punctuation marks: close to the model tokenizer, enough for size rules. */
const countTokens = (text: string) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
const guide = readFileSync(new URL('../../test/fixtures/guide.md', import.meta.url), 'utf8');
const chunk = (text: string, mode?: 'three-level' | 'paragraph' | 'full-doc') => chunkDocument(parseMarkdown(text, 'doc.md'), 'doc-1', { countTokens, mode });

describe('sentenceSpans', () => {
  const sentences = (text: string) => sentenceSpans(text).map((s) => text.slice(s.start, s.end));

  it('survives abbreviations, decimals, figures and URLs', () => {
    expect(sentences('Use a tool, e.g. a hammer. It costs 3.50 dollars in the U.S. today. See Fig. 3 at https://example.com/a.b for more.')).toEqual([
      'Use a tool, e.g. a hammer.',
      'It costs 3.50 dollars in the U.S. today.',
      'See Fig. 3 at https://example.com/a.b for more.',
    ]);
  });

  it('splits Chinese and Japanese sentences', () => {
    expect(sentences('今天天气很好。我们去公园吧。')).toHaveLength(2);
    expect(sentences('東京は大きい。京都は古い。')).toHaveLength(2);
  });
});

describe('chunkDocument (three-level)', () => {
  const doc = chunk(guide);

  it('merges sections under the minimum, keeping each proposition\'s own heading path', () => {
    // The three headings hold ~220 tokens together: one section, as small sections merge up to 400.
    expect(doc.sections.map((s) => s.headingPath)).toEqual([['Widgets']]);
    expect(doc.sections[0]!.text).toContain('## Installation\n\nTo install a widget');
    const paths = doc.propositions.map((p) => p.headingPath.join(' › '));
    expect(paths).toEqual(expect.arrayContaining(['Widgets', 'Widgets › Installation', 'Widgets › Repair']));
    expect(doc.propositions.find((p) => p.text.includes('dust enters the gears'))!.headingPath).toEqual(['Widgets', 'Repair']);
  });

  it('keeps large sections apart, each with its heading line', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => `Sentence number ${i} talks about the topic at some length here.`).join(' ');
    const big = chunk(`# Book\n\n## First\n\n${long(25)}\n\n## Second\n\n${long(25)}\n`);
    expect(big.sections.map((s) => s.headingPath)).toEqual([['Book', 'First'], ['Book', 'Second']]);
    expect(big.sections[1]!.text.startsWith('## Second')).toBe(true);
  });

  it('keeps the code block whole, whitespace included, inside one proposition', () => {
    const code = guide.slice(guide.indexOf('```python'), guide.indexOf('```\n', guide.indexOf('```python') + 3) + 3);
    expect(doc.propositions.filter((p) => p.text.includes(code))).toHaveLength(1);
  });

  it('never opens a proposition with a dangling reference', () => {
    for (const p of doc.propositions) expect(p.text).not.toMatch(/^(It|This|They|These|Such)\b/);
    expect(doc.propositions.some((p) => p.text.includes('converts rotation into clicks. It can fail'))).toBe(true);
  });

  it('types propositions by rules', () => {
    const typeOf = (needle: string) => doc.propositions.find((p) => p.text.includes(needle))!.type;
    expect(typeOf('def install')).toBe('example');
    expect(typeOf('A widget is a device')).toMatch(/definition|example/);
  });

  it('places every proposition inside its section, in order, with stable ids', () => {
    for (const p of doc.propositions) {
      const section = doc.sections.find((s) => s.id === p.sectionId)!;
      expect(p.start).toBeGreaterThanOrEqual(section.start);
      expect(p.end).toBeLessThanOrEqual(section.end);
      expect(guide.slice(p.start, p.end)).toBe(p.text);
    }
    expect(chunk(guide).propositions.map((p) => p.id)).toEqual(doc.propositions.map((p) => p.id));
    expect(doc.propositions[1]!.prevId).toBe(doc.propositions[0]!.id);
  });

  it('summarises and picks keywords', () => {
    expect(doc.title).toBe('Widget Handbook');
    expect(doc.summary).toContain('Widgets are small devices');
    expect(doc.keywords).toContain('widget');
  });
});

describe('sizes on a long generated document', () => {
  const words = 'network protocol cache server request response header client proxy gateway message entity resource method status'.split(' ');
  const sentence = (i: number) => `The ${words[i % 15]} sends a ${words[(i * 7) % 15]} to the ${words[(i * 3) % 15]} when the ${words[(i * 5) % 15]} is ready.`;
  const sectionText = (n: number, sentences: number) => `## Part ${n}\n\n${Array.from({ length: sentences }, (_, i) => sentence(i + n)).join(' ')}\n`;
  const text = `# Manual\n\n${Array.from({ length: 30 }, (_, n) => sectionText(n, 20 + (n % 5) * 15)).join('\n')}`;
  const doc = chunk(text);

  it('puts at least 90% of sections and propositions within their bounds', () => {
    const inSections = doc.sections.filter((s) => s.tokens >= SECTION.min && s.tokens <= SECTION.max).length;
    const inPropositions = doc.propositions.filter((p) => p.tokens >= PROPOSITION.min && p.tokens <= PROPOSITION.max).length;
    expect(inSections / doc.sections.length).toBeGreaterThanOrEqual(0.9);
    expect(inPropositions / doc.propositions.length).toBeGreaterThanOrEqual(0.9);
  });
});

describe('Dify modes', () => {
  it('paragraph mode: parents by delimiter (kept at their start), not embedded; children by sentence', () => {
    const doc = chunkDocument(parseMarkdown('Intro line.\n***\nFirst part. More.\n***\nSecond part.', 'd.md'), 'd', { countTokens, mode: 'paragraph', delimiter: '***' });
    expect(doc.sections.map((s) => s.text.slice(0, 4))).toEqual(['Intr', '***\n', '***\n']);
    expect(doc.sections.every((s) => !s.embedded)).toBe(true);
    expect(doc.propositions.length).toBeGreaterThanOrEqual(3);
  });

  it('full-doc mode: one parent for the whole document', () => {
    const doc = chunk(guide, 'full-doc');
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.embedded).toBe(false);
    expect(doc.propositions.every((p) => p.sectionId === doc.sections[0]!.id)).toBe(true);
  });
});

describe('properties on generated Markdown', () => {
  const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'widget', 'server', 'It', 'This', 'e.g.', '3.5', 'U.S.');
  const paragraph = fc.array(word, { minLength: 3, maxLength: 40 }).map((ws) => `${ws.join(' ')}.`);
  const block = fc.oneof(
    paragraph,
    fc.integer({ min: 1, max: 3 }).map((level) => `${'#'.repeat(level)} Heading ${level}`),
    paragraph.map((p) => '```\n' + p + '\n\n  indented\n```'),
    fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((items) => items.map((i) => `- ${i}`).join('\n')),
  );
  const markdown = fc.array(block, { minLength: 1, maxLength: 25 }).map((blocks) => blocks.join('\n\n'));

  it('no empty chunk, every visible character covered, ids stable', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const doc = chunk(text);
        const again = chunk(text);
        if (doc.propositions.some((p) => !p.text.trim()) || doc.sections.some((s) => !s.text.trim())) return false;
        const covered = new Uint8Array(text.length);
        for (const p of doc.propositions) covered.fill(1, p.start, p.end);
        const body = parseMarkdown(text, 'g.md').blocks.filter((b) => b.kind !== 'heading');
        const missed = body.some((b) => [...text.slice(b.start, b.end)].some((ch, i) => /\S/.test(ch) && !covered[b.start + i]));
        return !missed && JSON.stringify(again.propositions.map((p) => p.id)) === JSON.stringify(doc.propositions.map((p) => p.id));
      }),
      { numRuns: 150 },
    );
  });
});
