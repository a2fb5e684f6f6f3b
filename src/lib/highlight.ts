/**
 * Splits text into plain and marked segments for the query's words (compared by stem, so "trains"
 * marks "train"). The words are the ones the index found (the analyser's `words`), so the words
 * marked are the words that matched. The UI renders segments as text nodes: document text is never
 * parsed as HTML. A passage is read in its own language, once the page has loaded it (search.svelte.ts
 * loads the results' languages), so "de" or "les" in a French question marks nothing in French text.
 */
import { analyze, wordSpans, termsOf } from '../../common/text/analyzer';
import { readableAs } from '../../common/text/languages';

export interface Segment {
  text: string;
  mark: boolean;
}

export function highlightSegments(text: string, query: string, lang?: string): Segment[] {
  const readAs = readableAs(lang);
  const terms = new Set(analyze(query, readAs));
  if (terms.size === 0) return [{ text, mark: false }];
  const segments: Segment[] = [];
  let last = 0;
  for (const { word, index } of wordSpans(text)) {
    if (!termsOf(word, readAs).some((term) => terms.has(term))) continue;
    if (index > last) segments.push({ text: text.slice(last, index), mark: false });
    segments.push({ text: word, mark: true });
    last = index + word.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), mark: false });
  return segments;
}
