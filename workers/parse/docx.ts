/**
 * Word documents (.docx): checked as an archive before anything is unpacked (workers/parse/zip-limits.ts),
 * then converted to HTML by mammoth (docx-html.ts) and read by the HTML parser, so
 * headings, lists and tables follow the same rules as a web page's.
 */
import { docxToHtml } from './docx-html';
import { AppError, type ParsedDocument } from '../../common/types';
import { parseHtml } from './html';
import { checkZip, readZipDirectory } from './zip-limits';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An OLE2 compound file: an encrypted .docx (Office wraps those in one) or an old Word 97–2003 .doc. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export async function parseDocx(bytes: Uint8Array, fileName: string): Promise<ParsedDocument> {
  if (startsWith(bytes, OLE)) {
    throw new AppError(
      'DOCUMENT_PROTECTED',
      `“${fileName}” is protected by a password, or is an old Word 97–2003 document (.doc).`,
    );
  }
  if (!startsWith(bytes, ZIP))
    throw new AppError('ARCHIVE_INVALID', `“${fileName}” is named like a Word document but is not one.`);
  const entries = readZipDirectory(bytes, fileName);
  checkZip(entries, fileName);
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    throw new AppError(
      'ARCHIVE_INVALID',
      `“${fileName}” is a ZIP archive, but not a Word document (it has no word/document.xml).`,
    );
  }
  let html: string;
  try {
    html = await docxToHtml(bytes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // mammoth's XML parser (xmldom) never expands a DTD's entities or fetches external ones: it stops at them.
    if (/entity/i.test(detail))
      throw new AppError(
        'ARCHIVE_INVALID',
        `“${fileName}” declares its own XML entities, which Word never writes (they can expand a small file enormously or point at other files); Carrel does not read them.`,
      );
    throw new AppError('ARCHIVE_INVALID', `“${fileName}” could not be read as a Word document (${detail}).`);
  }
  const parsed = parseHtml(html, fileName);
  if (!parsed.text.trim()) throw new AppError('EMPTY_FILE', `“${fileName}” has no text in it.`);
  return { ...parsed, kind: 'docx' };
}
