/**
 * OpenDocument text (.odt) and presentations (.odp), and PowerPoint (.pptx) → HTML, the same way
 * for indexing (file reader) and for showing the original (the viewer). Only the XML parts that
 * hold text are read: images and media are never decoded, links never fetched, macros never run.
 * XML that declares entities (which could expand a small file enormously or point at other files)
 * is refused; the XML reader (htmlparser2 in XML mode) expands none and fetches nothing either way.
 */
import { Parser } from 'htmlparser2';
import JSZip from 'jszip';
import { resolveInside, xmlTags } from './epub-html';
import { AppError } from '../../common/types';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const folderOf = (path: string) => path.split('/').slice(0, -1).join('/');

/** An XML element with its children (text as strings), names as written (`text:h`, `a:t`). */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: (XmlNode | string)[];
}

function xmlTree(xml: string): XmlNode {
  const root: XmlNode = { name: '', attributes: {}, children: [] };
  const open = [root];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const node: XmlNode = { name, attributes, children: [] };
        open.at(-1)!.children.push(node);
        open.push(node);
      },
      ontext(text) {
        open.at(-1)!.children.push(text);
      },
      onclosetag() {
        if (open.length > 1) open.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return root;
}

const elements = (node: XmlNode) => node.children.filter((c): c is XmlNode => typeof c !== 'string');

/** Every element under `node` named `name` (or one of `name`), depth first, not looking inside the ones found. */
function findAll(node: XmlNode, name: string | readonly string[]): XmlNode[] {
  const wanted = (n: string) => (typeof name === 'string' ? n === name : name.includes(n));
  return elements(node).flatMap((child) => (wanted(child.name) ? [child] : findAll(child, name)));
}

/** The archive's parts that `wanted` names, as text; refuses an XML part that declares entities. */
async function archiveParts(
  bytes: Uint8Array,
  fileName: string,
  wanted: (name: string) => boolean,
): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const file of Object.values(zip.files)) {
    if (file.dir || !wanted(file.name)) continue;
    const xml = await file.async('string');
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
      throw new AppError(
        'ARCHIVE_INVALID',
        `“${fileName}” declares its own XML entities in ${file.name}, which office programs never write (they can expand a small file enormously or point at other files); Carrel does not read them.`,
      );
    }
    parts.set(file.name, xml);
  }
  return parts;
}

const titleOf = (xml: string | undefined) => /<dc:title>([^<]*)<\/dc:title>/.exec(xml ?? '')?.[1]?.trim() ?? '';
const titleTag = (title: string) => (title ? `<title>${escapeHtml(title)}</title>` : '');

// ---- OpenDocument ----

/** The kinds of OpenDocument file, by the `mimetype` entry every package starts with. */
const ODF_KINDS: Record<string, string> = {
  'application/vnd.oasis.opendocument.text': 'text document',
  'application/vnd.oasis.opendocument.presentation': 'presentation',
  'application/vnd.oasis.opendocument.spreadsheet': 'spreadsheet',
  'application/vnd.oasis.opendocument.graphics': 'drawing',
  'application/vnd.oasis.opendocument.formula': 'formula',
};
const ODF_TEXT = 'application/vnd.oasis.opendocument.text';
const ODF_PRESENTATION = 'application/vnd.oasis.opendocument.presentation';

/** Text that is not the document's prose: citation marks, comments, forms, tables of contents and indexes (copies of headings). */
const ODF_SKIP =
  /^(text:note-citation|office:annotation|office:forms|text:table-of-content|text:[a-z-]+-index|text:bibliography|presentation:notes)$/;
/** Presentation frames that repeat on every slide. */
const ODP_FURNITURE = new Set(['page-number', 'footer', 'date-time', 'header']);

/** OpenDocument blocks → HTML: outline levels as headings, paragraphs, lists, tables; footnote bodies where they are cited. */
function odfBlocks(node: XmlNode, out: string[], inParagraph = false): void {
  for (const child of node.children) {
    if (typeof child === 'string') {
      out.push(escapeHtml(child));
      continue;
    }
    const { name } = child;
    if (ODF_SKIP.test(name)) continue;
    if (name === 'text:h') {
      const level = Math.min(6, Math.max(1, Number(child.attributes['text:outline-level'] ?? 1) || 1));
      out.push(`<h${level}>`);
      odfBlocks(child, out, true);
      out.push(`</h${level}>`);
    } else if (name === 'text:p') {
      if (!inParagraph) out.push('<p>');
      odfBlocks(child, out, true);
      if (!inParagraph) out.push('</p>');
    } else if (name === 'text:note-body') {
      // A footnote's paragraphs follow the paragraph that cites it.
      out.push(inParagraph ? '</p>' : '');
      odfBlocks(child, out);
      out.push(inParagraph ? '<p>' : '');
    } else if (name === 'text:s' || name === 'text:tab' || name === 'text:line-break') out.push(' ');
    else if (
      name === 'table:table' ||
      name === 'table:table-row' ||
      name === 'table:table-cell' ||
      name === 'text:list' ||
      name === 'text:list-item'
    ) {
      const tag = {
        'table:table': 'table',
        'table:table-row': 'tr',
        'table:table-cell': 'td',
        'text:list': 'ul',
        'text:list-item': 'li',
      }[name];
      out.push(`<${tag}>`);
      odfBlocks(child, out);
      out.push(`</${tag}>`);
    } else odfBlocks(child, out, inParagraph);
  }
}

