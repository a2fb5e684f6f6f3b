/** What kind of file is this, and is it really text? Bad input gets a message that says what to do. */
import { KIND_BY_EXTENSION, KIND_BY_MIME } from '../../common/file-types';
import { AppError, type SourceKind } from '../../common/types';

/** The parser for a file, from its bytes (`%PDF-`), then extension, then MIME type (common/file-types.ts). */
export function detectKind(fileName: string, mime: string, head: Uint8Array): SourceKind {
  if (new TextDecoder().decode(head.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const kind =
    KIND_BY_EXTENSION.get(extension) ??
    KIND_BY_MIME.get(mime.split(';')[0]!.trim()) ??
    (extension || mime ? undefined : sniff(head));
  if (!kind) {
    throw new AppError(
      'UNSUPPORTED_TYPE',
      `“${fileName}” is not a file type Carrel can read (PDF, Word .docx, OpenDocument .odt or .odp, PowerPoint .pptx, EPUB, Markdown, HTML, plain text, or a PNG, JPEG, WebP or TIFF image of pages).`,
    );
  }
  if (kind === 'pdf') throw new AppError('PDF_INVALID', `“${fileName}” is named like a PDF but is not one.`);
  return kind;
}

/** A file with neither extension nor type (README, LICENSE, pasted text): HTML by its opening tag, else text if it is not binary. */
function sniff(head: Uint8Array): SourceKind | undefined {
  if (head.length === 0 || head.subarray(0, 1024).includes(0)) return undefined;
  const start = new TextDecoder().decode(head.subarray(0, 512)).trimStart().toLowerCase();
  return /^(<!doctype html|<html[\s>])/.test(start) ? 'html' : 'text';
}

/**
 * Decodes text: UTF-8 (BOM dropped), UTF-16 with a byte-order mark or, without one, by its zero
 * bytes; bytes that are not valid UTF-8 are read as Windows-1252 (old Latin-1 files). Refuses
 * binary and empty content.
 */
export function decodeText(bytes: Uint8Array, fileName = 'This file'): string {
  const text = decodeBytes(bytes);
  if (looksBinary(text)) {
    throw new AppError('BINARY_CONTENT', `“${fileName}” contains binary data, not text.`);
  }
  if (!text.trim()) throw new AppError('EMPTY_FILE', `“${fileName}” has no text in it.`);
  return text;
}

function decodeBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // A file cut in the middle of a character is still UTF-8; anything else is a legacy code page.
    return isUtf8Prefix(bytes)
      ? new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')
      : decodeWindows1252(bytes);
  }
}

// 0x80–0x9F of Windows-1252 (some TextDecoder builds read 'windows-1252' as ISO-8859-1: do it here).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chars = Array.from(bytes.subarray(i, i + 8192), (b) =>
      b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b),
    );
    text += chars.join('');
  }
  return text;
}

/** ASCII text in UTF-16 without a BOM: every other byte is zero, on the same side. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.7 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.7 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Valid UTF-8 except for an incomplete character in the last three bytes. */
function isUtf8Prefix(bytes: Uint8Array): boolean {
  for (let cut = 1; cut <= 3 && cut < bytes.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {
      // keep trying shorter prefixes
    }
  }
  return false;
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
  return odd > 2 && odd / sample.length > 0.05;
}
