/**
 * `t`: the interface's words in the language shown. Plain state, so modules that are not
 * components (and their unit tests, which run in English) can use it; components use the reactive
 * `t` of i18n.svelte.ts, which redraws them when the language changes.
 */
import { de } from './de';
import { en, type Catalogue, type MessageKey } from './en';
import { fr } from './fr';
import { formatMessage, type InterfaceLanguage, type Params } from './translate';

export type { MessageKey };

const CATALOGUES: Record<InterfaceLanguage, Catalogue> = { en, de, fr };

let shown: InterfaceLanguage = 'en';

/** The language the interface shows. */
export function shownLanguage(): InterfaceLanguage {
  return shown;
}

/** Shows the interface in `language` from the next message on. */
export function showLanguage(language: InterfaceLanguage): void {
  shown = language;
}

/** The message `key` in the language shown, its placeholders filled from `params`. */
export function translate(key: MessageKey, params?: Params): string {
  return formatMessage(shown, CATALOGUES[shown][key] ?? en[key], params);
}

/** A date and time as the language shown writes them ("27 Nov 2026, 10:54"). */
export function formatDateTime(at: number | Date, options: Intl.DateTimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat(shown, { dateStyle: 'medium', timeStyle: 'short', ...options }).format(at);
}

/** How a size is written: decimals, the smallest unit used, and 1000 or 1024 bytes to the kilobyte. */
export interface BytesStyle {
  digits?: number;
  smallest?: 'kilobyte' | 'megabyte';
  base?: 1000 | 1024;
}

/** A size in bytes as a person reads it: KB below a megabyte, MB below a gigabyte, then GB. */
export function formatBytes(
  bytes: number,
  { digits = 1, smallest = 'kilobyte', base = 1024 }: BytesStyle = {},
): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte' | 'gigabyte', fraction: number) =>
    new Intl.NumberFormat(shown, {
      style: 'unit',
      unit,
      maximumFractionDigits: fraction,
      minimumFractionDigits: fraction,
    }).format(value);
  if (smallest === 'kilobyte' && bytes < base ** 2) return format(Math.max(1, Math.round(bytes / base)), 'kilobyte', 0);
  if (bytes < base ** 3) return format(bytes / base ** 2, 'megabyte', digits);
  return format(bytes / base ** 3, 'gigabyte', 2);
}