/** One slide of an OpenDocument presentation: its title frame as heading, its other frames, its notes. */
function odpSlide(page: XmlNode, index: number): string {
  const slide = {
    ...page,
    children: page.children.filter((c) => typeof c === 'string' || c.name !== 'presentation:notes'),
  };
  const frames = findAll(slide, ['draw:frame', 'draw:custom-shape']).filter(
    (f) => !ODP_FURNITURE.has(f.attributes['presentation:class'] ?? ''),
  );
  const isTitle = (f: XmlNode) => f.attributes['presentation:class'] === 'title';
  const text = (f: XmlNode) => {
    const out: string[] = [];
    odfBlocks(f, out, true);
    return out.join('').replace(/\s+/g, ' ').trim();
  };
  // A slide's own name is used when it has no title, unless it is the default "page3" or "Slide 3".
  const name = page.attributes['draw:name'] ?? '';
  const heading =
    frames.filter(isTitle).map(text).join(' ') ||
    (/^(page|slide)\s*\d+$/i.test(name) || !name ? `Slide ${index + 1}` : name);
  const out = [`<section><h1>${escapeHtml(heading)}</h1>`];
  for (const frame of frames) if (!isTitle(frame)) odfBlocks(frame, out);
  const notes = findAll(page, 'presentation:notes').flatMap((n) =>
    findAll(n, 'draw:frame').filter((f) => f.attributes['presentation:class'] === 'notes'),
  );
  const notesHtml: string[] = [];
  for (const frame of notes) odfBlocks(frame, notesHtml);
  if (
    notesHtml
      .join('')
      .replace(/<[^>]+>/g, '')
      .trim()
  )
    out.push('<h2>Speaker notes</h2>', ...notesHtml);
  out.push('</section>');
  return out.join('');
}

/**
 * An OpenDocument text or presentation, told apart by its `mimetype` (so a presentation named .odt
 * is still read); spreadsheets and drawings are refused by name. A password-protected package is
 * refused: its manifest lists the encryption of its parts.
 */
export async function readOdf(bytes: Uint8Array, fileName: string): Promise<{ kind: 'odt' | 'odp'; html: string }> {
  const parts = await archiveParts(
    bytes,
    fileName,
    (name) => name === 'mimetype' || name === 'content.xml' || name === 'meta.xml' || name === 'META-INF/manifest.xml',
  );
  const mimetype = parts.get('mimetype')?.trim() ?? '';
  if (mimetype !== ODF_TEXT && mimetype !== ODF_PRESENTATION) {
    const kind = ODF_KINDS[mimetype];
    throw new AppError(
      'UNSUPPORTED_TYPE',
      kind
        ? `“${fileName}” is an OpenDocument ${kind}; Carrel reads OpenDocument text (.odt) and presentations (.odp). Save it as PDF and add that.`
        : `“${fileName}” is a ZIP archive, but not an OpenDocument file (it has no known mimetype).`,
    );
  }
  if (/encryption-data/.test(parts.get('META-INF/manifest.xml') ?? '')) {
    throw new AppError(
      'DOCUMENT_PROTECTED',
      `“${fileName}” is protected by a password. Open it, remove the password (File › Properties), save, and add it again.`,
    );
  }
  const body = findAll(xmlTree(parts.get('content.xml') ?? ''), 'office:body')[0];
  const out = [titleTag(titleOf(parts.get('meta.xml')))];
  if (mimetype === ODF_TEXT) for (const text of body ? findAll(body, 'office:text') : []) odfBlocks(text, out);
  else findAll(body ?? xmlTree(''), 'draw:page').forEach((page, i) => out.push(odpSlide(page, i)));
  return { kind: mimetype === ODF_TEXT ? 'odt' : 'odp', html: out.join('') };
}

export const odfToHtml = async (bytes: Uint8Array, fileName: string) => (await readOdf(bytes, fileName)).html;

// ---- PowerPoint ----

/** Placeholders that repeat on every slide and are not its content. */
const PPTX_FURNITURE = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);

