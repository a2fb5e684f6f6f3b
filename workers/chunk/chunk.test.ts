import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../parse/markdown';
import { parseText } from '../parse/text';
import type { ParsedDocument } from '../../common/types';
import { chunkDocument, chunkDocumentAsync } from './chunker';
import { propositionType } from './propositions';
import {
  DEFAULT_SIZES,
  PROPOSITION,
  propositionSizes,
  SECTION,
  sectionSizes,
  sizesProblem,
} from '../../common/chunk-sizes';

/** Words and punctuation marks: close to the model tokenizer, enough for size rules. */
const countTokens = (text: string) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
const guide = readFileSync(new URL('../../test/fixtures/guide.md', import.meta.url), 'utf8');
const chunk = (text: string, mode?: 'three-level' | 'paragraph' | 'full-doc') =>
  chunkDocument(parseMarkdown(text, 'doc.md'), 'doc-1', { countTokens, mode });

describe('chunkDocument (three-level)', () => {
  const doc = chunk(guide);

  it("merges sections under the minimum, keeping each proposition's own heading path", () => {
    // The three headings hold ~220 tokens together: one section, as small sections merge up to 400.
    expect(doc.sections.map((s) => s.headingPath)).toEqual([['Widgets']]);
    expect(doc.sections[0]!.text).toContain('Installation\n\nTo install a widget');
    const paths = doc.propositions.map((p) => p.headingPath.join(' › '));
    expect(paths).toEqual(expect.arrayContaining(['Widgets', 'Widgets › Installation', 'Widgets › Repair']));
    expect(doc.propositions.find((p) => p.text.includes('dust enters the gears'))!.headingPath).toEqual([
      'Widgets',
      'Repair',
    ]);
  });

  it('runs a short sub-topic on into its sibling label, but never across chapters', () => {
    const body = 'The loader reads each configuration file once and caches the parsed result for later calls.';
    const labels = chunk(
      `# Guide\n\n## Imports\n\n### Pros\n\nShort names are easy to read in calling code.\n\n### Cons\n\n${body}\n`,
    );
    const pros = labels.propositions.find((p) => p.text.includes('Short names'))!;
    expect(pros.text).toContain('Cons\n\nThe loader');
    expect(pros.headingPath).toEqual(['Guide', 'Imports']);
    const chapters = chunk(
      `# Notes\n\n## Treatment\n\nThe physician prescribed antibiotics for ten days, and the patient must finish the whole course of them.\n\n## Gardening\n\n${body}\n`,
    );
    expect(chapters.propositions.find((p) => p.text.includes('antibiotics'))!.headingPath).toEqual([
      'Notes',
      'Treatment',
    ]);
  });

  it('keeps large sections apart, each with its heading line', () => {
    const long = (n: number) =>
      Array.from({ length: n }, (_, i) => `Sentence number ${i} talks about the topic at some length here.`).join(' ');
    const big = chunk(`# Book\n\n## First\n\n${long(25)}\n\n## Second\n\n${long(25)}\n`);
    expect(big.sections.map((s) => s.headingPath)).toEqual([
      ['Book', 'First'],
      ['Book', 'Second'],
    ]);
    expect(big.sections[1]!.text.startsWith('Second\n\n')).toBe(true);
  });

  it('keeps the code block whole, whitespace included, inside one proposition', () => {
    const fence = guide.indexOf('```python');
    const code = guide.slice(guide.indexOf('\n', fence) + 1, guide.indexOf('\n```', fence + 3));
    expect(doc.propositions.filter((p) => p.text.includes(code))).toHaveLength(1);
    expect(doc.propositions.filter((p) => p.text.includes('```'))).toEqual([]);
  });

  it('never opens a proposition with a dangling reference', () => {
    for (const p of doc.propositions) expect(p.text).not.toMatch(/^(It|This|They|These|Such)\b/);
    expect(doc.propositions.some((p) => p.text.includes('converts rotation into clicks. It can fail'))).toBe(true);
  });

  it('types propositions by rules', () => {
    const typeOf = (needle: string) => doc.propositions.find((p) => p.text.includes(needle))!.type;
    expect(typeOf('def install')).toBe('example');
    expect(typeOf('A widget is a device')).toMatch(/definition|example/);
    expect(typeOf('Open the cover')).toBe('procedure');
    const none = new Set<never>();
    expect(propositionType('A proxy is an intermediary program that acts as both a server and a client.', none)).toBe(
      'definition',
    );
    expect(propositionType('The term "origin server" refers to the server on which a resource resides.', none)).toBe(
      'definition',
    );
    expect(propositionType('To clear the cache, open the settings and press Clear.', none)).toBe('procedure');
    expect(propositionType('Install the package, then restart the server.', none)).toBe('procedure');
    expect(propositionType('Use a context manager, e.g. a with statement.', none)).toBe('example');
    expect(propositionType('The library was founded in 1998 and holds 40,000 volumes.', none)).toBe('fact');
    expect(propositionType('The archive contains every issue since the first one.', none)).toBe('fact');
    expect(propositionType('She smiled and looked away.', none)).toBe('other');
  });

  it('leaves invisible anchors out of propositions and gives each its own heading path', () => {
    expect(doc.propositions.some((p) => p.text.includes('<a id='))).toBe(false);
    expect(doc.propositions.find((p) => p.text.includes('Replace the gear'))!.headingPath).toEqual([
      'Widgets',
      'Repair',
      'Spare parts',
    ]);
  });

  it('places every proposition inside its section, in order, with stable ids', () => {
    for (const p of doc.propositions) {
      const section = doc.sections.find((s) => s.id === p.sectionId)!;
      expect(p.start).toBeGreaterThanOrEqual(section.start);
      expect(p.end).toBeLessThanOrEqual(section.end);
      expect(parseMarkdown(guide, 'doc.md').text.slice(p.start, p.end)).toBe(p.text);
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

describe('oversized pieces', () => {
  it('cuts a giant list item, a run-on line and a dot leader to the hard maximum', () => {
    const item = `- ${Array.from({ length: 120 }, (_, i) => `word${i} and more`).join(' ')}`;
    const run = `${Array.from({ length: 300 }, (_, i) => `x${i}`).join(' ')}`;
    const leader = `Contents ${'.'.repeat(900)} 7`;
    const doc = chunk(`# Big\n\n${item}\n\n${run}\n\n${leader}\n`);
    expect(Math.max(...doc.propositions.map((p) => p.tokens))).toBeLessThanOrEqual(PROPOSITION.max);
    expect(Math.max(...doc.sections.map((s) => s.tokens))).toBeLessThanOrEqual(SECTION.max + SECTION.overlap * 2);
  });
});

describe('sizes on a long generated document', () => {
  const words =
    'network protocol cache server request response header client proxy gateway message entity resource method status'.split(
      ' ',
    );
  const sentence = (i: number) =>
    `The ${words[i % 15]} sends a ${words[(i * 7) % 15]} to the ${words[(i * 3) % 15]} when the ${words[(i * 5) % 15]} is ready.`;
  const sectionText = (n: number, sentences: number) =>
    `## Part ${n}\n\n${Array.from({ length: sentences }, (_, i) => sentence(i + n)).join(' ')}\n`;
  const text = `# Manual\n\n${Array.from({ length: 30 }, (_, n) => sectionText(n, 20 + (n % 5) * 15)).join('\n')}`;
  const doc = chunk(text);

  it('puts at least 90% of sections and propositions within their bounds', () => {
    const inSections = doc.sections.filter((s) => s.tokens >= SECTION.min && s.tokens <= SECTION.max).length;
    const inPropositions = doc.propositions.filter(
      (p) => p.tokens >= PROPOSITION.min && p.tokens <= PROPOSITION.max,
    ).length;
    expect(inSections / doc.sections.length).toBeGreaterThanOrEqual(0.9);
    expect(inPropositions / doc.propositions.length).toBeGreaterThanOrEqual(0.9);
  });

  it('honours chosen sizes: smaller sizes give more, smaller sections and passages within their bounds', () => {
    const sizes = { section: 200, proposition: 60 };
    const small = chunkDocument(parseMarkdown(text, 'doc.md'), 'doc-1', { countTokens, sizes });
    const [section, proposition] = [sectionSizes(sizes.section), propositionSizes(sizes.proposition)];
    expect(small.sections.length).toBeGreaterThan(doc.sections.length * 1.5);
    expect(small.propositions.length).toBeGreaterThan(doc.propositions.length * 1.5);
    expect(Math.max(...small.propositions.map((p) => p.tokens))).toBeLessThanOrEqual(proposition.max);
    expect(Math.max(...small.sections.map((s) => s.tokens))).toBeLessThanOrEqual(section.max + section.overlap * 2);
    const inSections = small.sections.filter((s) => s.tokens >= section.min && s.tokens <= section.max).length;
    const inPropositions = small.propositions.filter(
      (p) => p.tokens >= proposition.min && p.tokens <= proposition.max,
    ).length;
    expect(inSections / small.sections.length).toBeGreaterThanOrEqual(0.9);
    expect(inPropositions / small.propositions.length).toBeGreaterThanOrEqual(0.9);
  });

  it("the default sizes are DESIGN §4's, and chosen sizes out of range are refused with a reason", () => {
    expect(chunkDocument(parseMarkdown(text, 'doc.md'), 'doc-1', { countTokens, sizes: DEFAULT_SIZES })).toEqual(doc);
    expect([SECTION, PROPOSITION]).toEqual([
      { low: 200, high: 400, min: 150, max: 500, overlap: 50 },
      { low: 50, high: 150, min: 30, max: 200 },
    ]);
    expect(sizesProblem(DEFAULT_SIZES)).toBeNull();
    expect(sizesProblem({ section: 50, proposition: 20 })).toBe(
      'Section size must be a whole number of word pieces from 100 to 2000.',
    );
    expect(sizesProblem({ section: 400, proposition: 12.5 })).toBe(
      'Passage size must be a whole number of word pieces from 20 to 500.',
    );
    expect(sizesProblem({ section: 300, proposition: 200 })).toBe(
      'A passage can be at most half a section: with sections of 300 word pieces, passages of at most 150.',
    );
  });
});

describe('Dify modes', () => {
  it('paragraph mode: never cuts inside a fenced code block', () => {
    const doc = chunk('Intro text.\n\n```\nline one.\n\nline two.\n```\n\nOutro text.', 'paragraph');
    expect(doc.sections.map((s) => s.text)).toEqual(['Intro text.', 'line one.\n\nline two.', 'Outro text.']);
    expect(doc.propositions.map((p) => p.text)).toEqual(['Intro text.', 'line one.\n\nline two.', 'Outro text.']);
  });

  it('paragraph mode: parents by delimiter (kept at their start), not embedded; children by sentence', () => {
    const doc = chunkDocument(parseText('Intro line.\n***\nFirst part. More.\n***\nSecond part.', 'd.txt'), 'd', {
      countTokens,
      mode: 'paragraph',
      delimiter: '***',
    });
    expect(doc.sections.map((s) => s.text.slice(0, 4))).toEqual(['Intr', '***\n', '***\n']);
    expect(doc.sections.every((s) => !s.embedded)).toBe(true);
    expect(doc.propositions.length).toBeGreaterThanOrEqual(3);
  });

  it('paragraph mode: a blank line is the default delimiter; every child is one sentence', () => {
    const doc = chunk('# Notes\n\nFirst idea here. It goes on.\n\nSecond idea. Another one! A third?\n', 'paragraph');
    expect(doc.sections.map((s) => s.text)).toEqual([
      'Notes\n\nFirst idea here. It goes on.',
      'Second idea. Another one! A third?',
    ]);
    expect(doc.propositions.map((p) => p.text)).toEqual([
      'First idea here.',
      'It goes on.',
      'Second idea.',
      'Another one!',
      'A third?',
    ]);
    expect(doc.propositions.every((p) => p.headingPath.join() === 'Notes')).toBe(true);
  });

  it('full-doc mode: one parent for the whole document, sentence children with their own heading paths', () => {
    const doc = chunk(guide, 'full-doc');
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.embedded).toBe(false);
    expect(doc.propositions.every((p) => p.sectionId === doc.sections[0]!.id)).toBe(true);
    expect(doc.propositions.find((p) => p.text.startsWith('They are cheap'))!.headingPath).toEqual([
      'Widgets',
      'Repair',
    ]);
    expect(doc.propositions.find((p) => p.text.startsWith('They are cheap'))!.text).toBe('They are cheap to replace.');
  });
});

describe('pages and printed page labels', () => {
  it('carries the pages and labels of PDF blocks to sections and propositions', () => {
    const body = 'The committee met in spring. It approved the budget for the year. ';
    const blocks = [0, 1, 2].map((i) => ({
      kind: 'paragraph' as const,
      text: body.repeat(4).trim(),
      pages: [i + 3],
      pageLabels: [['i', 'ii', '1'][i]!],
    }));
    let text = '';
    const placed = blocks.map((b) => {
      const start = text.length ? text.length + 2 : 0;
      text += (text.length ? '\n\n' : '') + b.text;
      return { ...b, start, end: text.length };
    });
    const parsed: ParsedDocument = { kind: 'pdf', title: 'Report', text, blocks: placed, pageCount: 5 };
    const doc = chunkDocument(parsed, 'pdf-1', { countTokens });
    expect(doc.sections[0]!.pages).toEqual([3, 4, 5]);
    expect(doc.sections[0]!.pageLabels).toEqual(['i', 'ii', '1']);
    const label: Record<number, string> = { 3: 'i', 4: 'ii', 5: '1' };
    for (const p of doc.propositions) expect(p.pageLabels).toEqual(p.pages.map((n) => label[n]));
    expect(doc.propositions.at(-1)!.pages).toContain(5);
  });
});

describe('topic shifts (chunkDocumentAsync)', () => {
  // One long paragraph: 16 sentences about cats, then 26 about ships — no block boundary to help.
  const cats = Array.from({ length: 16 }, (_, i) => `The cat number ${i} sleeps on the warm sofa all day long.`);
  const ships = Array.from({ length: 26 }, (_, i) => `The ship number ${i} sails across the cold sea every night.`);
  const text = `# Animals and boats\n\n${[...cats, ...ships].join(' ')}\n`;
  const words = (t: string) => new Set(t.toLowerCase().match(/[a-z]+/g));
  const jaccard = (a: string, b: string) => {
    const [x, y] = [words(a), words(b)];
    return [...x].filter((w) => y.has(w)).length / new Set([...x, ...y]).size;
  };
  const similarity = async (texts: string[]) => texts.slice(1).map((t, i) => jaccard(texts[i]!, t));

  it('cuts a long section where the topic changes, not at the balanced midpoint', async () => {
    const parsed = parseMarkdown(text, 'animals.md');
    const balanced = chunkDocument(parsed, 'a', { countTokens });
    const shifted = await chunkDocumentAsync(parsed, 'a', { countTokens, similarity });
    expect(balanced.sections).toHaveLength(2);
    expect(shifted.sections).toHaveLength(2);
    const ownStart = (doc: typeof shifted) => doc.propositions.find((p) => p.sectionId === doc.sections[1]!.id)!.text;
    expect(ownStart(shifted)).toMatch(/^The ship number 0 /);
    expect(ownStart(balanced)).not.toMatch(/^The ship number 0 /);
    // The second section still opens with ~50 tokens of overlap from the first.
    expect(shifted.sections[1]!.text.startsWith('The cat number')).toBe(true);
  });

  it('is the sync chunker when no similarity is given', async () => {
    const parsed = parseMarkdown(guide, 'guide.md');
    expect(await chunkDocumentAsync(parsed, 'g', { countTokens })).toEqual(chunkDocument(parsed, 'g', { countTokens }));
  });
});

describe('properties on generated Markdown', () => {
  const word = fc.constantFrom(
    'alpha',
    'beta',
    'gamma',
    'delta',
    'widget',
    'server',
    'It',
    'This',
    'e.g.',
    '3.5',
    'U.S.',
  );
  const paragraph = fc.array(word, { minLength: 3, maxLength: 40 }).map((ws) => `${ws.join(' ')}.`);
  const block = fc.oneof(
    paragraph,
    fc.integer({ min: 1, max: 3 }).map((level) => `${'#'.repeat(level)} Heading ${level}`),
    paragraph.map((p) => '```\n' + p + '\n\n  indented\n```'),
    fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((items) => items.map((i) => `- ${i}`).join('\n')),
    fc
      .array(paragraph, { minLength: 1, maxLength: 3 })
      .map((items) => items.map((i, n) => `${n + 1}. ${i}\n   - nested ${i}`).join('\n')),
    fc
      .array(word, { minLength: 2, maxLength: 4 })
      .map((cells) => `| ${cells.join(' | ')} |\n|${cells.map(() => ' --- ').join('|')}|\n| ${cells.join(' | ')} |`),
    paragraph.map((p) => `> ${p}\n>\n> ${p}`),
  );
  const markdown = fc.array(block, { minLength: 1, maxLength: 25 }).map((blocks) => blocks.join('\n\n'));

  /** Offsets index the document text: what a reader sees of the Markdown. */
  const covers = (source: string, doc: ReturnType<typeof chunk>) => {
    const { text, blocks } = parseMarkdown(source, 'g.md');
    const covered = new Uint8Array(text.length);
    for (const p of doc.propositions) covered.fill(1, p.start, p.end);
    const body = blocks.filter((b) => b.kind !== 'heading');
    return body.every((b) => [...text.slice(b.start, b.end)].every((ch, i) => !/\S/.test(ch) || covered[b.start + i]));
  };

  it('in the Dify modes too: no empty chunk, every visible character covered, children inside parents', () => {
    fc.assert(
      fc.property(markdown, fc.constantFrom('paragraph' as const, 'full-doc' as const), (text, mode) => {
        const doc = chunk(text, mode);
        const parent = new Map(doc.sections.map((s) => [s.id, s]));
        const inside = doc.propositions.every(
          (p) => p.start >= parent.get(p.sectionId)!.start && p.end <= parent.get(p.sectionId)!.end,
        );
        return (
          inside &&
          covers(text, doc) &&
          doc.propositions.every(
            (p) => p.text.trim() && p.text === parseMarkdown(text, 'g.md').text.slice(p.start, p.end),
          )
        );
      }),
      { numRuns: 100 },
    );
  });

  it('no empty chunk, every visible character covered, propositions inside their sections, ids stable', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const doc = chunk(text);
        const again = chunk(text);
        if (doc.propositions.some((p) => !p.text.trim()) || doc.sections.some((s) => !s.text.trim())) return false;
        const section = new Map(doc.sections.map((s) => [s.id, s]));
        const inside = doc.propositions.every(
          (p) => p.start >= section.get(p.sectionId)!.start && p.end <= section.get(p.sectionId)!.end,
        );
        return (
          inside &&
          covers(text, doc) &&
          JSON.stringify(again.propositions.map((p) => p.id)) === JSON.stringify(doc.propositions.map((p) => p.id))
        );
      }),
      { numRuns: 150 },
    );
  });
});
