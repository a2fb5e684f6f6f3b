/**
 * One result for a passage that several documents hold. A library often keeps the same text twice
 * (an RFC as .txt and as .html, a book from two sources, a report and its draft): without this,
 * the two copies of the best passage take two of the first three places and push the next answer
 * down. A result whose best passage another result, ranked higher, already shows is folded into it,
 * and that result names the other document (`copies`), so nothing is hidden.
 */
import type { ResultHit } from '../../src/shared/types';

/**
 * The fewest words a passage needs to mark a copy: a short line ("See also section 3.") is found
 * in many unrelated places, a sentence of this length almost never is.
 */
const MIN_WORDS = 8;

/** A passage's words, lower-case, with punctuation, markup and line breaks left out; '' when too short to tell. */
export function passageKey(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length >= MIN_WORDS ? words.join(' ') : '';
}

/** Folds each result whose best passage a higher-ranked result of another document also holds into that result. */
export function foldCopies(hits: ResultHit[]): ResultHit[] {
  const kept: ResultHit[] = [];
  /** Passage key → the place in `kept` of the first result that shows it. */
  const owner = new Map<string, number>();
  for (const hit of hits) {
    const best = passageKey(hit.propositions[0]?.text ?? '');
    const at = best ? owner.get(best) : undefined;
    if (at !== undefined && kept[at]!.docId !== hit.docId) {
      const copy = { docId: hit.docId, docName: hit.docName, docTitle: hit.docTitle, sectionId: hit.sectionId, headingPath: hit.headingPath, pages: hit.pages, pageLabels: hit.pageLabels };
      kept[at] = { ...kept[at]!, copies: [...(kept[at]!.copies ?? []), copy] };
      continue;
    }
    for (const p of hit.propositions) {
      const key = passageKey(p.text);
      if (key && !owner.has(key)) owner.set(key, kept.length);
    }
    kept.push(hit);
  }
  return kept;
}
