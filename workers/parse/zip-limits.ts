/**
 * Checks a ZIP archive (.docx and the other office formats are ZIPs) from its central directory,
 * before anything is inflated: the archive must be complete, hold no encrypted entries, and not
 * unpack to more than a document plausibly holds. A "zip bomb" (a few kilobytes that inflate to
 * gigabytes) is refused by the sizes its own directory declares; the inflater never starts.
 */
import { AppError } from '../../common/types';

export interface ZipEntry {
  name: string;
  compressedSize: number;
  size: number;
  encrypted: boolean;
}

export interface ZipLimits {
  /** Entries in the archive. */
  entries: number;
  /** Bytes of all entries once inflated. */
  totalSize: number;
  /** Inflated ÷ compressed bytes of any entry over 1 MB inflated (text compresses ~10×; bombs ~1000×). */
  ratio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { entries: 10_000, totalSize: 512 * 2 ** 20, ratio: 200 };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const RATIO_FLOOR = 2 ** 20;

/** The central directory's entries; throws ARCHIVE_INVALID when it cannot be read. */
export function readZipDirectory(bytes: Uint8Array, fileName: string): ZipEntry[] {
  const broken = () =>
    new AppError('ARCHIVE_INVALID', `“${fileName}” is damaged or incomplete: its list of contents cannot be read.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, or earlier when a comment (up to 64 KB) follows it.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw broken();
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff)
    throw new AppError('ARCHIVE_BOMB', `“${fileName}” is a ZIP64 archive, larger than any document Carrel reads.`);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw broken();
    const flags = view.getUint16(at + 8, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) throw broken();
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, compressedSize, size, encrypted: (flags & 1) === 1 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses what should not be unpacked: encrypted entries, too many entries, too many bytes, bomb-like ratios. */
export function checkZip(entries: ZipEntry[], fileName: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): void {
  if (entries.some((e) => e.encrypted)) throw new AppError('DOCUMENT_PROTECTED', `“${fileName}” is encrypted.`);
  if (entries.length > limits.entries)
    throw new AppError(
      'ARCHIVE_BOMB',
      `“${fileName}” holds ${entries.length.toLocaleString('en')} files, more than any document (${limits.entries.toLocaleString('en')} at most).`,
    );
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limits.totalSize)
    throw new AppError(
      'ARCHIVE_BOMB',
      `“${fileName}” would unpack to ${Math.round(total / 2 ** 20).toLocaleString('en')} MB, more than ${limits.totalSize / 2 ** 20} MB.`,
    );
  const bomb = entries.find((e) => e.size > RATIO_FLOOR && e.size > e.compressedSize * limits.ratio);
  if (bomb)
    throw new AppError(
      'ARCHIVE_BOMB',
      `“${fileName}” has a part (${bomb.name}) that would unpack ${Math.round(bomb.size / Math.max(1, bomb.compressedSize))} times larger than it is stored: a sign of a "zip bomb".`,
    );
}