interface Shape {
  placeholder: string;
  /** Paragraph texts, or for a table its rows of cell texts. */
  paragraphs: string[];
  table?: string[][];
}

/** A DrawingML paragraph's text: runs, fields and line breaks. */
function paragraphText(p: XmlNode): string {
  const parts: string[] = [];
  const walk = (node: XmlNode) => {
    for (const child of elements(node)) {
      if (child.name === 'a:t') parts.push(child.children.filter((c) => typeof c === 'string').join(''));
      else if (child.name === 'a:br') parts.push(' ');
      else walk(child);
    }
  };
  walk(p);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The text shapes and tables of a slide or notes part, in document order. */
function shapes(xml: string): Shape[] {
  const found: Shape[] = [];
  const walk = (node: XmlNode) => {
    for (const child of elements(node)) {
      if (child.name === 'p:sp') {
        const placeholder = findAll(child, 'p:ph')[0];
        found.push({
          placeholder: placeholder ? (placeholder.attributes.type ?? 'body') : '',
          paragraphs: findAll(child, 'a:p').map(paragraphText).filter(Boolean),
        });
      } else if (child.name === 'a:tbl') {
        const table = findAll(child, 'a:tr').map((row) =>
          findAll(row, 'a:tc').map((cell) => findAll(cell, 'a:p').map(paragraphText).filter(Boolean).join(' ')),
        );
        found.push({ placeholder: '', paragraphs: [], table });
      } else walk(child);
    }
  };
  walk(xmlTree(xml));
  return found.filter((s) => !PPTX_FURNITURE.has(s.placeholder));
}

/** A part's relationships: id → the target's path inside the archive. */
function relationships(parts: Map<string, string>, part: string): Map<string, string> {
  const rels = parts.get(`${folderOf(part)}/_rels/${part.split('/').pop()}.rels`) ?? '';
  return new Map(
    xmlTags(rels)
      .filter((t) => t.name === 'relationship' && t.attributes.TargetMode !== 'External')
      .map((t) => [t.attributes.Id ?? '', resolveInside(folderOf(part), t.attributes.Target ?? '') ?? '']),
  );
}

const isTitle = (shape: Shape) => shape.placeholder === 'title' || shape.placeholder === 'ctrTitle';

function shapeHtml(shape: Shape): string {
  if (shape.table)
    return `<table>${shape.table.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('')}</table>`;
  return shape.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
}

/** PowerPoint: one section per slide in presentation order, its title as heading, tables kept, speaker notes kept; footers, dates and slide numbers left out. */
export async function pptxToHtml(bytes: Uint8Array, fileName: string): Promise<string> {
  const parts = await archiveParts(
    bytes,
    fileName,
    (name) =>
      /^(ppt\/(presentation\.xml|slides\/|notesSlides\/|_rels\/)|docProps\/core\.xml)/.test(name) &&
      /\.(xml|rels)$/.test(name),
  );
  const presentation = 'ppt/presentation.xml';
  const rels = relationships(parts, presentation);
  const order = xmlTags(parts.get(presentation) ?? '')
    .filter((t) => t.name === 'sldid')
    .map((t) => rels.get(t.attributes['r:id'] ?? '') ?? '');
  const out = [titleTag(titleOf(parts.get('docProps/core.xml')))];
  order.forEach((slidePath, i) => {
    const slide = parts.get(slidePath);
    if (slide === undefined)
      throw new AppError(
        'ARCHIVE_INVALID',
        `“${fileName}” lists a slide it does not contain (${slidePath || 'outside the file'}).`,
      );
    const all = shapes(slide);
    const heading = all.find(isTitle)?.paragraphs.join(' ') || `Slide ${i + 1}`;
    out.push(`<section><h1>${escapeHtml(heading)}</h1>`, ...all.filter((s) => !isTitle(s)).map(shapeHtml));
    const notesPath = [...relationships(parts, slidePath).values()].find((path) => path.startsWith('ppt/notesSlides/'));
    const notes = notesPath
      ? shapes(parts.get(notesPath) ?? '')
          .filter((s) => s.placeholder === 'body')
          .flatMap((s) => s.paragraphs)
      : [];
    if (notes.length) out.push('<h2>Speaker notes</h2>', ...notes.map((p) => `<p>${escapeHtml(p)}</p>`));
    out.push('</section>');
  });
  return out.join('');
}

/** The HTML of an office file of `kind`, for the viewer. */
export function officeToHtml(kind: 'odt' | 'odp' | 'pptx', bytes: Uint8Array, fileName: string): Promise<string> {
  return kind === 'pptx' ? pptxToHtml(bytes, fileName) : odfToHtml(bytes, fileName);
}
