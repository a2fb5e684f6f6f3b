/**
 * The languages a person can set a document to (DESIGN §9 Languages): those the keyword analyser
 * reads (common/text/languages.ts) and English. Names come from Intl in the interface's language.
 */
import { ANALYSED } from '../../common/text/languages';

export const LANGUAGE_CHOICES: readonly string[] = ['en', ...ANALYSED];

/** "Deutsch" or "German": the language's name in the language the page is shown in. */
export function languageName(code: string): string {
  try {
    const shown = document.documentElement.lang || 'en';
    return new Intl.DisplayNames([shown], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
