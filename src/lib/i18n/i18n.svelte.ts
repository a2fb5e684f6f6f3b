/**
 * The language the interface shows: the browser's (its first of English, German and French), or
 * the one chosen in Settings. Kept in the settings table like the page's other choices, so a
 * backup and sync carry it. `<html lang>` always names the language shown.
 */
import { INTERFACE_LANGUAGE_KEY } from '../../../common/settings';
import { followSetting } from '../chosen-settings';
import { engine } from '../workers';
import { formatBytes, formatDateTime, showLanguage, translate, type BytesStyle, type MessageKey } from './messages';
import { browserLanguage, formatNumber, INTERFACE_LANGUAGES, type InterfaceLanguage, type Params } from './translate';

export type LanguageChoice = 'auto' | InterfaceLanguage;

/** A stored choice the page can use: anything else is "follow the browser". */
export function languageChoiceFrom(saved: unknown): LanguageChoice {
  return INTERFACE_LANGUAGES.includes(saved as InterfaceLanguage) ? (saved as InterfaceLanguage) : 'auto';
}

class InterfaceLanguageState {
  choice = $state<LanguageChoice>('auto');
  browser = $state<InterfaceLanguage>(browserLanguage(navigator.languages));
  /** The language shown. */
  current = $state<InterfaceLanguage>('en');

  constructor() {
    this.#apply();
    addEventListener('languagechange', () => {
      this.browser = browserLanguage(navigator.languages);
      this.#apply();
    });
  }

  /** Follows the stored choice (any tab, a backup, sync); resolves once it has been read. */
  follow(): Promise<void> {
    return followSetting(INTERFACE_LANGUAGE_KEY, (value) => {
      this.choice = languageChoiceFrom(value);
      this.#apply();
    });
  }

  /** Shows the interface in `choice` now and stores the choice. */
  async choose(choice: LanguageChoice): Promise<void> {
    this.choice = choice;
    this.#apply();
    await engine.api.saveSetting({ key: INTERFACE_LANGUAGE_KEY, value: choice });
  }

  #apply(): void {
    const language = this.choice === 'auto' ? this.browser : this.choice;
    showLanguage(language);
    this.current = language;
    document.documentElement.lang = language;
    document.title = translate('app.title');
  }
}

export const interfaceLanguage = new InterfaceLanguageState();

/** The message `key` in the language shown; a component that calls it redraws when the language changes. */
export function t(key: MessageKey, params?: Params): string {
  void interfaceLanguage.current;
  return translate(key, params);
}

/** A date and time in the language shown, redrawn when it changes. */
export function dateTime(at: number | Date, options?: Intl.DateTimeFormatOptions): string {
  void interfaceLanguage.current;
  return formatDateTime(at, options);
}

/** A size in bytes in the language shown, redrawn when it changes. */
export function bytes(size: number, style?: BytesStyle): string {
  void interfaceLanguage.current;
  return formatBytes(size, style);
}

/** A number in the language shown, with exactly `digits` decimals when given; redrawn when the language changes. */
export function number(n: number, digits?: number): string {
  const language = interfaceLanguage.current;
  if (digits === undefined) return formatNumber(language, n);
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** Tesseract's codes for the two scripts of Chinese, as BCP 47 tags. */
const SCRIPT_TAGS: Record<string, string> = { chi_sim: 'zh-Hans', chi_tra: 'zh-Hant' };

/**
 * An OCR language (Tesseract's code) named in the language shown, by `Intl.DisplayNames`; in
 * English, and wherever the browser cannot name it, `fallback` (the catalogue's own name).
 */
export function ocrLanguageLabel(code: string, fallback: string): string {
  const language = interfaceLanguage.current;
  if (language === 'en') return fallback;
  try {
    return (
      new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(SCRIPT_TAGS[code] ?? code) ??
      fallback
    );
  } catch {
    return fallback;
  }
}
