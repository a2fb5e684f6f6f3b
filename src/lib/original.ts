/** The viewer's reads from the library database: a document, its original file and its extracted text. */
import { AppError, type DocumentRecord } from '../../common/types';
import { readText, type TextRecord } from '../../common/text-codec';
import { db } from './db';

export interface Original {
  doc: DocumentRecord;
  /** The file as it was added; null if only its text survived. */
  blob: Blob | null;
  /** The extracted text that every proposition's start/end points into. */
  text: string;
  /** Words read by OCR, per page (pages that were scans). */
  ocrWords?: TextRecord['ocrWords'];
}

/** Reads one document's original in one transaction; throws ORIGINAL_MISSING when it is gone. */
export async function loadOriginal(docId: string, docName: string): Promise<Original> {
  const [doc, file, stored] = await db.transaction('r', [db.documents, db.files, db.texts], () =>
    Promise.all([db.documents.get(docId), db.files.get(docId), db.texts.get(docId)]),
  );
  const text = stored && readText(stored);
  if (!doc || !text) throw new AppError('ORIGINAL_MISSING', `“${docName}” is no longer in your library.`);
  return { doc, blob: file?.blob ?? null, text: text.text, ...(text.ocrWords ? { ocrWords: text.ocrWords } : {}) };
}
