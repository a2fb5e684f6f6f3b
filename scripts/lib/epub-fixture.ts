/** Small EPUB 3 books for tests, made from text: container, package document, navigation, chapters. */
import { makeZip, type ZipInput } from './docx-fixture';

export interface EpubChapter {
  /** File name inside OEBPS/. */
  file: string;
  /** The chapter's title in the navigation document. */
  title: string;
  /** Body paragraphs; a chapter with `heading` also carries its own <h2>. */
  paragraphs: string[];
  heading?: string;
}

const xhtml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>${body}</body></html>`;

/** The parts of a book whose reading order is `spine` (chapter files), which may differ from the manifest's order. */
export function epubParts(
  title: string,
  chapters: EpubChapter[],
  { spine = chapters.map((c) => c.file), extra = [] as ZipInput[] } = {},
): ZipInput[] {
  const items = chapters
    .map((c, i) => `<item id="c${i}" href="${c.file}" media-type="application/xhtml+xml"/>`)
    .join('');
  const idOf = (file: string) => {
    const i = chapters.findIndex((c) => c.file === file);
    return i < 0 ? file : `c${i}`;
  };
  const outside = spine
    .filter((file) => !chapters.some((c) => c.file === file))
    .map((file) => `<item id="${file}" href="${file}" media-type="application/xhtml+xml"/>`)
    .join('');
  return [
    { name: 'mimetype', data: 'application/epub+zip' },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
    {
      name: 'OEBPS/content.opf',
      data: `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${items}${outside}</manifest><spine>${spine.map((file) => `<itemref idref="${idOf(file)}"/>`).join('')}</spine></package>`,
    },
    {
      name: 'OEBPS/nav.xhtml',
      data: xhtml(
        `<nav epub:type="toc"><ol>${chapters.map((c) => `<li><a href="${c.file}">${c.title}</a></li>`).join('')}</ol></nav>`,
      ),
    },
    ...chapters.map((c) => ({
      name: `OEBPS/${c.file}`,
      data: xhtml(`${c.heading ? `<h2>${c.heading}</h2>` : ''}${c.paragraphs.map((p) => `<p>${p}</p>`).join('')}`),
    })),
    ...extra,
  ];
}

export const makeEpub = (title: string, chapters: EpubChapter[], options?: Parameters<typeof epubParts>[2]): Buffer =>
  makeZip(epubParts(title, chapters, options));
