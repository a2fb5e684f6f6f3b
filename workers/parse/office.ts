/**
 * OpenDocument text and presentations (.odt, .odp) and PowerPoint (.pptx): checked as an archive
 * before anything is unpacked (workers/parse/zip-limits.ts), then made into HTML
 * (office-html.ts) and read by the HTML parser, so headings, lists and tables follow the
 * same rules as a web page's.
 */
import { pptxToHtml, readOdf } from './office-html';
import { AppError, type ParsedDocument } from '../../common/types';
import { parseHtml } from './html';
import { checkZip, readZipDirectory, type ZipEntry } from './zip-limits';

/** An OLE2 compound file: how Office wraps a password-protected file (or an old binary .ppt). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

type OfficeKind = 'odt' | 'odp' | 'pptx';

interface Format {
  /** "an OpenDocument file", for messages. */
  name: string;
  /** The part every file of this format has. */
  marker: string;
  /** The extension to save as, for messages. */
  extension: string;
  read(bytes: Uint8Array, fileName: string): Promise<{ kind: OfficeKind; html: string }>;
}

const ODF: Format = { name: 'an OpenDocument file', marker: 'mimetype', extension: '.odt or .odp', read: readOdf };
const PPTX: Format = {
  name: 'a PowerPoint presentation',
  marker: 'ppt/presentation.xml',
  extension: '.pptx',
  read: async (bytes, fileName) => ({ kind: 'pptx', html: await pptxToHtml(bytes, fileName) }),
};

/** What another kind of archive looks like, to say so. */
function looksLike(entries: ZipEntry[]): string {
  const names = new Set(entries.map((e) => e.name));
  if (names.has('word/document.xml')) return ' (it looks like a Word document)';
  if (names.has('META-INF/container.xml') && !names.has('content.xml')) return ' (it looks like an EPUB book)';
  if (names.has('ppt/presentation.xml')) return ' (it looks like a PowerPoint presentation)';
  if (names.has('content.xml')) return ' (it looks like an OpenDocument file)';
  return '';
}

async function parseOffice(format: Format, bytes: Uint8Array, fileName: string): Promise<ParsedDocument> {
  if (OLE.every((b, i) => bytes[i] === b)) {
    throw new AppError(
      'DOCUMENT_PROTECTED',
      `“${fileName}” is protected by a password, or is an old binary Office file. Remove the password (or save it as ${format.extension}) and add it again.`,
    );
  }
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b))
    throw new AppError('ARCHIVE_INVALID', `“${fileName}” is named like ${format.name} but is not one.`);
  const entries = readZipDirectory(bytes, fileName);
  checkZip(entries, fileName);
  if (!entries.some((e) => e.name === format.marker)) {
    throw new AppError(
      'ARCHIVE_INVALID',
      `“${fileName}” is a ZIP archive, but not ${format.name}${looksLike(entries)}.`,
    );
  }
  const { kind, html } = await format.read(bytes, fileName).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'ARCHIVE_INVALID',
      `“${fileName}” could not be read as ${format.name} (${error instanceof Error ? error.message : String(error)}).`,
    );
  });
  const parsed = parseHtml(html, fileName);
  if (!parsed.text.trim()) throw new AppError('EMPTY_FILE', `“${fileName}” has no text in it.`);
  return { ...parsed, kind };
}

/** .odt and .odp: which of the two a file is comes from its mimetype, not its name. */
export const parseOdf = (bytes: Uint8Array, fileName: string) => parseOffice(ODF, bytes, fileName);
export const parsePptx = (bytes: Uint8Array, fileName: string) => parseOffice(PPTX, bytes, fileName);
