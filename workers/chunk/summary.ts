/**
 * Document level: keywords by term weight (frequent in the document, spread over its sections) and
 * an extractive summary — the lead sentence plus the sentences richest in those keywords, 100–200
 * tokens, in document order.
 */
import { analyze, words, termsOf } from '../../common/text/analyzer';
import { SUMMARY } from '../../common/chunk-sizes';
import { sentenceSpans, type Span } from '../../common/text/sentences';

/**
 * Index terms of spans of one text, each span analysed once (the analyzer's word segmentation is
 * the chunker's main cost): a unit's terms serve its proposition, its section and the summary.
 */
export class SpanTerms {
  private readonly cache = new Map<string, string[]>();
  constructor(private readonly text: string) {}

  of(start: number, end: number): string[] {
    const key = `${start}:${end}`;
    let terms = this.cache.get(key);
    if (!terms) this.cache.set(key, (terms = analyze(this.text.slice(start, end))));
    return terms;
  }

  /** Terms of consecutive spans, concatenated. */
  ofAll(spans: Span[]): string[] {
    return spans.flatMap((span) => this.of(span.start, span.end));
  }
}

/** Term weights: frequency × log(1 + number of sections the term appears in). */
export function termWeights(sectionTerms: string[][]): Map<string, number> {
  const tf = new Map<string, number>();
  const spread = new Map<string, number>();
  for (const terms of sectionTerms) {
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const term of new Set(terms)) spread.set(term, (spread.get(term) ?? 0) + 1);
  }
  const weights = new Map<string, number>();
  for (const [term, n] of tf)
    if (term.length > 2 && !/^\d+$/.test(term)) weights.set(term, n * Math.log(1 + (spread.get(term) ?? 1)));
  return weights;
}

/** The n heaviest terms. */
export function topTerms(weights: Map<string, number>, n: number): string[] {
  return [...weights]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([term]) => term);
}

/** Maps stems back to the word a reader would recognise: the most frequent surface form in `text`. */
export function surfaceForms(stems: string[], text: string): string[] {
  const wanted = new Set(stems);
  const forms = new Map<string, Map<string, number>>();
  const stemOf = new Map<string, string | undefined>();
  for (const word of words(text.toLowerCase())) {
    if (!stemOf.has(word)) stemOf.set(word, termsOf(word)[0]);
    const stem = stemOf.get(word);
    if (!stem || !wanted.has(stem)) continue;
    const counts = forms.get(stem) ?? new Map<string, number>();
    counts.set(word, (counts.get(word) ?? 0) + 1);
    forms.set(stem, counts);
  }
  return stems.map((stem) => [...(forms.get(stem) ?? new Map([[stem, 1]]))].sort((a, b) => b[1] - a[1])[0]![0]);
}

/** Keywords of one chunk: its terms ranked by frequency there, weighted by rarity in the document. */
export function chunkKeywords(terms: string[], docWeights: Map<string, number>, n = 5): string[] {
  const counts = new Map<string, number>();
  for (const term of terms) if (docWeights.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (docWeights.get(b[0]) ?? 0) - (docWeights.get(a[0]) ?? 0))
    .slice(0, n)
    .map(([t]) => t);
}

/** Lead sentence + top-scoring sentences until about SUMMARY.min tokens, never past SUMMARY.max. */
export function extractiveSummary(
  text: string,
  bodySpans: Span[],
  weights: Map<string, number>,
  countTokens: (t: string) => number,
  terms: SpanTerms,
): string {
  const all = bodySpans.flatMap((s) => sentenceSpans(text, s.start, s.end)).slice(0, 2000);
  // Prose sentences only, when there are enough (not link lists, bylines or table-of-contents lines).
  const prose = all.filter((span) => isProse(text.slice(span.start, span.end)));
  const sentences = prose.length >= 3 ? prose : all;
  if (sentences.length === 0) return '';
  const scored = sentences.map((span, i) => {
    const words = terms.of(span.start, span.end);
    const score = words.reduce((sum, t) => sum + (weights.get(t) ?? 0), 0) / Math.sqrt(words.length + 1);
    return { span, i, score };
  });
  // Counted only for the sentences the summary looks at: a few of a book's thousands.
  const tokensOf = (c: (typeof scored)[number]) => countTokens(text.slice(c.span.start, c.span.end));
  // The lead: the first sentence that reads as prose (not a byline, version line or caption).
  const lead = scored.find((c) => isProse(text.slice(c.span.start, c.span.end))) ?? scored[0]!;
  const chosen = [lead];
  let tokens = tokensOf(lead);
  for (const candidate of scored.filter((c) => c !== lead).sort((a, b) => b.score - a.score)) {
    if (tokens >= SUMMARY.min) break;
    const more = tokensOf(candidate);
    if (tokens + more > SUMMARY.max) continue;
    chosen.push(candidate);
    tokens += more;
  }
  const ordered = chosen
    .sort((a, b) => a.i - b.i)
    .map((c) => text.slice(c.span.start, c.span.end).replace(/\s+/g, ' '));
  const summary = ordered.join(' ');
  // A lead sentence longer than the maximum is cut at a word boundary.
  let words = summary.split(' ');
  while (words.length > 1 && countTokens(words.join(' ')) > SUMMARY.max)
    words = words.slice(0, Math.floor(words.length * 0.9));
  return words.join(' ');
}

function isProse(sentence: string): boolean {
  const found = words(sentence).filter((w) => /\p{L}/u.test(w));
  return (
    found.length >= 6 && found.filter((w) => /^\p{Ll}/u.test(w)).length >= 3 && /[.!?]["'”’)]?$/.test(sentence.trim())
  );
}
