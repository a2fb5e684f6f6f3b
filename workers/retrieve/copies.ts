/**
 * One result for a passage that several documents hold. A library often keeps the same text twice
 * (an RFC as .txt and as .html, a book from two sources, a report and its draft): without this,
 * the two copies of the best passage take two of the first three places and push the next answer
 * down. A result whose best passage another result, ranked higher, already shows is folded into it,
 * and that result names the other document (`copies`), so nothing is hidden.
 */
import type { ResultHit } from '../../common/types';
import { words } from '../../common/text/analyzer';
import { FNV_OFFSET, fnvStep } from '../index/fnv';

/**
 * How a copy is told: by runs of this many words in a row. A short line ("See also section 3.") is
 * found in many unrelated places, a run of eight words almost never is.
 */
const RUN = 8;
/**
 * The share of a passage's runs that another result must show for it to be a copy. Two files of
 * one text are cut into passages at different places (a page break, a heading found in one and not
 * the other), so a copy's passage may begin or end elsewhere; a passage that only quotes a sentence
 * of another shares far less.
 */
const COPY_SHARE = 0.5;

/** The passages a result card shows before "more passages": a copy is told against these. */
const SHOWN = 3;

/** FNV-1a over a word's UTF-16 code units. */
function hashWord(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = fnvStep(hash, word.charCodeAt(i));
  return hash;
}

/**
 * A passage's runs of `RUN` words, each as a 32-bit hash of its words (lower-case, with
 * punctuation, markup and line breaks left out); none when it is shorter. Numbers, not strings:
 * every passage of every result goes through here on each search.
 */
export function wordRuns(text: string): number[] {
  const hashes = words(text.toLowerCase()).map(hashWord);
  const runs: number[] = [];
  for (let start = 0; start + RUN <= hashes.length; start++) {
    let hash = FNV_OFFSET;
    for (let i = start; i < start + RUN; i++) hash = fnvStep(hash, hashes[i]!);
    runs.push(hash >>> 0);
  }
  return runs;
}

/** Folds each result whose best passage a higher-ranked result of another document mostly shows (in its first passages) into that result. */
export function foldCopies(hits: ResultHit[]): ResultHit[] {
  const kept: ResultHit[] = [];
  /** Run of words → the place in `kept` of the first result that shows it. */
  const owner = new Map<number, number>();
  for (const hit of hits) {
    const at = copyOf(wordRuns(hit.propositions[0]?.text ?? ''), owner, (place) => kept[place]!.docId !== hit.docId);
    if (at !== undefined) {
      const copy = {
        docId: hit.docId,
        docName: hit.docName,
        docTitle: hit.docTitle,
        sectionId: hit.sectionId,
        headingPath: hit.headingPath,
        pages: hit.pages,
        pageLabels: hit.pageLabels,
      };
      kept[at] = { ...kept[at]!, copies: [...(kept[at]!.copies ?? []), copy] };
      continue;
    }
    for (const p of hit.propositions.slice(0, SHOWN))
      for (const run of wordRuns(p.text)) if (!owner.has(run)) owner.set(run, kept.length);
    kept.push(hit);
  }
  return kept;
}

/** The place of the kept result (of another document: `other`) that shows the most of `runs`, if that is at least `COPY_SHARE` of them. */
function copyOf(
  runs: number[],
  owner: ReadonlyMap<number, number>,
  other: (place: number) => boolean,
): number | undefined {
  const distinct = new Set(runs);
  const shown = new Map<number, number>();
  for (const run of distinct) {
    const place = owner.get(run);
    if (place !== undefined && other(place)) shown.set(place, (shown.get(place) ?? 0) + 1);
  }
  const [best] = [...shown].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return best && best[1] >= COPY_SHARE * distinct.size ? best[0] : undefined;
}
