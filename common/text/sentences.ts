/**
 * Sentence boundaries that survive "e.g.", "Fig. 3", "U.S.", decimals, URLs and version numbers:
 * Intl.Segmenter proposes, then splits after known abbreviations and initials are undone.
 */

export interface Span {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
// Abbreviations that never end a sentence here. Those used before numbers ("Fig. 3", "No. 5",
// "pp. 12", "Nr. 4", "S. 12") need no entry: a piece starting with a digit always joins the one before.
// Nor do those that often do end one ("etc.", "usw.", "enz."): they join only before lower case.
// English first, then German, French, Spanish, Italian, Portuguese and Dutch; one list, because a
// passage may be in any of them whatever its document's language.
const ABBREVIATIONS = [
  'e\\.g|i\\.e|vs|cf|al|approx|dr|mr|mrs|ms|mx|prof|st|jr|sr|rev|gen|col|capt|lt|sgt|hon|messrs|mme|mlle|esp|incl|resp|viz|ca',
  'jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|u\\.s|u\\.k|e\\.u|u\\.n|ph\\.d|m\\.d|b\\.a|m\\.a|a\\.m|p\\.m',
  'bzw|vgl|nr|abs|abb|evtl|ggf|inkl|sog|bspw|zzgl|hrsg|bzgl|tel',
  'env|ex|chap|av|bd|vol|éd|tél',
  'sra|srta|dra|ud|uds|pág|núm|sig|sigg|dott|ing|avv|pag|exmo|exma',
  'bijv|blz|zgn|nl|mevr|dhr',
].join('|');
// A listed abbreviation, or a single letter: an initial ("J. Smith", "M. Dupont") or a part of
// "z. B.", "d. h.", "u. a.", "p. ex." (case-insensitive, so \p{Lu} takes lower case too).
const ABBREVIATION = new RegExp(`(?:(?<![\\p{L}\\p{N}_])(?:${ABBREVIATIONS})\\.|\\b\\p{Lu}\\.)\\s*$`, 'iu');

/**
 * Whether the piece ends on an abbreviation or an initial. Only its last characters are read: the
 * longest abbreviation and the character before it fit in them, and a piece that grew by joining
 * (a long list of "e.g." and initials) is not read whole again at every join.
 */
const ABBREVIATION_TAIL = 16;
const endsOnAbbreviation = (text: string, piece: Span) =>
  ABBREVIATION.test(text.slice(Math.max(piece.start, piece.end - ABBREVIATION_TAIL), piece.end));

/** Sentence spans of `text[start, end)`, trimmed of surrounding whitespace. */
export function sentenceSpans(text: string, start = 0, end = text.length): Span[] {
  const spans: Span[] = [];
  // Line breaks inside a block are wrapping, not sentence ends (ICU always breaks after one).
  for (const { segment, index } of segmenter.segment(
    text.slice(start, end).replace(/[\n\r\f\v\u2028\u2029\u0085]/g, ' '),
  )) {
    const lead = segment.length - segment.trimStart().length;
    const s = start + index + lead;
    const e = start + index + segment.trimEnd().length;
    if (e <= s) continue;
    const previous = spans.at(-1);
    // Join when the previous piece ended on an abbreviation, or this one starts in lower case or with a digit.
    if (previous && (endsOnAbbreviation(text, previous) || /^[\p{Ll}\d(]/u.test(text.slice(s, s + 1)))) {
      previous.end = e;
    } else spans.push({ start: s, end: e });
  }
  return spans;
}
