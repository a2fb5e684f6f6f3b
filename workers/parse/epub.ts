/**
 * EPUB books: checked as an archive before anything is unpacked (workers/parse/zip-limits.ts),
 * then made into one HTML document in reading order (epub-html.ts) and read by the
 * HTML parser: one document per book, chapters and their headings as its sections.
 */
import { epubToHtml } from './epub-html';
import { AppError, type ParsedDocument } from '../../common/types';
import { parseHtml } from './html';
import { checkZip, readZipDirectory } from './zip-limits';

export async function parseEpub(bytes: Uint8Array, fileName: string): Promise<ParsedDocument> {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b))
    throw new AppError('ARCHIVE_INVALID', `“${fileName}” is named like an EPUB book but is not one.`);
  const entries = readZipDirectory(bytes, fileName);
  checkZip(entries, fileName);
  if (!entries.some((e) => e.name === 'META-INF/container.xml')) {
    throw new AppError(
      'ARCHIVE_INVALID',
      `“${fileName}” is a ZIP archive, but not an EPUB book (it has no META-INF/container.xml).`,
    );
  }
  const book = await epubToHtml(bytes, fileName).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'ARCHIVE_INVALID',
      `“${fileName}” could not be read as an EPUB book (${error instanceof Error ? error.message : String(error)}).`,
    );
  });
  const parsed = parseHtml(book.html, fileName);
  if (!parsed.text.trim()) throw new AppError('EMPTY_FILE', `“${fileName}” has no text in it.`);
  return { ...parsed, kind: 'epub', title: book.title };
}
