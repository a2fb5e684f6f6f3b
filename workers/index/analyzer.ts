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

/** Index terms of `text`, in order, with repeats (BM25 needs term frequencies). */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text.toLowerCase())) {
    if (!isWordLike) continue;
    const word = segment.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (!word || STOPWORDS.has(word)) continue;
    terms.push(LATIN.test(word) && !/\d/.test(word) ? stemmer(word) : word);
  }
  return terms;
}

/** The distinct terms of `text`. */
export function termSet(text: string): Set<string> {
  return new Set(analyze(text));
}
