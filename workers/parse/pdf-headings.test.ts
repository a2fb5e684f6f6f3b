/** Heading paths of PDFs, from lines as pdf-lines makes them: outline entries at every depth, numbered body-size headings, footnote marks. */
import { describe, expect, it } from 'vitest';
import { sectionsByHeading } from '../chunk/sections';
import { assemble, buildDrafts } from './pdf-headings';
import type { Line } from './pdf-lines';
import type { OutlineHeading } from './pdf-outline';
import { SectionNumbers } from './section-numbers';

const BODY = 10;
const prose = (topic: string, n = 6) =>
  Array.from(
    { length: n },
    (_, i) => `Running text about ${topic}, line ${i} of the paragraph, long enough to be body text`,
  );

/** One page of lines from [text, size] pairs, top to bottom, 12 points apart (a blank line before each heading). */
function page(number: number, rows: [string, number][]): Line[] {
  let y = 760;
  return rows.map(([text, size]) => {
    y -= size > BODY || /^\d/.test(text) ? 30 : 12;
    return { text, size, x: 72, y, page: number };
  });
}

const body = (topic: string): [string, number][] => prose(topic).map((text) => [text, BODY]);

function headingPaths(pages: Line[][], outline: OutlineHeading[] = []): string[][] {
  const parsed = assemble(buildDrafts(pages, outline), pages.length, null, '', 'guide.pdf');
  return sectionsByHeading(parsed.blocks, parsed.title).map((s) => s.headingPath);
}

const entry = (title: string, level: number, pageNumber: number): OutlineHeading => ({
  key: title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''),
  title,
  level,
  page: pageNumber,
});

describe('PDF heading paths', () => {
  it('takes the title from the first heading with a word in it, not from scraps OCR read off a picture', () => {
    const pages = [page(1, [['ha te 1]', 16], ...body('the raft'), ['The River', 16], ...body('the river')])];
    expect(assemble(buildDrafts(pages, []), 1, null, '', 'huck.pdf').title).toBe('The River');
    expect(
      assemble(buildDrafts([page(1, [['ha te 1]', 16], ...body('the raft')])], []), 1, null, '', 'huck.pdf').title,
    ).toBe('huck');
  });

  it('never makes a section title of a large line with no real word in it (OCR scraps, rules)', () => {
    const pages = [
      page(1, [['The River', 16], ...body('the river'), ['ha te 1]', 16], ...body('the raft'), ['• • •', 16]]),
    ];
    expect(headingPaths(pages)).toEqual([['The River']]);
  });

  it('keeps a level-3 outline entry as its own heading under its parents', () => {
    const pages = [
      page(1, [['3 Basic Shell Features', 14], ...body('features'), ['3.6 Redirections', 12], ...body('redirections')]),
      page(2, [
        ['3.6.6 Here Documents', 11],
        ...body('here documents'),
        ['3.6.7 Here Strings', 11],
        ...body('here strings'),
      ]),
    ];
    const outline = [
      entry('3 Basic Shell Features', 1, 1),
      entry('3.6 Redirections', 2, 1),
      entry('3.6.6 Here Documents', 3, 2),
      entry('3.6.7 Here Strings', 3, 2),
    ];
    expect(headingPaths(pages, outline)).toEqual([
      ['3 Basic Shell Features'],
      ['3 Basic Shell Features', '3.6 Redirections'],
      ['3 Basic Shell Features', '3.6 Redirections', '3.6.6 Here Documents'],
      ['3 Basic Shell Features', '3.6 Redirections', '3.6.7 Here Strings'],
    ]);
  });

  it('finds numbered headings set at body size under a numbered chapter, with their depth from the number', () => {
    const pages = [
      page(1, [['Incident Handling Guide', 18], ['3. Handling an Incident', 14], ...body('handling')]),
      page(2, [
        ['3.2 Detection and Analysis', BODY],
        ...body('detection'),
        ['3.2.4 Incident Analysis', BODY],
        ...body('analysis'),
      ]),
      page(3, [
        ['4. Coordination', 14],
        ...body('coordination'),
        ['4.1.2 Sharing Agreements', BODY],
        ...body('agreements'),
      ]),
    ];
    expect(headingPaths(pages)).toEqual([
      ['Incident Handling Guide', '3. Handling an Incident'],
      ['Incident Handling Guide', '3. Handling an Incident', '3.2 Detection and Analysis'],
      ['Incident Handling Guide', '3. Handling an Incident', '3.2 Detection and Analysis', '3.2.4 Incident Analysis'],
      ['Incident Handling Guide', '4. Coordination'],
      ['Incident Handling Guide', '4. Coordination', '4.1.2 Sharing Agreements'],
    ]);
  });

  it('leaves body lines that merely open with a number in their paragraph', () => {
    const pages = [
      page(1, [['Incident Handling Guide', 18], ['3. Handling an Incident', 14], ...body('handling')]),
      page(2, [
        ['2.5 Million Records Were Exposed', BODY],
        ...body('exposure'),
        ['3.3.2 presents more information about evidence', BODY],
        ['3.4 Lessons learned are summarised in Table 3-1.', BODY],
        ['3.5 Incident Checklist … 42', BODY],
      ]),
    ];
    expect(headingPaths(pages)).toEqual([['Incident Handling Guide', '3. Handling an Incident']]);
  });

  it('drops a footnote number set small on its own line, so it does not end the paragraph above', () => {
    const pages = [
      page(1, [
        ['Guide', 18],
        ['1. Scope', 14],
        ...body('scope'),
        ['14', 6],
        ['OMB Memorandum M-07-16 is the source of this requirement', 8],
      ]),
    ];
    const parsed = assemble(buildDrafts(pages, []), 1, null, '', 'guide.pdf');
    expect(parsed.text).not.toMatch(/\b14\b/);
    expect(parsed.text).toContain('OMB Memorandum');
  });

  it('runs a word cut by a line-end hyphen on into the next line, whatever its indent or size', () => {
    const lines: Line[] = [
      { text: 'Guide', size: 18, x: 72, y: 760, page: 1 },
      ...prose('context').map((text, i) => ({ text, size: BODY, x: 72, y: 730 - i * 12, page: 1 })),
      // A bullet's wrapped line back at the bullet's x, and a dash item's first line set a point larger.
      { text: '• Computer systems organization; Re-', size: BODY, x: 72, y: 640, page: 1 },
      { text: 'dundancy; Robotics.', size: BODY, x: 72, y: 628, page: 1 },
      { text: '– outsource 24-hours-a-day, 7-days-a-', size: BODY + 1, x: 72, y: 610, page: 1 },
      { text: 'week monitoring of sensors.', size: BODY, x: 82, y: 598, page: 1 },
    ];
    const { text } = assemble(buildDrafts([lines], []), 1, null, '', 'guide.pdf');
    expect(text).toContain('Computer systems organization; Redundancy; Robotics.');
    expect(text).toContain('7-days-aweek monitoring');
  });
});

describe('SectionNumbers', () => {
  it('forgets the chapter at an unnumbered heading of the same level (an appendix)', () => {
    const numbers = new SectionNumbers();
    numbers.noteHeading('3. Handling an Incident', 2);
    expect(numbers.levelOf('3.1 Preparation')).toBe(3);
    numbers.noteHeading('Appendix A — Scenarios', 2);
    expect(numbers.levelOf('3.1 Preparation')).toBeNull();
  });
});
