import { describe, expect, it } from 'vitest';
import type { ResultHit } from '../../common/types';
import { foldCopies, wordRuns } from './copies';

const RANGE = 'The Range request-header field allows a client to request only part of an entity.';
const hit = (docName: string, sectionId: string, texts: string[]): ResultHit => ({
  docId: `id-${docName}`,
  docName,
  docTitle: docName,
  sectionId,
  headingPath: ['RFC 2616', sectionId],
  pages: [],
  score: 1,
  docScores: { fused: 1 },
  sectionScores: { fused: 1 },
  propositions: texts.map((text, i) => ({
    id: `${sectionId}-${i}`,
    text,
    pages: [],
    start: 0,
    end: text.length,
    type: 'fact',
    score: 1,
    scores: { fused: 1 },
  })),
});

describe('wordRuns', () => {
  it('ignores case, punctuation, markup and line breaks, and gives none for a passage too short to tell', () => {
    expect(wordRuns(RANGE)).toEqual(
      wordRuns('the  Range request-header field\nallows a client to request only part of an entity'),
    );
    expect(wordRuns(RANGE)).toHaveLength(RANGE.split(/[\s-]+/).length - 7);
    expect(new Set(wordRuns(RANGE)).size).toBe(wordRuns(RANGE).length);
    expect(wordRuns('See section 14.35.')).toEqual([]);
  });
});

describe('foldCopies', () => {
  it('folds a lower result whose best passage a higher one holds into it, naming the other document', () => {
    const txt = hit('rfc2616.txt', '14.35', [RANGE]);
    const html = hit('rfc2616.html', '14.35 Range', [RANGE.replace('request-header', 'request header')]);
    const other = hit('rfc2616.txt', '14.27', [
      'The If-Range header lets a client that has part of an entity ask for the rest of it.',
    ]);
    const folded = foldCopies([txt, html, other]);
    expect(folded.map((h) => h.sectionId)).toEqual(['14.35', '14.27']);
    expect(folded[0]!.copies).toEqual([
      {
        docId: 'id-rfc2616.html',
        docName: 'rfc2616.html',
        docTitle: 'rfc2616.html',
        sectionId: '14.35 Range',
        headingPath: ['RFC 2616', '14.35 Range'],
        pages: [],
        pageLabels: undefined,
      },
    ]);
    expect(folded[1]!.copies).toBeUndefined();
  });

  it('matches a copy by any passage the higher result shows, not only its best', () => {
    const first = hit('a.txt', 's1', ['A first sentence that only the first document has in it.', RANGE]);
    const second = hit('b.html', 's2', [RANGE]);
    expect(foldCopies([first, second]).map((h) => h.copies?.map((c) => c.docName))).toEqual([['b.html']]);
  });

  it('folds a copy cut into passages at other places, but not a passage that only quotes a sentence of another', () => {
    const text = `${RANGE} A server may ignore the header, and then it sends the whole entity with a 200 status.`;
    // The .txt passage begins a sentence earlier, the .html one runs on into the next paragraph.
    const txt = hit('rfc.txt', '14.35', [`Byte ranges are counted from zero. ${text}`]);
    const html = hit('rfc.html', '14.35 Range', [`${text} The next paragraph begins here.`]);
    expect(foldCopies([txt, html]).map((h) => h.copies?.map((c) => c.docName))).toEqual([['rfc.html']]);
    const essay = hit('essay.md', 's1', [
      `As the RFC puts it: ${RANGE} Which is why a browser resuming a download asks for the bytes it lacks and nothing more, and why servers that ignore it cost so much.`,
    ]);
    expect(foldCopies([txt, essay])).toHaveLength(2);
  });

  it('keeps results of one document apart, short passages apart, and every third copy with the first', () => {
    const sameDoc = [hit('a.txt', 's1', [RANGE]), hit('a.txt', 's2', [RANGE])];
    expect(foldCopies(sameDoc)).toHaveLength(2);
    const short = [hit('a.txt', 's1', ['See section 3.']), hit('b.txt', 's1', ['See section 3.'])];
    expect(foldCopies(short)).toHaveLength(2);
    const three = foldCopies([hit('a.txt', 's1', [RANGE]), hit('b.html', 's1', [RANGE]), hit('c.md', 's1', [RANGE])]);
    expect(three.map((h) => h.copies?.map((c) => c.docName))).toEqual([['b.html', 'c.md']]);
  });
});
