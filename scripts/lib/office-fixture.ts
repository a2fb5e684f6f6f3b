/**
 * Small OpenDocument text and presentation (.odt, .odp) and PowerPoint (.pptx) files for tests, made from text with the
 * ZIP writer of docx-fixture.ts: only the parts each format needs to be read.
 */
import { makeZip, type ZipInput } from './docx-fixture';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type OdtBlock =
  { heading: number; text: string } | { text: string } | { bullets: string[] } | { table: string[][] };

const ODT_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"';

function odtBlock(block: OdtBlock): string {
  if ('heading' in block) return `<text:h text:outline-level="${block.heading}">${escape(block.text)}</text:h>`;
  if ('bullets' in block)
    return `<text:list>${block.bullets.map((b) => `<text:list-item><text:p>${escape(b)}</text:p></text:list-item>`).join('')}</text:list>`;
  if ('table' in block)
    return `<table:table>${block.table.map((row) => `<table:table-row>${row.map((c) => `<table:table-cell><text:p>${escape(c)}</text:p></table:table-cell>`).join('')}</table:table-row>`).join('')}</table:table>`;
  return `<text:p>${escape(block.text)}</text:p>`;
}

/** A minimal .odt: `title` in meta.xml, `blocks` in content.xml; `extra` adds or replaces parts. */
export function makeOdt(title: string, blocks: OdtBlock[], extra: ZipInput[] = []): Buffer {
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODT_NS}><office:body><office:text>${blocks.map(odtBlock).join('')}</office:text></office:body></office:document-content>`;
  const meta = `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODT_NS} xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta><dc:title>${escape(title)}</dc:title></office:meta></office:document-meta>`;
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  const parts: ZipInput[] = [
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
    { name: 'content.xml', data: content },
    { name: 'meta.xml', data: meta },
    { name: 'META-INF/manifest.xml', data: manifest },
  ];
  return makeZip([...parts.filter((p) => !extra.some((e) => e.name === p.name)), ...extra]);
}

/** A minimal .odp: one draw:page per slide (title frame, outline frame, a footer frame, notes). */
export function makeOdp(title: string, slides: Slide[]): Buffer {
  const NS = `${ODT_NS} xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"`;
  const frame = (kind: string, paragraphs: string[]) =>
    `<draw:frame presentation:class="${kind}"><draw:text-box>${paragraphs.map((t) => `<text:p>${escape(t)}</text:p>`).join('')}</draw:text-box></draw:frame>`;
  const pages = slides.map(
    (slide, i) =>
      `<draw:page draw:name="page${i + 1}">${slide.title ? frame('title', [slide.title]) : ''}${frame('outline', slide.body)}${frame('footer', ['Harbour Office · confidential'])}${slide.notes ? `<presentation:notes>${frame('notes', slide.notes)}</presentation:notes>` : ''}</draw:page>`,
  );
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS}><office:body><office:presentation>${pages.join('')}</office:presentation></office:body></office:document-content>`;
  const meta = `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODT_NS} xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta><dc:title>${escape(title)}</dc:title></office:meta></office:document-meta>`;
  return makeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.presentation' },
    { name: 'content.xml', data: content },
    { name: 'meta.xml', data: meta },
  ]);
}

export interface Slide {
  title?: string;
  body: string[];
  notes?: string[];
  /** A table's rows of cells, after the body. */
  table?: string[][];
}

const P_NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const RELS_NS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';

const shape = (type: string | null, paragraphs: string[]) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>${type ? `<p:ph type="${type}"/>` : ''}</p:nvPr></p:nvSpPr><p:txBody>${paragraphs.map((t) => `<a:p><a:r><a:t>${escape(t)}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`;

/**
 * A minimal .pptx. Slides are stored under file names in reverse, so only the presentation's own
 * list (sldIdLst) gives their order; `extra` adds or replaces parts.
 */
export function makePptx(title: string, slides: Slide[], extra: ZipInput[] = []): Buffer {
  const file = (i: number) => `slide${slides.length - i}.xml`;
  const parts: ZipInput[] = [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: 'docProps/core.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escape(title)}</dc:title></cp:coreProperties>`,
    },
    {
      name: 'ppt/presentation.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${P_NS}><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships ${RELS_NS}>${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/${file(i)}"/>`).join('')}</Relationships>`,
    },
  ];
  slides.forEach((slide, i) => {
    const table = slide.table
      ? `<p:graphicFrame><a:graphic><a:graphicData><a:tbl>${slide.table.map((row) => `<a:tr>${row.map((c) => `<a:tc><a:txBody><a:p><a:r><a:t>${escape(c)}</a:t></a:r></a:p></a:txBody></a:tc>`).join('')}</a:tr>`).join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`
      : '';
    // Every slide has a footer and a slide number, as PowerPoint's layouts add them.
    const shapes = [
      ...(slide.title ? [shape('title', [slide.title])] : []),
      shape(null, slide.body),
      table,
      shape('ftr', ['Harbour Office · confidential']),
      shape('sldNum', [String(i + 1)]),
    ].join('');
    parts.push({
      name: `ppt/slides/${file(i)}`,
      data: `<?xml version="1.0" encoding="UTF-8"?><p:sld ${P_NS}><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`,
    });
    if (slide.notes) {
      parts.push({
        name: `ppt/slides/_rels/${file(i)}.rels`,
        data: `<?xml version="1.0" encoding="UTF-8"?><Relationships ${RELS_NS}><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide" Target="../notesSlides/notes${i + 1}.xml"/></Relationships>`,
      });
      parts.push({
        name: `ppt/notesSlides/notes${i + 1}.xml`,
        data: `<?xml version="1.0" encoding="UTF-8"?><p:notes ${P_NS}><p:cSld><p:spTree>${shape('sldImg', [])}${shape('body', slide.notes)}</p:spTree></p:cSld></p:notes>`,
      });
    }
  });
  return makeZip([...parts.filter((p) => !extra.some((e) => e.name === p.name)), ...extra]);
}
