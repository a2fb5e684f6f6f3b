/**
 * Splits text into plain and marked segments for the query's words (compared by stem, so "trains"
 * marks "train"). The UI renders segments as text nodes: document text is never parsed as HTML.
 */
import { analyze } from '../../common/text/analyzer';

export interface Segment {
  text: string;
  mark: boolean;
}

export function highlightSegments(text: string, query: string): Segment[] {
  const terms = new Set(analyze(query));
  if (terms.size === 0) return [{ text, mark: false }];
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const [term] = analyze(match[0]);
    if (!term || !terms.has(term)) continue;
    if (match.index! > last) segments.push({ text: text.slice(last, match.index), mark: false });
    segments.push({ text: match[0], mark: true });
    last = match.index! + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), mark: false });
  return segments;
}
