import { describe, expect, it } from 'vitest';
import { makeDocx, makeZip, docxParts } from '../../scripts/lib/docx-fixture';
import { sectionsByHeading } from '../chunk/sections';
import { parseDocx } from './docx';
import { checkZip, readZipDirectory } from './zip-limits';
import { bytes, refusal } from './parse.test-support';

const GUIDE = makeDocx([
  { heading: 1, text: 'Harbour Office Handbook' },
  { text: 'Everything a new colleague needs in the first week.' },
  { heading: 2, text: 'Getting there' },
  { text: 'The ferry from the north pier leaves every twenty minutes.' },
  { heading: 3, text: 'Bicycles' },
  { bullets: ['Park in the yard behind the building.', 'Lock the front wheel.'] },
  { heading: 2, text: 'Rooms' },
  {
    table: [
      ['Room', 'Seats'],
      ['Lighthouse', '12'],
      ['Dock', '4'],
    ],
  },
]);

describe('parseDocx', () => {
  it("reads Word's heading styles as the heading path, and lists and tables as text", async () => {
    const parsed = await parseDocx(bytes(GUIDE), 'handbook.docx');
    expect(parsed.kind).toBe('docx');
    expect(parsed.title).toBe('Harbour Office Handbook');
    const paths = sectionsByHeading(parsed.blocks, parsed.title).map((s) => s.headingPath.join(' › '));
    expect(paths).toContain('Harbour Office Handbook › Getting there › Bicycles');
    expect(paths).toContain('Harbour Office Handbook › Rooms');
    expect(parsed.blocks.filter((b) => b.kind === 'list-item').map((b) => b.text)).toEqual([
      'Park in the yard behind the building.',
      'Lock the front wheel.',
    ]);
    expect(parsed.text).toContain('Lighthouse');
  });

  it('keeps a footnote’s text, after the paragraph that cites it', async () => {
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const document = `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p><w:r><w:t>The ferry leaves every twenty minutes.</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p></w:body></w:document>`;
    const footnotes = `<?xml version="1.0" encoding="UTF-8"?><w:footnotes ${W}><w:footnote w:id="1"><w:p><w:r><w:t>On Sundays only every forty minutes.</w:t></w:r></w:p></w:footnote></w:footnotes>`;
    const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>`;
    const parts = docxParts([])
      .filter((part) => part.name !== 'word/document.xml' && part.name !== 'word/_rels/document.xml.rels')
      .concat([
        { name: 'word/document.xml', data: document },
        { name: 'word/_rels/document.xml.rels', data: rels },
        { name: 'word/footnotes.xml', data: footnotes },
      ]);
    const parsed = await parseDocx(bytes(makeZip(parts)), 'ferry.docx');
    expect(parsed.text).toContain('On Sundays only every forty minutes.');
    expect(parsed.text.indexOf('forty minutes')).toBeGreaterThan(parsed.text.indexOf('twenty minutes'));
  });

  it('refuses an encrypted or old-format Word file, saying how to fix it', async () => {
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect((await refusal(parseDocx(ole, 'secret.docx'))).code).toBe('DOCUMENT_PROTECTED');
  });

  it('refuses a truncated file, a file that is not a ZIP, and a ZIP that is not a Word document', async () => {
    expect((await refusal(parseDocx(bytes(GUIDE.subarray(0, GUIDE.length - 40)), 'cut.docx'))).code).toBe(
      'ARCHIVE_INVALID',
    );
    expect((await refusal(parseDocx(new TextEncoder().encode('just some text'), 'notes.docx'))).code).toBe(
      'ARCHIVE_INVALID',
    );
    const other = await refusal(
      parseDocx(bytes(makeZip([{ name: 'photo-list.txt', data: 'beach.jpg' }])), 'holiday.docx'),
    );
    expect(other.code).toBe('ARCHIVE_INVALID');
    expect(other.message).toContain('not a Word document');
  });

  it('refuses a zip bomb from its declared sizes, before inflating anything', async () => {
    const declared = makeZip(docxParts([{ text: 'tiny' }]), { declare: { 'word/document.xml': 3 * 2 ** 30 } });
    const error = await refusal(parseDocx(bytes(declared), 'bomb.docx'));
    expect(error.code).toBe('ARCHIVE_BOMB');
    expect(error.message).toMatch(/would unpack to [\d,]+ MB/);
    // A real one: 20 MB of one letter deflates ~1000 times.
    const ratio = makeDocx(
      [{ text: 'x' }],
      [{ name: 'word/media/padding.bin', data: Buffer.alloc(20 * 2 ** 20, 120) }],
    );
    expect((await refusal(parseDocx(bytes(ratio), 'ratio.docx'))).message).toContain('zip bomb');
  });
  it('refuses XML that declares entities (expansion or external files), expanding and fetching nothing', async () => {
    const doctype =
      '<!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    const parts = docxParts([{ text: 'hello &c; &xxe;' }]).map((p) =>
      p.name === 'word/document.xml'
        ? { ...p, data: String(p.data).replace('encoding="UTF-8"?>', `encoding="UTF-8"?>${doctype}`) }
        : p,
    );
    const error = await refusal(parseDocx(bytes(makeZip(parts)), 'entities.docx'));
    expect(error.code).toBe('ARCHIVE_INVALID');
    expect(error.message).toContain('XML entities');
  });
});

describe('zip limits', () => {
  it('lists the entries of an archive and refuses too many of them', () => {
    const entries = readZipDirectory(
      bytes(
        makeZip([
          { name: 'a.txt', data: 'a' },
          { name: 'b.txt', data: 'bb' },
        ]),
      ),
      'x.zip',
    );
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['a.txt', 1],
      ['b.txt', 2],
    ]);
    expect(() => checkZip(entries, 'x.zip', { entries: 1, totalSize: 1e9, ratio: 100 })).toThrow(/holds 2 files/);
  });
});
