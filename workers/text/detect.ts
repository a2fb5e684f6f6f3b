/**
 * Which language a text is in. A passage of some length in one of the languages with an analyser
 * is told by its function words ("the", "der", "les", "che"…): tinyld alone called 381 of SciFact's
 * 5,183 English abstracts something else (Greek, Hungarian, German…). Anything else, and short
 * questions, by tinyld's light model (MIT, 34 KB gzipped, 24 languages), chosen by measurement
 * against franc-min and eld (docs/languages.md, "Detection"), loaded on first use.
 */

export interface Detected {
  /** ISO 639-1. */
  lang: string;
  /** tinyld's own score: comparable between the languages of one text only. */
  score: number;
}

type Tinyld = typeof import('tinyld/light');
let tinyld: Promise<Tinyld> | undefined;

/**
 * The commonest short words of each language with an analyser, the ones no topic goes without.
 * Words two languages share count for both.
 */
const FUNCTION_WORDS: Record<string, string> = {
  en: 'the and of to in is are with that this for was were be by which from it not or have has we on at these its their been can than',
  de: 'der die das und ist nicht mit den dem des ein eine einer sich auf für auch werden wird sind oder bei nach wie',
  fr: 'le les et est des du une un dans pour que qui sur pas au aux avec ce cette sont ou par il elle',
  es: 'el los las y es del una un que en por para con se su al como más pero lo está son',
  it: 'il di che è e della del per un una gli le con non sono nel alla dei delle si come questo anche',
  pt: 'o os as de do da dos das e é um uma que em para com não no na por se mais ao são',
  nl: 'de het een en van is dat op te niet met zijn voor die er aan ook worden wordt bij naar als maar',
};
const LANGUAGES_OF = new Map<string, string[]>();
for (const [lang, list] of Object.entries(FUNCTION_WORDS))
  for (const word of list.split(' ')) LANGUAGES_OF.set(word, [...(LANGUAGES_OF.get(word) ?? []), lang]);

/** Fewer words than this and function words say too little. */
const MIN_WORDS = 15;
/** How many different function words of its language a text must have. */
const MIN_DISTINCT = 4;

/**
 * The language whose function words make up a good part of `text` (10 % or more) and at least
 * twice as many of its words as any other language's, four different ones at least; undefined
 * when none does.
 */
export function functionWordLanguage(text: string): string | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < MIN_WORDS) return undefined;
  const hits = new Map<string, number>();
  const distinct = new Map<string, Set<string>>();
  for (const word of words)
    for (const lang of LANGUAGES_OF.get(word) ?? []) {
      hits.set(lang, (hits.get(lang) ?? 0) + 1);
      distinct.set(lang, (distinct.get(lang) ?? new Set()).add(word));
    }
  const [first, second] = [...hits].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < 0.1 * words.length || (second && first[1] < 2 * second[1])) return undefined;
  // Code repeats one short word ("ou=…,ou=…" in LDAP): prose uses several.
  return distinct.get(first[0])!.size >= MIN_DISTINCT ? first[0] : undefined;
}

/** The languages `text` may be in, likeliest first (empty when nothing is recognised, as with code or numbers). */
export async function detectLanguages(text: string, only?: readonly string[]): Promise<Detected[]> {
  const told = functionWordLanguage(text);
  if (told && (!only || only.includes(told))) return [{ lang: told, score: 1 }];
  const { detectAll } = await (tinyld ??= import('tinyld/light'));
  return detectAll(text, only ? { only: [...only] } : {})
    .filter(({ lang, accuracy }) => lang && accuracy > 0)
    .map(({ lang, accuracy }) => ({ lang, score: accuracy }));
}
