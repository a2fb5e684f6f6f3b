/**
 * Sentence boundaries that survive "e.g.", "Fig. 3", "U.S.", decimals, URLs and version numbers:
 * Intl.Segmenter proposes, then splits after known abbreviations and initials are undone.
 */

export interface Span {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const ABBREVIATION = /(?:\b(?:e\.g|i\.e|etc|vs|cf|al|approx|fig|figs|eq|eqs|no|nos|vol|pp?|ch|sec|dr|mr|mrs|ms|prof|st|jr|sr|inc|ltd|co|corp|dept|est|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|u\.s|u\.k|ph\.d|a\.m|p\.m)\.|\b\p{Lu}\.)\s*$/iu;

/** Sentence spans of `text[start, end)`, trimmed of surrounding whitespace. */
export function sentenceSpans(text: string, start = 0, end = text.length): Span[] {
  const spans: Span[] = [];
  for (const { segment, index } of segmenter.segment(text.slice(start, end))) {
    const lead = segment.length - segment.trimStart().length;
    const s = start + index + lead;
    const e = start + index + segment.trimEnd().length;
    if (e <= s) continue;
    const previous = spans.at(-1);
    // Join when the previous piece ended on an abbreviation, or this one starts in lower case or with a digit.
    if (previous && (ABBREVIATION.test(text.slice(previous.start, previous.end)) || /^[\p{Ll}\d(]/u.test(text.slice(s, s + 1)))) {
      previous.end = e;
    } else spans.push({ start: s, end: e });
  }
  return spans;
}
