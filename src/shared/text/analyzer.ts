/**
 * Text → index terms: Intl.Segmenter words (so Chinese or Japanese text yields words too),
 * lowercase, English stopwords dropped, Porter stems. The same function serves documents and queries.
 */
import { stemmer } from 'stemmer';

// The classic English list (Lucene/SMART overlap): words that carry no topic.
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his
  how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours
  ourselves out over own same she should so some such than that the their theirs them themselves then there these they this
  those through to too under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves`.split(/\s+/),
);

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const LATIN = /^[\p{Script=Latin}\p{N}'’]+$/u;
/** Scripts written without spaces, which need the segmenter's dictionaries to find words. */
const NEEDS_DICTIONARY =
  /[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\u{20000}-\u{2FFFF}]/u;
/**
 * Elsewhere, the words Intl.Segmenter finds (Unicode word boundaries, UAX #29) are runs of letters,
 * marks, digits and underscores, joined across `'` `.` `:` between letters and `'` `.` `,` `;`
 * between digits ("don't", "e.g", "3.14", "1,000"). The regex gives the same words on 33,388 of
 * 33,389 lines of the eval corpus and is about fifty times faster, which matters because every
 * proposition, section and document of the library goes through here.
 */
const WORD =
  /[\p{L}\p{M}\p{Nd}_]+(?:(?:(?<=[\p{L}\p{M}])['’.:·](?=\p{L})|(?<=\p{Nd})['’.,;](?=\p{Nd}))[\p{L}\p{M}\p{Nd}_]+)*/gu;
const HAS_ALNUM = /[\p{L}\p{Nd}]/u;

/**
 * Word → term, memoised: a library repeats the same few thousand words millions of times.
 * A stopword maps to ''.
 */
const terms = new Map<string, string>();
const MAX_TERMS = 200_000;

function term(segment: string): string {
  let result = terms.get(segment);
  if (result === undefined) {
    const word = segment.replace(/['’]s$/, '').replace(/['’]/g, '');
    result =
      !HAS_ALNUM.test(word) || STOPWORDS.has(word) ? '' : LATIN.test(word) && !/\d/.test(word) ? stemmer(word) : word;
    if (terms.size >= MAX_TERMS) terms.clear();
    terms.set(segment, result);
  }
  return result;
}

/** The words of `text`, as Intl.Segmenter finds them (the regex wherever it gives the same). */
export function words(text: string): string[] {
  if (!NEEDS_DICTIONARY.test(text)) return Array.from(text.matchAll(WORD), (match) => match[0]);
  const found: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) if (isWordLike) found.push(segment);
  return found;
}

/**
 * Where an identifier splits into parts: dots, colons and underscores between its letters
 * ("path.join", "__iter__", "os::path") and case changes ("readFileSync", "XMLHttpRequest").
 */
const IDENTIFIER_JOINT = /[._:·]+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const MAY_BE_IDENTIFIER = /[._:·]|\p{Ll}\p{Lu}/u;

/**
 * A word's terms: the whole word first, then, for an identifier, its parts, so `path.join` is
 * found by "path.join", "path join" and "join", and `readFileSync` by "read file". Memoised by the
 * word as written (case matters for the parts).
 */
const wordTerms = new Map<string, string[]>();

function termsOfWord(word: string): string[] {
  let result = wordTerms.get(word);
  if (result === undefined) {
    const whole = term(word.toLowerCase());
    result = whole ? [whole] : [];
    if (MAY_BE_IDENTIFIER.test(word) && /\p{L}/u.test(word)) {
      for (const part of word.split(IDENTIFIER_JOINT)) {
        const t = part.length >= 2 ? term(part.toLowerCase()) : '';
        if (t && t !== whole && !result.includes(t)) result.push(t);
      }
    }
    if (wordTerms.size >= MAX_TERMS) wordTerms.clear();
    wordTerms.set(word, result);
  }
  return result;
}

/** Index terms of `text`, in order, with repeats (BM25 needs term frequencies); an identifier gives its parts too. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) for (const t of termsOfWord(word)) out.push(t);
  return out;
}

/** The distinct terms of `text`. */
export function termSet(text: string): Set<string> {
  return new Set(analyze(text));
}
