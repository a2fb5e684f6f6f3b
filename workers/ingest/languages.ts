/**
 * A document's language and its passages' (DESIGN §9 Languages): the document's from a sample of
 * its prose, then each section's from its own text's function words (the languages with an
 * analyser), so a document in two languages is read passage by passage. Propositions take their
 * section's.
 */
import type { ChunkedDocument, ParsedDocument } from '../../common/types';
import { detectLanguages, functionWordLanguage } from '../text/detect';

/** About how much prose tinyld judges a document on: its cost barely grows with it. */
const SAMPLE_CHARS = 2000;
const PICKS = 10;
/** How much prose its function words are counted in (cheap: one pass of a regex). */
const FUNCTION_WORD_CHARS = 20_000;
/** How far ahead of the next language tinyld's first must be for a document to be given it. */
const SURE_RATIO = 3;
/** Sections shorter than this take their document's language (too little text to be sure). */
const MIN_SECTION_CHARS = 200;
const SECTION_SAMPLE_CHARS = 600;

const proseOf = (parsed: ParsedDocument) =>
  parsed.blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item' || b.kind === 'quote');

/** Prose blocks spread over the whole document: up to `PICKS` of them, about `SAMPLE_CHARS` in all. */
function proseSample(parsed: ParsedDocument): string {
  const prose = proseOf(parsed);
  if (prose.length === 0) return parsed.text.slice(0, SAMPLE_CHARS);
  const step = Math.max(1, prose.length / PICKS);
  // A few long paragraphs (an abstract) give more of each: too short a sample and tinyld guesses.
  const each = SAMPLE_CHARS / Math.min(PICKS, prose.length);
  const picked: string[] = [];
  for (let i = 0; i < prose.length; i += step) picked.push(prose[Math.floor(i)]!.text.slice(0, each));
  return picked.join('\n');
}

/**
 * A document's language: by the function words of its prose when they say (an English paper with
 * a page of names and addresses up front was Italian to tinyld), else by tinyld when it is sure;
 * undefined for too little text ("Document text. Body text." was Spanish to tinyld).
 */
async function documentLanguage(parsed: ParsedDocument): Promise<string | undefined> {
  const blocks = proseOf(parsed);
  const text = blocks.length ? blocks.map((b) => b.text).join('\n') : parsed.text;
  const told = functionWordLanguage(text.slice(0, FUNCTION_WORD_CHARS));
  if (told) return told;
  const [first, second] = await detectLanguages(proseSample(parsed));
  return first && (!second || first.score >= SURE_RATIO * second.score) ? first.lang : undefined;
}

/**
 * The document's language (undefined when not recognised) and, in place, the `lang` of each section
 * and proposition whose language is surely another one the analyser knows.
 */
export async function detectDocumentLanguages(
  parsed: ParsedDocument,
  chunked: Pick<ChunkedDocument, 'sections' | 'propositions'>,
): Promise<string | undefined> {
  const lang = await documentLanguage(parsed);
  if (chunked.sections.length < 2) return lang;
  const sectionLang = new Map<string, string>();
  for (const section of chunked.sections) {
    if (section.text.length < MIN_SECTION_CHARS) continue;
    // Function words only: tinyld took RFC 2616's list of references for Italian, and one such
    // passage makes an English library read every question in another language too.
    const own = functionWordLanguage(section.text.slice(0, SECTION_SAMPLE_CHARS));
    if (own && own !== lang) {
      section.lang = own;
      sectionLang.set(section.id, own);
    }
  }
  for (const proposition of chunked.propositions) {
    const own = sectionLang.get(proposition.sectionId);
    if (own) proposition.lang = own;
  }
  return lang;
}
