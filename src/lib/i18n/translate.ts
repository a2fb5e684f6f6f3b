/**
 * The message catalogue's machinery, with no state: a message is a string with `{name}`
 * placeholders, or one string per plural category, chosen by `Intl.PluralRules` from `{count}`.
 * Numbers put into a message are written by `Intl.NumberFormat` in the message's language.
 */

/** A message with one form per plural category; `other` is the fallback every language has. */
export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export type Message = string | PluralMessage;

export type Params = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale);
  if (!value) cache.set(locale, (value = make()));
  return value;
}

/** `n` as the language writes it ("1,234" in English, "1.234" in German, "1 234" in French). */
export function formatNumber(locale: string, n: number): string {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(n);
}

/** The form of `message` for `count`, by the language's plural rules. */
function pluralForm(locale: string, message: PluralMessage, count: number): string {
  const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
  return message[category] ?? message.other;
}

/** `message` with its placeholders filled; a placeholder with no value is left as written, so it shows. */
export function formatMessage(locale: string, message: Message, params: Params = {}): string {
  const text = typeof message === 'string' ? message : pluralForm(locale, message, Number(params.count ?? 0));
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  });
}

/** The placeholder names of every form of a message, sorted (what a translation must keep). */
export function placeholders(message: Message): string[] {
  const forms = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const form of forms) for (const match of form.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names].sort();
}

export type InterfaceLanguage = 'en' | 'de' | 'fr';

export const INTERFACE_LANGUAGES: readonly InterfaceLanguage[] = ['en', 'de', 'fr'];

/** The first of the browser's languages the interface speaks, else English. */
export function browserLanguage(languages: readonly string[]): InterfaceLanguage {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'de' || base === 'fr') return base;
  }
  return 'en';
}
