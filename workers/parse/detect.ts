/** What kind of file is this, and is it really text? Bad input gets a message that says what to do. */
import { AppError, type SourceKind } from '../../src/shared/types';

const BY_EXTENSION: Record<string, SourceKind> = {
  pdf: 'pdf',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  txt: 'text',
  text: 'text',
  rst: 'text',
  log: 'text',
};

const BY_MIME: Record<string, SourceKind> = {
  'application/pdf': 'pdf',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'text',
};

/** The parser for a file, from its bytes (`%PDF-`), then extension, then MIME type. */
export function detectKind(fileName: string, mime: string, head: Uint8Array): SourceKind {
  if (new TextDecoder().decode(head.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const kind = BY_EXTENSION[extension] ?? BY_MIME[mime.split(';')[0]!.trim()];
  if (!kind) {
    throw new AppError('UNSUPPORTED_TYPE', `“${fileName}” is not a file type Carrel can read (PDF, Markdown, HTML or plain text).`);
  }
  if (kind === 'pdf') throw new AppError('PDF_INVALID', `“${fileName}” is named like a PDF but is not one.`);
  return kind;
}

/** Decodes text (UTF-8, or UTF-16 with a byte-order mark); refuses binary and empty content. */
export function decodeText(bytes: Uint8Array, fileName = 'This file'): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  if (looksBinary(text)) {
    throw new AppError('BINARY_CONTENT', `“${fileName}” contains binary data, not text.`);
  }
  if (!text.trim()) throw new AppError('EMPTY_FILE', `“${fileName}” has no text in it.`);
  return text;
}

/** NUL bytes, or many control characters or undecodable bytes, mean it is not text. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65536);
  if (sample.includes('\u0000')) return true;
  let odd = 0;
  for (const ch of sample) {
    const code = ch.charCodeAt(0);
    if (ch === '\uFFFD' || (code < 32 && ch !== '\n' && ch !== '\r' && ch !== '\t' && ch !== '\f')) odd++;
  }
  return sample.length > 0 && odd / sample.length > 0.05;
}
