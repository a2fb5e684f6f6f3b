import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunker';
import { countOnce } from './count-once';
import { parseMarkdown } from '../parse/markdown';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('countOnce', () => {
  it('counts each distinct text once and answers what the counter answers', () => {
    const seen: string[] = [];
    const counter = countOnce((text) => (seen.push(text), words(text)));
    expect([counter('a b c'), counter('a b'), counter('a b c'), counter('')]).toEqual([3, 2, 3, 0]);
    expect(seen).toEqual(['a b c', 'a b', '']);
  });

  it('gives the chunker the same chunks with fewer counts', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Sentence ${i} tells of item ${i % 7} and its uses.`);
    const markdown = `# Title\n\n${sentences.slice(0, 30).join(' ')}\n\n## Part two\n\n${sentences.slice(30).join(' ')}\n`;
    const parsed = parseMarkdown(markdown, 'doc.md');
    let plain = 0;
    let once = 0;
    const direct = chunkDocument(parsed, 'doc', { countTokens: (text) => (plain++, words(text)) });
    const memo = chunkDocument(parsed, 'doc', { countTokens: countOnce((text) => (once++, words(text))) });
    expect(memo).toEqual(direct);
    expect(direct.propositions.length).toBeGreaterThan(1);
    expect(once).toBeLessThan(plain);
  });
});
