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
  let decided = false;
  let preferred: string | undefined;
  const usable = async (code: string | undefined) => !!code && (code === chosen || (await available(code)));
  return {
    get language() {
      return language;
    },
    prefer(lang) {
      preferred = OCR_CODE[lang];
    },
    async recognize(image: Blob): Promise<OcrPage> {
      if (!decided && preferred) {
        decided = true;
        if (await usable(preferred)) language = preferred;
      }
      const read = await reader(language).recognize(image);
      if (decided) return read;
      const told = detect(read.lines.map((line) => line.text).join(' '));
      if (told === undefined) return read;
      decided = true;
      const code = OCR_CODE[told];
      if (!code || code === language || !(await usable(code))) return read;
      language = code;
      return reader(language).recognize(image);
    },
  };
}
