import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { LibraryIndex, search } from './search';
import { addKeywordDoc, flat } from './retrieve.test-support';

/** Park–Miller: the same filler every run. */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

const FILLER = 'option value setting default flag entry field mode level limit list name path file table record'.split(
  ' ',
);

/**
 * A reference manual of 600 sections that names every subject of the library somewhere, once or
 * twice in a long section, and four short guides that each answer one question in a few words.
 */
function library() {
  const random = seeded(7);
  const index = new LibraryIndex();
  const subjects = [
    'backup',
    'nightly',
    'schedule',
    'archive',
    'printer',
    'queue',
    'certificate',
    'renew',
    'firewall',
    'port',
  ];
  addKeywordDoc(
    index,
    'reference-manual.pdf',
    Array.from({ length: 600 }, (_, i) => ({
      heading: `${i + 1} ${FILLER[i % FILLER.length]} reference`,
      text: Array.from({ length: 60 }, (_, w) =>
        w % 5 === 2 ? subjects[Math.floor(random() * subjects.length)] : FILLER[Math.floor(random() * FILLER.length)],
      ).join(' '),
    })),
  );
  addKeywordDoc(index, 'backups.md', [
    {
      heading: 'Nightly backups',
      text: 'To schedule a nightly backup, add one cron line that runs the backup script at 2 am.',
    },
    { heading: 'Restoring', text: 'Copy the files back from the newest archive, then check their owners.' },
  ]);
  addKeywordDoc(index, 'printing.md', [
    {
      heading: 'The print queue',
      text: 'A stuck printer queue is cleared with cancel -a, then the printer is enabled again.',
    },
  ]);
  addKeywordDoc(index, 'tls.md', [
    { heading: 'Certificates', text: 'Renew the certificate a week before it expires and reload the web server.' },
  ]);
  addKeywordDoc(index, 'firewall.md', [
    {
      heading: 'Opening a port',
      text: 'Allow the port in the firewall, then list the rules to check that it is open.',
    },
  ]);
  return index;
}

describe('a long document does not crowd out short ones (DESIGN §5)', () => {
  const index = library();
  const questions: [string, string][] = [
    ['how do I schedule a nightly backup', 'backups.md'],
    ['clear a stuck printer queue', 'printing.md'],
    ['renew a certificate before it expires', 'tls.md'],
    ['open a port in the firewall', 'firewall.md'],
  ];

  it.each(questions)('"%s" finds the short guide that answers it first', (question, guide) => {
    const hits = search(index, { text: question, vector: flat() }, DEFAULT_SEARCH_OPTIONS);
    expect(hits[0]?.docName).toBe(guide);
  });

  it('the manual still comes first for what only it holds', () => {
    const hits = search(index, { text: 'field reference', vector: flat() }, DEFAULT_SEARCH_OPTIONS);
    expect(hits.slice(0, 3).map((h) => h.docName)).toEqual(Array(3).fill('reference-manual.pdf'));
  });
});

describe('a manual whose every section shares the question’s words (DESIGN §5)', () => {
  /** 300 sections that each mention compiling and installing, and one guide that says how to check a build. */
  function crowded() {
    const random = seeded(11);
    const index = new LibraryIndex();
    addKeywordDoc(
      index,
      'big-manual.pdf',
      Array.from({ length: 300 }, (_, i) => ({
        heading: `${i + 1} ${FILLER[i % FILLER.length]}`,
        text: Array.from({ length: 40 }, (_, w) =>
          w % 4 === 1 ? (random() < 0.5 ? 'compiled' : 'installing') : FILLER[Math.floor(random() * FILLER.length)],
        ).join(' '),
      })),
    );
    addKeywordDoc(index, 'install-guide.pdf', [
      { heading: 'Requirements', text: 'You need a C compiler and about 50 megabytes of disk space.' },
      {
        heading: 'Testing',
        text: 'Before installing, type make bench: it runs the test suite on what you compiled in a few seconds.',
      },
    ]);
    addKeywordDoc(index, 'tutorial.pdf', [
      { heading: 'Greetings', text: 'Type 2 + 2 and press Return to see the answer.' },
    ]);
    return index;
  }
  const question = 'check that what I compiled works before installing it';
  const docsOf = (hits: { docName: string }[]) => hits.slice(0, 3).map((h) => h.docName);

  it('without the two rules the manual takes the first three places', () => {
    const hits = search(
      crowded(),
      { text: question, vector: flat() },
      {
        ...DEFAULT_SEARCH_OPTIONS,
        sectionsPerDocument: 0,
        documentCap: { window: 0, perDocument: 0 },
      },
    );
    expect(docsOf(hits)).toEqual(Array(3).fill('big-manual.pdf'));
  });

  it('with them the guide that answers is among the first three', () => {
    const hits = search(crowded(), { text: question, vector: flat() }, DEFAULT_SEARCH_OPTIONS);
    expect(docsOf(hits)).toContain('install-guide.pdf');
    expect(hits.find((h) => h.docName === 'install-guide.pdf')?.headingPath.at(-1)).toBe('Testing');
  });

  it('a question that names the manual keeps the first three places for it', () => {
    const hits = search(crowded(), { text: `${question} in the big manual`, vector: flat() }, DEFAULT_SEARCH_OPTIONS);
    expect(docsOf(hits)).toEqual(Array(3).fill('big-manual.pdf'));
  });
});
