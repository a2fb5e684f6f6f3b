/**
 * An EPUB 2 or 3 book → one HTML document, the same way for indexing (file reader) and for
 * showing the original (the viewer): its chapters in the spine's reading order, each under its
 * title from the navigation document (EPUB 3 nav, or EPUB 2 NCX) when the chapter has no heading
 * of its own. XML is read with htmlparser2 in XML mode, which expands no entity a file declares
 * and fetches nothing; chapter markup goes on to the app's allow-list HTML readers.
 */
import { Parser } from 'htmlparser2';
import JSZip from 'jszip';
import { AppError } from '../../common/types';

export interface EpubBook {
  title: string;
  html: string;
}

export interface Tag {
  name: string;
  attributes: Record<string, string>;
  text: string;
}

/** The elements of an XML text with their attributes and direct text (namespace prefixes dropped). */
export function xmlTags(xml: string): Tag[] {
  const found: Tag[] = [];
  const open: Tag[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = { name: name.replace(/^.*:/, '').toLowerCase(), attributes, text: '' };
        found.push(tag);
        open.push(tag);
      },
      ontext(text) {
        const tag = open.at(-1);
        if (tag) tag.text += text;
      },
      onclosetag() {
        open.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return found;
}

/** `href` resolved against the folder `base`, or null when it leaves the archive (or names another site). */
export function resolveInside(base: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return null;
  const parts = base ? base.split('/') : [];
  for (const part of decodeURIComponent(href.split('#')[0]!).split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const folderOf = (path: string) => path.split('/').slice(0, -1).join('/');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function epubToHtml(bytes: Uint8Array, fileName: string): Promise<EpubBook> {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (path: string) => {
    const file = zip.file(path);
    if (!file)
      throw new AppError('ARCHIVE_INVALID', `“${fileName}” is incomplete: it names ${path}, which is not in it.`);
    return file.async('string');
  };
  if (zip.file('META-INF/rights.xml'))
    throw new AppError('DOCUMENT_PROTECTED', `“${fileName}” is protected by DRM (copy protection).`);
  const encryption = zip.file('META-INF/encryption.xml');
  // Font obfuscation also uses encryption.xml; only encrypted text is DRM.
  if (encryption && /URI="[^"]+\.(x?html?|opf|ncx)"/i.test(await encryption.async('string'))) {
    throw new AppError(
      'DOCUMENT_PROTECTED',
      `“${fileName}” is protected by DRM (copy protection): its chapters are encrypted.`,
    );
  }
  const rootfile = xmlTags(await read('META-INF/container.xml')).find((t) => t.name === 'rootfile')?.attributes[
    'full-path'
  ];
  if (!rootfile)
    throw new AppError('ARCHIVE_INVALID', `“${fileName}” is not an EPUB book: it does not say where its contents are.`);
  const opf = xmlTags(await read(rootfile));
  const base = folderOf(rootfile);
  const manifest = new Map(opf.filter((t) => t.name === 'item').map((t) => [t.attributes.id, t.attributes]));
  const title = opf.find((t) => t.name === 'title')?.text.trim() || fileName.replace(/\.epub$/i, '');

  // Chapter titles from the EPUB 3 navigation document, else the EPUB 2 NCX.
  const titles = new Map<string, string>();
  const nav = [...manifest.values()].find((item) => /(^|\s)nav(\s|$)/.test(item.properties ?? ''));
  const ncx = [...manifest.values()].find((item) => item['media-type'] === 'application/x-dtbncx+xml');
  const navFile = nav ?? ncx;
  if (navFile?.href) {
    const navPath = resolveInside(base, navFile.href);
    if (navPath && zip.file(navPath)) {
      const navTags = xmlTags(await read(navPath));
      navTags.forEach((tag, i) => {
        if (nav && tag.name === 'a' && tag.attributes.href) {
          const target = resolveInside(folderOf(navPath), tag.attributes.href);
          if (target && !titles.has(target)) titles.set(target, tag.text.trim());
        }
        if (!nav && tag.name === 'content' && tag.attributes.src) {
          const label = navTags
            .slice(0, i)
            .reverse()
            .find((t) => t.name === 'text')
            ?.text.trim();
          const target = resolveInside(folderOf(navPath), tag.attributes.src);
          if (target && label && !titles.has(target)) titles.set(target, label);
        }
      });
    }
  }

  const chapters: string[] = [];
  for (const ref of opf.filter((t) => t.name === 'itemref')) {
    const item = manifest.get(ref.attributes.idref);
    if (!item?.href) continue;
    const path = resolveInside(base, item.href);
    if (!path)
      throw new AppError(
        'ARCHIVE_INVALID',
        `“${fileName}” lists a chapter outside the book (${item.href}); Carrel reads only what is inside it.`,
      );
    const xhtml = await read(path);
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(xhtml)?.[1] ?? xhtml;
    const chapterTitle = titles.get(path);
    const hasHeading = /<h[1-3][\s>]/i.test(body);
    chapters.push(`${chapterTitle && !hasHeading ? `<h2>${escapeHtml(chapterTitle)}</h2>` : ''}${body}`);
  }
  if (chapters.length === 0) throw new AppError('EMPTY_FILE', `“${fileName}” has no chapters in its reading order.`);
  return { title, html: `<h1>${escapeHtml(title)}</h1>\n${chapters.join('\n')}` };
}
