/**
 * Which language a text is in: tinyld's light model (MIT, 34 KB gzipped, 24 languages), chosen by
 * measurement against franc-min and eld (docs/languages.md, "Detection"). Loaded on first use.
 */

export interface Detected {
  /** ISO 639-1. */
  lang: string;
  /** tinyld's own score: comparable between the languages of one text only. */
  score: number;
}

type Tinyld = typeof import('tinyld/light');
let tinyld: Promise<Tinyld> | undefined;

/** The languages `text` may be in, likeliest first (empty when nothing is recognised, as with code or numbers). */
export async function detectLanguages(text: string, only?: readonly string[]): Promise<Detected[]> {
  const { detectAll } = await (tinyld ??= import('tinyld/light'));
  return detectAll(text, only ? { only: [...only] } : {})
    .filter(({ lang, accuracy }) => lang && accuracy > 0)
    .map(({ lang, accuracy }) => ({ lang, score: accuracy }));
}

/** The language `text` is in when the identifier is sure of it: the first language well ahead of the next. */
export async function sureLanguage(text: string, only?: readonly string[], ratio = 3): Promise<string | undefined> {
  const [first, second] = await detectLanguages(text, only);
  return first && (!second || first.score >= ratio * second.score) ? first.lang : undefined;
}
