/**
 * Text → index terms: Intl.Segmenter words (so Chinese, Japanese or Thai text yields words too),
 * lowercase, stopwords dropped, stems. English: the classic stop list and Porter stems, unchanged
 * since before languages were told apart. A language of languages.ts: its Snowball stemmer and stop
 * words, accents folded first (so text typed without them reads the same). The same function serves documents
 * and queries; a question that may be in several languages is read in each (`analyzeQuery`).
 */
import { stemmer } from 'stemmer';
import { analyserOf, fold, languageData, type AnalysedLanguage, type LanguageData } from './languages';
import { fewestParts } from './compound-split';

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

/**
 * The words of `text`, as Intl.Segmenter finds them (the regex wherever it gives the same): the
 * one word splitter. The index, the highlight, summaries, copy detection and follow-ups all cut
 * text here, so a word found is the word marked.
 */
export function words(text: string): string[] {
  if (!NEEDS_DICTIONARY.test(text)) return Array.from(text.matchAll(WORD), (match) => match[0]);
  const found: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) if (isWordLike) found.push(segment);
  return found;
}

/** The same words as `words`, each with where it starts in `text`, to mark them in place. */
export function wordSpans(text: string): { word: string; index: number }[] {
  if (!NEEDS_DICTIONARY.test(text))
    return Array.from(text.matchAll(WORD), (match) => ({ word: match[0], index: match.index }));
  const found: { word: string; index: number }[] = [];
  for (const { segment, index, isWordLike } of segmenter.segment(text))
    if (isWordLike) found.push({ word: segment, index });
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

function termsOfWord(word: string, termOf = term, memo = wordTerms): string[] {
  let result = memo.get(word);
  if (result === undefined) {
    const whole = termOf(word.toLowerCase());
    result = whole ? [whole] : [];
    if (MAY_BE_IDENTIFIER.test(word) && /\p{L}/u.test(word)) {
      for (const part of word.split(IDENTIFIER_JOINT)) {
        const t = part.length >= 2 ? termOf(part.toLowerCase()) : '';
        if (t && t !== whole && !result.includes(t)) result.push(t);
      }
    }
    if (memo.size >= MAX_TERMS) memo.clear();
    memo.set(word, result);
  }
  return result;
}

/** French and Italian elided articles and pronouns before an apostrophe ("l'écran", "dell'anno", "qu'il"). */
const ELISION = /^(?:\p{L}{1,4}['’])+(?=\p{L})/u;

/** One language's term function and memo tables (the same shape as English's). */
interface Analyser {
  termOf: (segment: string) => string;
  wordTerms: Map<string, string[]>;
}
const analysers = new Map<AnalysedLanguage, Analyser>();

function analyserFor(lang: AnalysedLanguage): Analyser {
  let analyser = analysers.get(lang);
  if (!analyser) {
    const data = languageData(lang);
    if (!data) throw new Error(`the ${lang} analyser is not loaded: await loadLanguages first`);
    analyser = { termOf: languageTerm(lang, data), wordTerms: new Map() };
    analysers.set(lang, analyser);
  }
  return analyser;
}

function languageTerm(lang: AnalysedLanguage, { stem, stopwords }: LanguageData): (segment: string) => string {
  const memo = new Map<string, string>();
  const elides = lang === 'fr' || lang === 'it';
  return (segment) => {
    let result = memo.get(segment);
    if (result === undefined) {
      // Folded before stemming, so a question typed without accents ("securite") stems as the text does ("sécurité").
      const word = fold((elides ? segment.replace(ELISION, '') : segment).replace(/['’]/g, ''));
      result =
        !HAS_ALNUM.test(word) || stopwords.has(word) ? '' : LATIN.test(word) && !/\d/.test(word) ? stem(word) : word;
      if (memo.size >= MAX_TERMS) memo.clear();
      memo.set(segment, result);
    }
    return result;
  };
}

/** A word's terms in `lang` (English's for a language with no analyser of its own). */
function termsIn(word: string, lang: AnalysedLanguage | 'en'): string[] {
  if (lang === 'en') return termsOfWord(word);
  const { termOf, wordTerms: memo } = analyserFor(lang);
  return termsOfWord(word, termOf, memo);
}

/** The index terms of one word that `words` found (none for a stopword), in `lang` as `analyze` reads it. */
export function termsOf(word: string, lang?: string): string[] {
  return termsIn(word, analyserOf(lang));
}

/**
 * Index terms of `text`, in order, with repeats (BM25 needs term frequencies); an identifier gives
 * its parts too. `lang` (ISO 639-1) picks the analyser; without one, or with a language that has
 * none of its own, English. A language of languages.ts must have been loaded (`loadLanguages`).
 */
export function analyze(text: string, lang?: string): string[] {
  const analyser = analyserOf(lang);
  const out: string[] = [];
  for (const word of words(text)) for (const t of termsIn(word, analyser)) out.push(t);
  return out;
}

/** The distinct terms of `text`. */
export function termSet(text: string, lang?: string): Set<string> {
  return new Set(analyze(text, lang));
}

/**
 * One word of a question: its terms in each language it is read in (the first is the typed term
 * that stands for the rest), and, for a word German may have joined, the folded word to split
 * against the index's vocabulary when none of its terms is indexed. `optional` when some language
 * takes it for a stop word ("die", "men", "war"): it is searched for in the others, but a question
 * is not judged less covered for lacking it.
 */
export interface QueryWord {
  terms: string[];
  compound?: string;
  /** The folded word, when German reads it: what the library's German compounds may hold as a part. */
  german?: string;
  optional?: boolean;
}

/** The different words of `text` that `lang`'s analyser drops as stop words (`lang` loaded). */
export function stopWordsIn(text: string, lang: string): Set<string> {
  const analyser = analyserOf(lang);
  const stop = new Set<string>();
  for (const word of words(text))
    if (/\p{L}/u.test(word) && termsIn(word, analyser).length === 0) stop.add(word.toLowerCase());
  return stop;
}

/** Long enough to be one part of a German compound. */
const PART_CANDIDATE = /^\p{L}{4,}$/u;

/** Long enough to be a German compound of two words of at least four letters. */
const COMPOUND_CANDIDATE = /^\p{L}{8,}$/u;

/**
 * A question read in each of `langs` (ISO 639-1, loaded): one entry per word, its terms in every
 * language, so a word counts once however many languages read it. A word that is a stop word in
 * all of them is left out, and so is one of `own` (the language the question is surely in).
 * Identifier parts come as words of their own, as `analyze` gives them. A word German reads, in a
 * question that may be German, carries its folded form (`german`): the index looks for it inside
 * its German compounds too (`compoundsHolding`).
 */
export function analyzeQuery(text: string, langs: readonly string[], own?: string): QueryWord[] {
  const analysers = [...new Set(langs.map(analyserOf))];
  const ownAnalyser = own === undefined ? undefined : analyserOf(own);
  const out: QueryWord[] = [];
  for (const word of words(text)) {
    // A stop word of the language the question is surely in carries no topic in any reading: French
    // "de", "sur", "ma" read as English would match every French passage read as English.
    if (ownAnalyser !== undefined && termsIn(word, ownAnalyser).length === 0) continue;
    const each = analysers.map((lang) => termsIn(word, lang));
    const read = each.filter((terms) => terms.length > 0);
    if (read.length === 0) continue;
    const wholes = [...new Set(read.map((terms) => terms[0]!))];
    const readsGerman =
      analysers.includes('de') &&
      (own === undefined || ownAnalyser === 'de') &&
      each[analysers.indexOf('de')]!.length > 0;
    const german = analysers.includes('de') && COMPOUND_CANDIDATE.test(word);
    out.push({
      terms: wholes,
      ...(german ? { compound: fold(word.toLowerCase()) } : {}),
      ...(readsGerman && PART_CANDIDATE.test(word) ? { german: fold(word.toLowerCase()) } : {}),
      ...(read.length < each.length ? { optional: true } : {}),
    });
    for (const part of new Set(read.flatMap((terms) => terms.slice(1)))) out.push({ terms: [part] });
  }
  return out;
}

/** The shortest part a German compound is split into ("Netz", "Datei"). */
const MIN_PART = 4;

/**
 * A German compound's parts, as German terms the index knows (`known`), fewest parts first:
 * "festplattenpartition" → ["festplatt", "partition"] when the library has "Festplatte" and
 * "Partition". A linking "s" ("Arbeitsspeicher") is tried off too; Snowball takes off "-en", "-e".
 * Null when no split into known terms exists. German must be loaded.
 */
export function compoundParts(word: string, known: (term: string) => boolean): string[] | null {
  const termOf = analyserFor('de').termOf;
  const partTerm = (part: string): string | null => {
    for (const candidate of part.length > MIN_PART && part.endsWith('s') ? [part, part.slice(0, -1)] : [part]) {
      const t = termOf(candidate);
      if (t && known(t)) return t;
    }
    return null;
  };
  return fewestParts(word, partTerm, MIN_PART);
}

/**
 * The terms of the index's German compounds that hold `word` (a question's word as German reads
 * it, folded) as their first or last part: "fehler" → "fehlerbericht", "partition" →
 * "festplattenpartition". A term counts when it splits into parts the index holds on their own
 * (`known`), the word's among them, so "fehlerhaft" is no compound of "Fehler" unless the library
 * holds "Haft". `withPrefix` and `withSuffix` give the index's terms that begin or end so.
 * German must be loaded.
 */
export function compoundsHolding(
  word: string,
  affixes: { withPrefix(prefix: string): Iterable<string>; withSuffix(suffix: string): Iterable<string> },
  known: (term: string) => boolean,
): string[] {
  const termOf = analyserFor('de').termOf;
  const own = termOf(word);
  if (own.length < MIN_PART) return [];
  const candidates = new Set([...affixes.withPrefix(word), ...affixes.withPrefix(own), ...affixes.withSuffix(own)]);
  // Split against the other terms: the compound itself is held too, and would be its own fewest parts.
  return [...candidates].filter((term) => compoundParts(term, (part) => part !== term && known(part))?.includes(own));
}
