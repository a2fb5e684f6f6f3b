/**
 * OCR that follows the document's language. Scanned pages are read in the language chosen in
 * Settings until the first page with enough text to tell says the document is in another
 * language whose OCR model is on this device: that page is read again in it, and so are the
 * document's other pages. A language the person set for the document (a correction on its row)
 * is read in from the first page, when its model is here. Without the model the chosen language
 * reads on: a German letter read with the English model loses its umlauts, not its words.
 */
import { functionWordLanguage } from '../text/detect';
import type { OcrPage, PageReader } from './ocr';

/** Tesseract's code of a language the analyser tells apart (ISO 639-1 → ISO 639-2). */
export const OCR_CODE: Readonly<Record<string, string>> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
};

/** A page reader that can be told the document's language, and says which language it read in. */
export interface FollowingReader extends PageReader {
  /** The person set the document's language (ISO 639-1): read every page in it when its model is here. */
  prefer(lang: string): void;
  /** The tesseract code the pages were read in, once decided. */
  readonly language: string;
}

export function followingReader(
  reader: (code: string) => PageReader,
  chosen: string,
  available: (code: string) => Promise<boolean>,
  detect: (text: string) => string | undefined = functionWordLanguage,
): FollowingReader {
  let language = chosen;
  /** Set once a page (or the person) told the language; pages read meanwhile wait for it. */
  let decision: Promise<void> | null = null;
  let preferred: string | undefined;
  const usable = async (code: string | undefined) => !!code && (code === chosen || (await available(code)));
  const switchTo = async (code: string | undefined) => {
    if (code && code !== language && (await usable(code))) language = code;
  };
  return {
    get language() {
      return language;
    },
    prefer(lang) {
      preferred = OCR_CODE[lang];
    },
    async recognize(image: Blob): Promise<OcrPage> {
      if (!decision && preferred) decision = switchTo(preferred);
      await decision;
      const readIn = language;
      const read = await reader(readIn).recognize(image);
      if (!decision) {
        const told = detect(read.lines.map((line) => line.text).join(' '));
        if (told === undefined) return read;
        decision = switchTo(OCR_CODE[told]);
      }
      await decision;
      // Two pages are read at once: one begun before the other told the language is read again in it.
      return readIn === language ? read : reader(language).recognize(image);
    },
  };
}
