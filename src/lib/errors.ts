/** Turns any failure into words a person understands and a next step. Aborts are not errors. */
import { AppError, type ErrorCode } from '../shared/types';

export interface UserMessage {
  code: ErrorCode;
  message: string;
  action?: string;
}

const ACTIONS: Partial<Record<ErrorCode, string>> = {
  PDF_PASSWORD: 'Enter the password to open it.',
  PDF_BAD_PASSWORD: 'That password did not work. Try again.',
  PDF_INVALID: 'The file may be damaged or incomplete. Try downloading or exporting it again.',
  IMAGE_INVALID: 'Save it again as PNG, JPEG, WebP or TIFF and add the new file.',
  IMAGE_TOO_LARGE: 'Scale it down (a page at 300 dpi is about 2,500 × 3,500 pixels) and add it again.',
  OCR_LANGUAGE_MISSING: 'Download it in Settings › OCR language (or choose English there), then press Retry.',
  PDF_NO_TEXT:
    'If it is a scan, scan it again at 300 dpi, straight and in good light, or run OCR on it elsewhere (for example with ocrmypdf) and add the new file.',
  PDF_RENDER: 'The passage is shown in the extracted text instead.',
  ORIGINAL_MISSING: 'Add the file again to open it here.',
  UNSUPPORTED_TYPE: 'Save it as one of those (most programs can export PDF), then add it again.',
  BINARY_CONTENT: 'The file is not text. Check that it has the right extension.',
  EMPTY_FILE: 'Add a file that has text in it.',
  TOO_LARGE: 'Split it into smaller files and add those.',
  ARCHIVE_INVALID:
    'The file may be damaged or incomplete, or not what its name says. Open it in its program and save it again.',
  ARCHIVE_BOMB: 'Open it in its program and save a smaller copy; Carrel will not unpack it.',
  DOCUMENT_PROTECTED: 'Open it in Word (or LibreOffice), remove the password, save it as .docx and add it again.',
  QUOTA_EXCEEDED: 'Free some space: remove documents you no longer need.',
  MODEL_UNAVAILABLE: 'Keyword search still works.',
  MODEL_DOWNLOAD: 'Check the connection (or the mirror URL in Settings) and press Resume; what was downloaded is kept.',
  WORKER_CRASHED: 'Try adding the file again.',
  TIMEOUT: 'Try again; if it keeps happening, reload the page.',
  BACKUP_CORRUPT: 'Export the library again from the device it came from, and import the new file.',
  BACKUP_FOREIGN: 'Choose a .carrel file made with "Export library".',
  BACKUP_NEWER: 'Update Carrel (reload the page to get the newest version), then import it again.',
  BACKUP_PASSPHRASE: 'Enter the passphrase used when the backup was exported.',
};

export function isAbort(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof AppError && error.code === 'ABORTED')
  );
}

/** The one place failures become messages. */
export function handleError(error: unknown): UserMessage {
  if (error instanceof AppError) return { code: error.code, message: error.message, action: ACTIONS[error.code] };
  if (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' ||
      (error as { inner?: { name?: string } }).inner?.name === 'QuotaExceededError')
  ) {
    return {
      code: 'QUOTA_EXCEEDED',
      message: 'The browser has no more storage space for Carrel.',
      action: ACTIONS.QUOTA_EXCEEDED,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'UNKNOWN', message: `Something went wrong: ${message}`, action: 'Try again.' };
}
