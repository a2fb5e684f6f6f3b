/**
 * How a document's extracted text is stored: deflated, with its OCR words, as one
 * compressed JSON value. The text is most of what a document's records hold besides its original
 * file, and prose deflates to about a third. fflate works synchronously, so compressing fits in a
 * Dexie transaction and in a schema upgrade. Write through `storedText`, read through `readText`.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

/** A word on a page, as pdf.js gives text items: `transform` places its baseline in page units. */
export interface PageWord {
  str: string;
  transform: number[];
  width: number;
}

/** The extracted text of a document; chunk offsets point into it. */
export interface TextRecord {
  docId: string;
  text: string;
  /** Pages read by OCR: their words as text items in page coordinates, so the viewer can box a passage on the scan. */
  ocrWords?: Record<number, PageWord[]>;
}

/** A text as stored: `{ text, ocrWords }` as deflated JSON. */
export interface StoredTextRecord {
  docId: string;
  deflated: Uint8Array;
}

export function storedText({ docId, text, ocrWords }: TextRecord): StoredTextRecord {
  return { docId, deflated: deflateSync(strToU8(JSON.stringify({ text, ocrWords }))) };
}

/** The text whole again; a record stored before texts were compressed is already whole. */
export function readText(record: StoredTextRecord | TextRecord): TextRecord {
  if (!('deflated' in record)) return record;
  const { text, ocrWords } = JSON.parse(strFromU8(inflateSync(record.deflated))) as Omit<TextRecord, 'docId'>;
  return { docId: record.docId, text, ...(ocrWords ? { ocrWords } : {}) };
}
