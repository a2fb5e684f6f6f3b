/**
 * The last step of a search: each hit's propositions get their texts. The index keeps a
 * proposition's text only when its document's text does not hold it (library-index.ts), so for
 * the rest the document's text is read, once per document among the hits.
 */
import type { ResultHit } from '../../common/types';
import type { LibraryIndex } from './library-index';

/** Reads one document's whole extracted text (undefined when it is gone). */
export type DocumentTextReader = (docId: string) => Promise<string | undefined>;

export async function withHitTexts(
  index: LibraryIndex,
  hits: ResultHit[],
  readText: DocumentTextReader,
): Promise<ResultHit[]> {
  const needed = [
    ...new Set(
      hits
        .filter((hit) => hit.propositions.some((p) => index.propositions.get(p.id)?.text === undefined))
        .map((hit) => hit.docId),
    ),
  ];
  const texts = new Map(await Promise.all(needed.map(async (docId) => [docId, await readText(docId)] as const)));
  return hits.map((hit) => ({
    ...hit,
    propositions: hit.propositions.map((p) => {
      const own = index.propositions.get(p.id)?.text;
      return { ...p, text: own ?? texts.get(hit.docId)?.slice(p.start, p.end) ?? '' };
    }),
  }));
}
