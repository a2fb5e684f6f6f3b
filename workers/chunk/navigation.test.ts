import { describe, expect, it } from 'vitest';
import type { Block, ParsedDocument } from '../../common/types';
import { parseText } from '../parse/text';
import { chunkDocument } from './chunker';
import { contentBlocks } from './navigation';

const countTokens = (text: string) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
/** Whether one paragraph on its own is left out as a table of contents, a list of figures or an index. */
const isNavigation = (text: string) =>
  contentBlocks([{ kind: 'paragraph', text, start: 0, end: text.length }]).length === 0;

/** A PDF's contents page: pdf.js lines joined into one paragraph, dot leaders already one "…". */
const PDF_CONTENTS =
  'Preface … vii 1 Getting started … 1 1.1 Installing the package … 3 1.2 Setting up a profile … 7 ' +
  '2 Working with archives … 12 2.1 Compressing files … 14 2.2 Unpacking archives … 19 3 Scheduling backups … 25';
/** The same without leaders, numbers right after the entries' words. */
const BARE_CONTENTS =
  'Introduction 1 Installing the package 3 Setting up a profile 7 Working with archives 12 ' +
  'Compressing files 14 Unpacking archives 19 Scheduling backups 25 Troubleshooting 31';
const TEXT_CONTENTS = [
  'Installing the package ......................... 3',
  'Setting up a profile ........................... 7',
  'Compressing files .............................. 14',
  'Unpacking archives ............................. 19',
].join('\n');
const BOOK_INDEX =
  'archives, 12, 19–21 backups, 25 compression, 14, 16 cron, 27 daemons, 30–33 gzip, 14 profiles, 7, 9 ' +
  'restoring, 21 scheduling, 25–28 tar, 12, 19';

describe('a paragraph on its own', () => {
  it('tells tables of contents (with and without dot leaders, joined or on lines) and indexes', () => {
    expect(isNavigation(PDF_CONTENTS)).toBe(true);
    expect(isNavigation(BARE_CONTENTS)).toBe(true);
    expect(isNavigation(TEXT_CONTENTS)).toBe(true);
    expect(isNavigation(BOOK_INDEX)).toBe(true);
  });

  it('tells an index whose entries start in lower case and list several pages after a leader', () => {
    // R-intro.pdf's function index as pdf.js reads it: group letters between the entries.
    expect(isNavigation('A abline … 71 ace … 67 add1 … 60 anova … 58, 60 aov … 59 B boxplot … 40')).toBe(true);
    expect(isNavigation('call trace … 14 invoking dvips … 35 Invoking lilypond … 2')).toBe(true);
  });

  it('keeps prose with an ellipsis before a number', () => {
    expect(isNavigation('We waited … 3 hours passed, and then the server answered with a long list of errors.')).toBe(
      false,
    );
  });

  it('keeps prose that cites pages, numbered steps, tables of figures and dates', () => {
    expect(
      isNavigation(
        'Compressing files is covered in chapter 2 on page 14, and archives are unpacked as shown on page 19. ' +
          'Backups are scheduled with cron; see section 3 for the details of the profile format.',
      ),
    ).toBe(false);
    expect(isNavigation('1 Open the settings. 2 Choose a profile. 3 Press Start and wait for 10 seconds.')).toBe(false);
    expect(isNavigation('Region North 120 95 87 Region South 60 75 44 Region East 88 31 12 Region West 9 4 2')).toBe(
      false,
    );
    expect(
      isNavigation('Released in 1998 The second edition followed in 2004 and a third in 2011 with 12 chapters.'),
    ).toBe(false);
    expect(isNavigation('The server listens on port 8080 by default.')).toBe(false);
    expect(isNavigation('Width 1 Width 2 Depth 1 Depth 2 Depth 3 Depth 4')).toBe(false);
    expect(isNavigation('Flag Default Meaning --jobs 100 --depth 300 --depth* 400')).toBe(false);
  });
});

