/**
 * English error messages. The workers write an English message with the particulars (a file name, a
 * reason); a translated interface shows `error.message.CODE` in its place, and every language shows
 * `error.action.CODE`, the next step.
 */
import type { Message } from './translate';

export const enErrors = {
  'error.message.PDF_PASSWORD': 'This PDF is protected by a password.',
  'error.message.PDF_BAD_PASSWORD': 'That password does not open this PDF.',
  'error.message.PDF_INVALID': 'This file is damaged or not a valid PDF.',
  'error.message.PDF_NO_TEXT': 'No text could be found in this file.',
  'error.message.PDF_RENDER': 'This page could not be drawn.',
  'error.message.ORIGINAL_MISSING': 'This document is no longer in your library.',
  'error.message.UNSUPPORTED_TYPE': 'Carrel cannot read files of this type.',
  'error.message.BINARY_CONTENT': 'This file contains binary data, not text.',
  'error.message.EMPTY_FILE': 'This file has no readable text.',
  'error.message.TOO_LARGE': 'This file is too large to read here.',
  'error.message.ARCHIVE_INVALID': 'This file is damaged or incomplete, or not what its name says.',
  'error.message.ARCHIVE_BOMB': 'This file unpacks to far more than any document Carrel reads.',
  'error.message.DOCUMENT_PROTECTED': 'This document is protected (a password or copy protection).',
  'error.message.IMAGE_INVALID': 'This image is damaged or cannot be decoded.',
  'error.message.IMAGE_TOO_LARGE': 'This image is too large to read.',
  'error.message.OCR_LANGUAGE_MISSING': 'The language this scan is read in is not on this device yet.',
  'error.message.QUOTA_EXCEEDED': 'The browser has no more storage space for Carrel.',
  'error.message.MODEL_UNAVAILABLE': 'The model could not be loaded.',
  'error.message.MODEL_DOWNLOAD': 'The model could not be downloaded.',
  'error.message.NETWORK_UNREACHABLE': 'The network cannot be reached, so the download could not start.',
  'error.message.WORKER_CRASHED': 'A part of Carrel stopped and was restarted.',
  'error.message.WORKER_RENEWED': 'A part of Carrel was restarted.',
  'error.message.FRESH_WORKER': 'A part of Carrel is being restarted.',
  'error.message.TIMEOUT': 'A part of Carrel did not answer in time.',
  'error.message.ABORTED': 'Stopped.',
  'error.message.BACKUP_CORRUPT': 'This backup is damaged and cannot be read.',
  'error.message.BACKUP_FOREIGN': 'This file is not a Carrel backup.',
  'error.message.BACKUP_NEWER': 'This backup was made by a newer version of Carrel.',
  'error.message.BACKUP_PASSPHRASE': 'This backup is encrypted and needs its passphrase.',
  'error.message.UNKNOWN': 'Something went wrong.',
  'error.unknown': 'Something went wrong: {message}',
  'error.unaskedAbort': 'Reading this file stopped before it was stored; nothing of it was kept.',
  'error.action.PDF_PASSWORD': 'Enter the password to open it.',
  'error.action.PDF_BAD_PASSWORD': 'Check it (capital letters count) and enter it again below.',
  'error.action.PDF_INVALID': 'The file may be damaged or incomplete. Try downloading or exporting it again.',
  'error.action.IMAGE_INVALID': 'Save it again as PNG, JPEG, WebP or TIFF and add the new file.',
  'error.action.IMAGE_TOO_LARGE': 'Scale it down (a page at 300 dpi is about 2,500 × 3,500 pixels) and add it again.',
  'error.action.OCR_LANGUAGE_MISSING':
    'Download it in Settings › OCR language (or choose English there), then press Retry.',
  'error.action.PDF_NO_TEXT':
    'If it is a scan, scan it again at 300 dpi, straight and in good light, or run OCR on it elsewhere (for example with ocrmypdf) and add the new file.',
  'error.action.PDF_RENDER': 'The passage is shown in the extracted text instead.',
  'error.action.ORIGINAL_MISSING': 'Add the file again to open it here.',
  'error.action.UNSUPPORTED_TYPE': 'Save it as one of those (most programs can export PDF), then add it again.',
  'error.action.BINARY_CONTENT': 'The file is not text. Check that it has the right extension.',
  'error.action.EMPTY_FILE': 'Add a file that has text in it.',
  'error.action.TOO_LARGE': 'Split it into smaller files and add those.',
  'error.action.ARCHIVE_INVALID':
    'The file may be damaged or incomplete, or not what its name says. Open it in its program and save it again.',
  'error.action.ARCHIVE_BOMB': 'Open it in its program and save a smaller copy; Carrel will not unpack it.',
  'error.action.DOCUMENT_PROTECTED':
    'Open it in Word (or LibreOffice), remove the password, save it as .docx and add it again.',
  'error.action.QUOTA_EXCEEDED': 'Free some space: remove documents you no longer need.',
  'error.action.MODEL_UNAVAILABLE': 'Keyword search still works.',
  'error.action.MODEL_DOWNLOAD':
    'Check the connection (or the mirror URL in Settings) and press Resume; what was downloaded is kept.',
  'error.action.NETWORK_UNREACHABLE':
    'Connect this device to the internet (or check the mirror address under Model), then press Download again.',
  'error.action.WORKER_CRASHED': 'Try adding the file again.',
  'error.action.TIMEOUT': 'Try again; if it keeps happening, reload the page.',
  'error.action.BACKUP_CORRUPT': 'Export the library again from the device it came from, and import the new file.',
  'error.action.BACKUP_FOREIGN': 'Choose a .carrel file made with "Export library".',
  'error.action.BACKUP_NEWER': 'Update Carrel (reload the page to get the newest version), then import it again.',
  'error.action.BACKUP_PASSPHRASE': 'Enter the passphrase used when the backup was exported.',
  'error.tryAgain': 'Try again.',
} satisfies Record<string, Message>;
