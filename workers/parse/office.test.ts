import { describe, expect, it } from 'vitest';
import { makeDocx, makeZip } from '../../scripts/lib/docx-fixture';
import { makeOdp, makeOdt, makePptx } from '../../scripts/lib/office-fixture';
import { parseOdf, parsePptx } from './office';

const paths = (doc: { blocks: { kind: string; text: string; level?: number }[] }) =>
  doc.blocks.filter((b) => b.kind === 'heading').map((b) => `${b.level} ${b.text}`);

describe('OpenDocument text (.odt)', () => {
  const odt = makeOdt('Harbour Handbook', [
    { heading: 1, text: 'Getting there' },
    { text: 'The ferry from the north pier leaves every twenty minutes.' },
    { heading: 2, text: 'Cycling' },
    { bullets: ['Bicycles are parked in the yard behind the building.', 'Lock the front wheel.'] },
    {
      table: [
        ['Room', 'Seats'],
        ['Lighthouse', '12'],
      ],
    },
  ]);

  it('reads outline levels as headings, paragraphs, list items and tables, with the title from meta.xml', async () => {
    const doc = await parseOdf(odt, 'handbook.odt');
    expect(doc.kind).toBe('odt');
    expect(doc.title).toBe('Harbour Handbook');
    expect(paths(doc)).toEqual(['1 Getting there', '2 Cycling']);
    expect(doc.blocks.some((b) => b.kind === 'list-item' && b.text.includes('Bicycles are parked'))).toBe(true);
    expect(doc.text).toContain('Lighthouse');
  });

  it('leaves out a table of contents (a copy of the headings)', async () => {
    const toc =
      '<text:table-of-content><text:index-body><text:p>Getting there 1</text:p><text:p>Cycling 2</text:p></text:index-body></text:table-of-content>';
    const content = `<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>${toc}<text:h text:outline-level="1">Getting there</text:h><text:p>By ferry.</text:p></office:text></office:body></office:document-content>`;
    const doc = await parseOdf(makeOdt('x', [], [{ name: 'content.xml', data: content }]), 'toc.odt');
    expect(doc.text).not.toContain('Cycling');
    expect(paths(doc)).toEqual(['1 Getting there']);
  });

  it('reads a presentation named .odt as one, and refuses a spreadsheet by name', async () => {
    const doc = await parseOdf(makeOdp('Deck', [{ title: 'Only slide', body: ['Text on it.'] }]), 'deck.odt');
    expect(doc.kind).toBe('odp');
    const sheet = makeOdt(
      'x',
      [{ text: 'a cell' }],
      [{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' }],
    );
    await expect(parseOdf(sheet, 'budget.odt')).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
      message: expect.stringContaining('spreadsheet'),
    });
  });

  it('refuses a password-protected file, XML with entities, a truncated file and another kind of ZIP', async () => {
    const manifest =
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>';
    await expect(
      parseOdf(makeOdt('x', [{ text: 'secret' }], [{ name: 'META-INF/manifest.xml', data: manifest }]), 'locked.odt'),
    ).rejects.toMatchObject({ code: 'DOCUMENT_PROTECTED' });
    const entities =
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"><office:body><office:text>&b;</office:text></office:body></office:document-content>';
    await expect(
      parseOdf(makeOdt('x', [], [{ name: 'content.xml', data: entities }]), 'bomb.odt'),
    ).rejects.toMatchObject({ code: 'ARCHIVE_INVALID', message: expect.stringContaining('entities') });
    await expect(parseOdf(odt.subarray(0, odt.length - 30), 'cut.odt')).rejects.toMatchObject({
      code: 'ARCHIVE_INVALID',
    });
    await expect(parseOdf(makeDocx([{ text: 'a Word file' }]), 'renamed.odt')).rejects.toMatchObject({
      code: 'ARCHIVE_INVALID',
      message: expect.stringContaining('Word document'),
    });
  });
});

describe('OpenDocument presentation (.odp)', () => {
  it('gives one section per slide, the title frame as heading, speaker notes kept, footers left out', async () => {
    const odp = makeOdp('Harbour Induction', [
      {
        title: 'Welcome',
        body: ['Everything for your first week at the harbour office.'],
        notes: ['Greet everyone and hand out the badges.'],
      },
      { body: ['A slide without a title frame.'] },
    ]);
    const doc = await parseOdf(odp, 'induction.odp');
    expect(doc.kind).toBe('odp');
    expect(doc.title).toBe('Harbour Induction');
    expect(paths(doc)).toEqual(['1 Welcome', '2 Speaker notes', '1 Slide 2']);
    expect(doc.text.indexOf('Greet everyone')).toBeGreaterThan(doc.text.indexOf('first week'));
    expect(doc.text).not.toContain('confidential');
  });
});

describe('PowerPoint (.pptx)', () => {
  const pptx = makePptx('Harbour Induction', [
    {
      title: 'Welcome',
      body: ['Everything for your first week at the harbour office.'],
      notes: ['Greet everyone and hand out the badges.'],
    },
    {
      title: 'Getting there',
      body: ['The ferry from the north pier leaves every twenty minutes.'],
      table: [
        ['Pier', 'Minutes'],
        ['North', '20'],
      ],
    },
    { body: ['A slide without a title placeholder.'] },
  ]);

  it('gives one section per slide in presentation order, the title placeholder as heading, speaker notes kept', async () => {
    const doc = await parsePptx(pptx, 'induction.pptx');
    expect(doc.kind).toBe('pptx');
    expect(doc.title).toBe('Harbour Induction');
    expect(paths(doc)).toEqual(['1 Welcome', '2 Speaker notes', '1 Getting there', '1 Slide 3']);
    expect(doc.text.indexOf('Greet everyone')).toBeGreaterThan(doc.text.indexOf('first week'));
    expect(doc.text.indexOf('north pier')).toBeGreaterThan(doc.text.indexOf('Greet everyone'));
  });

  it('keeps tables and leaves out footers and slide numbers', async () => {
    const doc = await parsePptx(pptx, 'induction.pptx');
    expect(doc.text).toMatch(/Pier.*Minutes.*North.*20/s);
    expect(doc.text).not.toContain('confidential');
  });

  it('refuses an encrypted file (an OLE wrapper), a slide outside the file, and another kind of ZIP', async () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(parsePptx(ole, 'locked.pptx')).rejects.toMatchObject({ code: 'DOCUMENT_PROTECTED' });
    const outside = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="slide" Target="../../../etc/passwd"/></Relationships>`;
    await expect(
      parsePptx(
        makePptx('x', [{ title: 'A', body: ['b'] }], [{ name: 'ppt/_rels/presentation.xml.rels', data: outside }]),
        'escape.pptx',
      ),
    ).rejects.toMatchObject({ code: 'ARCHIVE_INVALID' });
    await expect(parsePptx(makeZip([{ name: 'readme.txt', data: 'hello' }]), 'notes.pptx')).rejects.toMatchObject({
      code: 'ARCHIVE_INVALID',
      message: expect.stringContaining('not a PowerPoint'),
    });
  });
});
