/**
 * OpenDocument text (.odt) and PowerPoint (.pptx) → HTML, the same way for indexing (ingest
 * worker) and for showing the original (the viewer). Only the XML parts that hold text are read:
 * images and media are never decoded, links never fetched, macros never run. XML that declares
 * entities (which could expand a small file enormously or point at other files) is refused; the
 * XML reader (htmlparser2 in XML mode) expands none and fetches nothing either way.
 */
import { Parser } from 'htmlparser2';
import JSZip from 'jszip';
import { resolveInside, xmlTags } from './epub-html';
import { AppError } from './types';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const folderOf = (path: string) => path.split('/').slice(0, -1).join('/');

/** The archive's XML parts that `wanted` names, as text; refuses a part that declares entities. */
async function xmlParts(bytes: Uint8Array, fileName: string, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const file of Object.values(zip.files)) {
    if (file.dir || !wanted(file.name)) continue;
    const xml = await file.async('string');
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
      throw new AppError('ARCHIVE_INVALID', `“${fileName}” declares its own XML entities in ${file.name}, which office programs never write (they can expand a small file enormously or point at other files); Carrel does not read them.`);
    }
    parts.set(file.name, xml);
  }
  return parts;
}

const titleOf = (xml: string | undefined) => /<dc:title>([^<]*)<\/dc:title>/.exec(xml ?? '')?.[1]?.trim() ?? '';

/** OpenDocument text: outline levels as headings, paragraphs, lists and tables; footnote bodies where they are cited. */
export async function odtToHtml(bytes: Uint8Array, fileName: string): Promise<string> {
  const parts = await xmlParts(bytes, fileName, (name) => name === 'content.xml' || name === 'meta.xml' || name === 'META-INF/manifest.xml');
  // An ODF package encrypts its parts and lists the keys in its manifest.
  if (/encryption-data/.test(parts.get('META-INF/manifest.xml') ?? '')) {
    throw new AppError('DOCUMENT_PROTECTED', `“${fileName}” is protected by a password. Open it, remove the password (File › Properties), save, and add it again.`);
  }
  const title = titleOf(parts.get('meta.xml'));
  const out: string[] = [title ? `<title>${escapeHtml(title)}</title>` : ''];
  const open: string[] = [];
  const headingLevels: number[] = [];
  const CLOSE: Record<string, string> = { 'text:p': '</p>', 'table:table-cell': '</td>', 'table:table-row': '</tr>', 'table:table': '</table>', 'text:list': '</ul>', 'text:list-item': '</li>' };
  let skip = 0;
  const inHeading = () => open.includes('text:h');
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(name);
        if (skip) return void skip++;
        // The citation mark ("1") and comments are not the text; forms hold no prose.
        if (name === 'text:note-citation' || name === 'office:annotation' || name === 'office:forms') return void (skip = 1);
        if (name === 'text:h') {
          const level = Math.min(6, Math.max(1, Number(attributes['text:outline-level'] ?? 1) || 1));
          headingLevels.push(level);
          out.push(`<h${level}>`);
        } else if (name === 'text:p') out.push(inHeading() ? '' : '<p>');
        else if (name === 'table:table') out.push('<table>');
        else if (name === 'table:table-row') out.push('<tr>');
        else if (name === 'table:table-cell') out.push('<td>');
        else if (name === 'text:list') out.push('<ul>');
        else if (name === 'text:list-item') out.push('<li>');
        else if (name === 'text:s' || name === 'text:tab' || name === 'text:line-break') out.push(' ');
        else if (name === 'text:note-body') out.push('</p><p>');
      },
      ontext(text) {
        if (!skip && open.includes('office:text')) out.push(escapeHtml(text));
      },
      onclosetag(name) {
        open.pop();
        if (skip) return void skip--;
        if (name === 'text:h') out.push(`</h${headingLevels.pop() ?? 1}>`);
        else if (name === 'text:p' && inHeading()) return;
        else if (CLOSE[name]) out.push(CLOSE[name]);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(parts.get('content.xml') ?? '');
  parser.end();
  return out.join('');
}

interface Shape {
  placeholder: string;
  paragraphs: string[];
}

/** The text shapes of a slide or notes part, each with its placeholder type ('' for none). */
function shapes(xml: string): Shape[] {
  const found: Shape[] = [];
  let shape: Shape | null = null;
  let paragraph: string[] | null = null;
  let inText = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'p:sp') shape = { placeholder: '', paragraphs: [] };
        else if (name === 'p:ph' && shape) shape.placeholder = attributes.type ?? 'body';
        else if (name === 'a:p') paragraph = [];
        else if (name === 'a:t') inText = true;
        else if (name === 'a:br' && paragraph) paragraph.push(' ');
      },
      ontext(text) {
        if (inText && paragraph) paragraph.push(text);
      },
      onclosetag(name) {
        if (name === 'a:t') inText = false;
        else if (name === 'a:p' && paragraph) {
          const text = paragraph.join('').replace(/\s+/g, ' ').trim();
          if (text && shape) shape.paragraphs.push(text);
          paragraph = null;
        } else if (name === 'p:sp' && shape) {
          found.push(shape);
          shape = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return found;
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

/** PowerPoint: one section per slide in presentation order, its title as heading, speaker notes kept. */
export async function pptxToHtml(bytes: Uint8Array, fileName: string): Promise<string> {
  const parts = await xmlParts(bytes, fileName, (name) => /^(ppt\/(presentation\.xml|slides\/|notesSlides\/|_rels\/)|docProps\/core\.xml)/.test(name) && /\.(xml|rels)$/.test(name));
  const presentation = 'ppt/presentation.xml';
  const rels = relationships(parts, presentation);
  const order = xmlTags(parts.get(presentation) ?? '')
    .filter((t) => t.name === 'sldid')
    .map((t) => rels.get(t.attributes['r:id'] ?? '') ?? '');
  const title = titleOf(parts.get('docProps/core.xml'));
  const out = [title ? `<title>${escapeHtml(title)}</title>` : ''];
  order.forEach((slidePath, i) => {
    const slide = parts.get(slidePath);
    if (slide === undefined) throw new AppError('ARCHIVE_INVALID', `“${fileName}” lists a slide it does not contain (${slidePath || 'outside the file'}).`);
    const all = shapes(slide);
    const heading = all.find(isTitle)?.paragraphs.join(' ') || `Slide ${i + 1}`;
    out.push(`<section><h1>${escapeHtml(heading)}</h1>`);
    for (const shape of all) if (!isTitle(shape)) out.push(...shape.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`));
    const notesPath = [...relationships(parts, slidePath).values()].find((path) => path.startsWith('ppt/notesSlides/'));
    const notes = notesPath ? shapes(parts.get(notesPath) ?? '').filter((s) => s.placeholder === 'body').flatMap((s) => s.paragraphs) : [];
    if (notes.length) out.push('<h2>Speaker notes</h2>', ...notes.map((p) => `<p>${escapeHtml(p)}</p>`));
    out.push('</section>');
  });
  return out.join('');
}