describe('chunkDocument leaves front and back matter out of the passages', () => {
  /** The sections holding a contents passage: navigation kept apart (`contents`), not content. */
  const contentsSections = (doc: ReturnType<typeof chunkDocument>) =>
    new Set(doc.propositions.filter((p) => p.type === 'contents').map((p) => p.sectionId));
  /** Every passage that is content (sections and propositions). */
  const all = (doc: ReturnType<typeof chunkDocument>) => [
    ...doc.sections.filter((s) => !contentsSections(doc).has(s.id)).map((s) => s.text),
    ...doc.propositions.filter((p) => p.type !== 'contents').map((p) => p.text),
  ];
  const contents = (doc: ReturnType<typeof chunkDocument>) =>
    doc.propositions
      .filter((p) => p.type === 'contents')
      .map((p) => p.text)
      .join(' ');

  it('a PDF-like contents page under a "Contents" heading is neither a section nor a passage', () => {
    const parts: [Block['kind'], string, number?][] = [
      ['heading', 'Backup Guide', 1],
      ['paragraph', 'A guide to keeping copies of your files safe, for people who have lost one.'],
      ['heading', 'Contents', 1],
      // Chapter lines set larger are paragraphs of their own, one entry each.
      ['paragraph', 'Preface … v'],
      ['paragraph', 'Getting started … 1'],
      ['paragraph', PDF_CONTENTS],
      ['paragraph', '4 Restoring lost files and folders . . 40'],
      ['paragraph', 'Appendix A Glossary … 52'],
      ['heading', 'Installing the package', 1],
      ['paragraph', 'Run the installer as root. It puts the program in /usr/bin and writes a default profile.'],
      ['heading', 'Index', 1],
      ['paragraph', BOOK_INDEX],
    ];
    let text = '';
    const blocks: Block[] = parts.map(([kind, body, level], page) => {
      if (text) text += '\n\n';
      const start = text.length;
      text += body;
      return { kind, text: body, start, end: text.length, pages: [page + 1], ...(level ? { level } : {}) };
    });
    const parsed: ParsedDocument = { kind: 'pdf', title: 'Backup Guide', text, blocks, pageCount: parts.length };
    const doc = chunkDocument(parsed, 'doc-1', { countTokens });
    for (const passage of all(doc)) {
      expect(passage).not.toContain('Setting up a profile');
      expect(passage).not.toContain('compression, 14');
      expect(passage).not.toMatch(/Preface|Getting started|Restoring lost|Glossary/);
    }
    expect(doc.propositions.map((p) => p.text)).toContain(
      'Run the installer as root. It puts the program in /usr/bin and writes a default profile.',
    );
    const content = doc.sections.filter((s) => !contentsSections(doc).has(s.id));
    expect(content.flatMap((s) => s.headingPath)).not.toContain('Contents');
    // Still there for a person who asks for the contents, in sections of their own after the content.
    expect(contents(doc)).toContain('Setting up a profile');
    expect(contents(doc)).toContain('compression, 14');
    expect(doc.sections.at(-1)!.headingPath.at(-1)).toBe('Index');
    expect(doc.sections.slice(0, content.length)).toEqual(content);
  });

  it('short lists of figures and tables beside the contents go with it, across their titles', () => {
    // NIST-CSF-2014.pdf's front matter: two entries a list, each list under a title line.
    const parts = [
      'Framework for Improving Critical Infrastructure Cybersecurity',
      'Table of Contents',
      PDF_CONTENTS,
      'List of Figures',
      'Figure 1: Framework Core Structure … 7 Figure 2: Information and Decision Flows … 12',
      'List of Tables',
      'Table 1: Function and Category Unique Identifiers … 19 Table 2: Framework Core … 20',
      'The Framework is a risk-based approach to managing cybersecurity risk, in three parts.',
    ];
    const doc = chunkDocument(parseText(`${parts.join('\n\n')}\n`, 'framework.txt'), 'doc-3', { countTokens });
    const passages = all(doc).join(' ');
    expect(passages).not.toMatch(/Figure 1|Table 2/);
    expect(passages).toContain('a risk-based approach');
  });

  it('a text file whose contents list sits between its title and its first chapter', () => {
    const doc = chunkDocument(
      parseText(
        `Backup Guide\n\n${TEXT_CONTENTS}\n\nInstalling the package\n\nRun the installer as root. It writes a default profile.\n`,
        'guide.txt',
      ),
      'doc-2',
      { countTokens },
    );
    for (const passage of all(doc)) expect(passage).not.toContain('Compressing files');
    expect(contents(doc)).toContain('Compressing files');
    expect(all(doc).join(' ')).toContain('Run the installer as root.');
  });
});
