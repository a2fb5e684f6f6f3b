/**
 * Which languages a question is read in for the keyword leg: in each language the library holds
 * (most questions are a few words, and "Netzwerk konfigurieren" or "configure network" could be
 * several), and first in its own when it is long enough for the identifier to be sure of it. An English-only library reads every question as English, as always, and loads
 * nothing for it (not even the identifier).
 */
import { analyzeQuery, type QueryWord } from '../../common/text/analyzer';
import { analyserOf, loadLanguages } from '../../common/text/languages';
import { detectLanguages } from '../text/detect';

/** Fewer words than this and the identifier is not trusted alone (docs/languages.md, "Detection"). */
const SURE_WORDS = 4;
/** How far ahead of the next language the first must be to be taken alone. */
const SURE_RATIO = 3;

/** The languages (analyser keys) to read `question` in, given the languages the library holds. */
export async function questionLanguages(question: string, libraryLangs: Iterable<string>): Promise<string[]> {
  const held = [...new Set([...libraryLangs].map(analyserOf))];
  if (held.every((lang) => lang === 'en')) return ['en'];
  const ranked = await detectLanguages(question);
  const [first, second] = ranked;
  const sure =
    first !== undefined &&
    question.trim().split(/\s+/).length >= SURE_WORDS &&
    (second === undefined || first.score >= SURE_RATIO * second.score);
  // Even a sure reading keeps the library's languages beside it: the identifier is wrong at times
  // (a short English claim read as Italian alone found nothing in an English library).
  return sure ? [...new Set([analyserOf(first.lang), ...held])] : held;
}

/**
 * The question's words for the keyword leg (`Query.words`), or undefined when it is read as
 * English alone: then the keyword leg analyses the text exactly as before.
 */
export async function questionWords(
  question: string,
  libraryLangs: Iterable<string>,
): Promise<QueryWord[] | undefined> {
  const langs = await questionLanguages(question, libraryLangs);
  if (langs.length === 1 && langs[0] === 'en') return undefined;
  await loadLanguages(langs);
  return analyzeQuery(question, langs);
}
