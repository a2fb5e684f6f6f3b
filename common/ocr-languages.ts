/**
 * The languages OCR can read. English ships with Carrel (precached under /ocr/lang/). Another
 * language is read from, in order: the browser's model cache (downloaded in Settings through the
 * model downloader, from the model host or its mirror), or this site's /ocr/lang/ folder when the
 * deployment serves it (put `{code}.traineddata.gz` from npm's @tesseract.js-data/{code} there
 * before building). Nothing comes from a CDN.
 */
import { modelFilePath } from './models';

export interface OcrLanguage {
  /** Tesseract's code (ISO 639-2, with a script suffix where there are two). */
  code: string;
  name: string;
}

export const BUILTIN_OCR_LANGUAGE = 'eng';

export const OCR_LANGUAGES: readonly OcrLanguage[] = [
  { code: 'eng', name: 'English' },
  { code: 'deu', name: 'German' },
  { code: 'fra', name: 'French' },
  { code: 'spa', name: 'Spanish' },
  { code: 'ita', name: 'Italian' },
  { code: 'por', name: 'Portuguese' },
  { code: 'nld', name: 'Dutch' },
  { code: 'swe', name: 'Swedish' },
  { code: 'dan', name: 'Danish' },
  { code: 'nor', name: 'Norwegian' },
  { code: 'fin', name: 'Finnish' },
  { code: 'pol', name: 'Polish' },
  { code: 'ces', name: 'Czech' },
  { code: 'hun', name: 'Hungarian' },
  { code: 'ron', name: 'Romanian' },
  { code: 'tur', name: 'Turkish' },
  { code: 'ell', name: 'Greek' },
  { code: 'rus', name: 'Russian' },
  { code: 'ukr', name: 'Ukrainian' },
  { code: 'ara', name: 'Arabic' },
  { code: 'heb', name: 'Hebrew' },
  { code: 'hin', name: 'Hindi' },
  { code: 'vie', name: 'Vietnamese' },
  { code: 'ind', name: 'Indonesian' },
  { code: 'chi_sim', name: 'Chinese (simplified)' },
  { code: 'chi_tra', name: 'Chinese (traditional)' },
  { code: 'jpn', name: 'Japanese' },
  { code: 'kor', name: 'Korean' },
];

export const ocrLanguageName = (code: string) => OCR_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/**
 * The hub repository the downloader fetches language files from, with the hub's layout
 * (`{host}/{repo}/resolve/main/{code}.traineddata.gz`): tesseract's tessdata_best models in
 * integer form, as npm's @tesseract.js-data/{code}/4.0.0_best_int has them.
 */
export const OCR_LANGUAGE_REPO = 'carrel/tessdata-best-int';

export const ocrLanguageFile = (code: string) => `${code}.traineddata.gz`;
/** Where this site serves a language, if it does. */
export const ocrLanguageSitePath = (code: string) => `/ocr/lang/${ocrLanguageFile(code)}`;
/** A downloaded language's key in the model cache. */
export const ocrLanguageCacheKey = (code: string) => modelFilePath(OCR_LANGUAGE_REPO, ocrLanguageFile(code));

/**
 * Whether bytes are a language model: a gzip stream, or (when a server sent the .gz file with
 * Content-Encoding: gzip, so the browser unpacked it) a traineddata file, which starts with its
 * count of parts (about 24) as a little-endian int32. A missing file may come back as the app's
 * HTML page, which is neither.
 */
export function isLanguageData(bytes: Uint8Array): boolean {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return true;
  const parts = bytes.length >= 4 ? new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) : 0;
  return parts > 0 && parts < 64;
}
