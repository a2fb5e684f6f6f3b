/**
 * Which languages a question is read in for the keyword leg: in each language the library holds
 * (most questions are a few words, and "Netzwerk konfigurieren" or "configure network" could be
 * several), and first in its own when it is long enough for the identifier to be sure of it. An
 * English-only library reads a question as English, as always, and loads nothing for it (not even
 * the identifier), unless the question's function words say it is in another language ("comment
 * lire un fichier de données"): then its own analyser is loaded and it is read in both, so that
 * "comment" is a question word, not the English "comment".
 */
import { analyzeQuery, type QueryWord, stopWordsIn } from '../../common/text/analyzer';
import { analyserOf, loadLanguages } from '../../common/text/languages';
import { detectLanguages } from '../text/detect';
import { guessLanguage } from '../embed/language-tables';

/** Fewer words than this and the identifier is not trusted alone (docs/languages.md, "Detection"). */
const SURE_WORDS = 4;
/** How far ahead of the next language the first must be to be taken alone. */
const SURE_RATIO = 3;

/** The languages (analyser keys) to read `question` in, given the languages the library holds. */
export async function questionLanguages(question: string, libraryLangs: Iterable<string>): Promise<string[]> {
  return (await questionReading(question, libraryLangs)).langs;
}

/**
 * The library's language a short question is surely in by its small words: two different stop
 * words of it at least, and twice as many as of any other language held ("quelle version de Debian
 * tourne sur ma machine": four French, no English); undefined when they do not say.
 */
function stopWordLanguage(question: string, held: readonly string[]): string | undefined {
  const [first, second] = held
    .map((lang) => [lang, stopWordsIn(question, lang).size] as const)
    .sort((a, b) => b[1] - a[1]);
  return first && first[1] >= 2 && (!second || first[1] >= 2 * second[1]) ? first[0] : undefined;
}

/**
 * The languages to read `question` in, and its own when its small words or the identifier are sure
 * of it. `asked` is the language the search decided it is asked in (askedLanguage), if it did.
 */
async function questionReading(
  question: string,
  libraryLangs: Iterable<string>,
  asked?: string,
): Promise<{ langs: string[]; own?: string }> {
  const held = [...new Set([...libraryLangs].map(analyserOf))];
  if (held.every((lang) => lang === 'en')) {
    // The built-in lists of function words (no download) tell, as they do for the question's
    // vector and its translations (workers/embed/language-tables.ts), or the search's decision.
    const own = analyserOf(asked ?? guessLanguage(question));
    if (own === 'en') return { langs: ['en'] };
    await loadLanguages([own]);
    return { langs: [own, 'en'], own };
  }
  await loadLanguages(held);
  const told = stopWordLanguage(question, held);
  if (told) return { langs: [...new Set([told, ...held])], own: told };
  const ranked = await detectLanguages(question);
  const [first, second] = ranked;
  const sure =
    first !== undefined &&
    question.trim().split(/\s+/).length >= SURE_WORDS &&
    (second === undefined || first.score >= SURE_RATIO * second.score);
  // Even a sure reading keeps the library's languages beside it: the identifier is wrong at times
  // (a short English claim read as Italian alone found nothing in an English library).
  return sure
    ? { langs: [...new Set([analyserOf(first.lang), ...held])], own: analyserOf(first.lang) }
    : { langs: held };
}

/**
 * The question's words for the keyword leg (`Query.words`), or undefined when it is read as
 * English alone: then the keyword leg analyses the text exactly as before.
 */
export async function questionWords(
  question: string,
  libraryLangs: Iterable<string>,
  asked?: string,
): Promise<QueryWord[] | undefined> {
  const { langs, own } = await questionReading(question, libraryLangs, asked);
  if (langs.length === 1 && langs[0] === 'en') return undefined;
  await loadLanguages(langs);
  return analyzeQuery(question, langs, own);
}
