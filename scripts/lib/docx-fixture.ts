/**
 * Small Word documents and hostile archives for tests, made from text (no Word, no pandoc): a ZIP
 * writer (stored or deflated entries) and the five parts a .docx needs, with real heading styles.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Buffer | string;
}

/** A ZIP archive of `entries`, deflated or stored; `declare` overrides an entry's declared inflated size (to fake a bomb). */
export function makeZip(entries: ZipInput[], { deflate = true, declare = {} as Record<string, number> } = {}): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const stored = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = declare[entry.name] ?? data.length;
    // The local header and the directory entry share one run of fields (method … name length);
    // it starts at byte 8 of the first and byte 10 of the second.
    const header = (signature: number, length: number, fieldsAt: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, fieldsAt - 4); // version needed to extract
      b.writeUInt16LE(deflate ? 8 : 0, fieldsAt);
      b.writeUInt32LE(crc32(data), fieldsAt + 6);
      b.writeUInt32LE(stored.length, fieldsAt + 10);
      b.writeUInt32LE(size, fieldsAt + 14);
      b.writeUInt16LE(name.length, fieldsAt + 18);
      return b;
    };
    const local = header(0x04034b50, 30, 8);
    const central = header(0x02014b50, 46, 10);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    directory.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export type DocxBlock =
  { heading: 1 | 2 | 3; text: string } | { text: string } | { bullets: string[] } | { table: string[][] };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string) => `<w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;
const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${run(text)}</w:p>`;

function body(blocks: DocxBlock[]): string {
  return blocks
    .map((block) => {
      if ('heading' in block) return paragraph(block.text, `Heading${block.heading}`);
      if ('bullets' in block)
        return block.bullets
          .map(
            (item) =>
              `<w:p><w:pPr><w:pStyle w:val="ListBullet"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run(item)}</w:p>`,
          )
          .join('');
      if ('table' in block)
        return `<w:tbl>${block.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
      return paragraph(block.text);
    })
    .join('');
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const style = (id: string, name: string) =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;

/** The parts of a .docx holding `blocks`, Word's built-in heading styles included; `extra` parts are added as they are. */
export function docxParts(blocks: DocxBlock[], extra: ZipInput[] = []): ZipInput[] {
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`,
    },
    {
      name: 'word/styles.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}${style('Heading3', 'heading 3')}${style('ListBullet', 'List Bullet')}</w:styles>`,
    },
    {
      name: 'word/numbering.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body(blocks)}</w:body></w:document>`,
    },
    ...extra,
  ];
}

export const makeDocx = (blocks: DocxBlock[], extra: ZipInput[] = []): Buffer => makeZip(docxParts(blocks, extra));
