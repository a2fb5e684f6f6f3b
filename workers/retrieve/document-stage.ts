/**
 * Stage 1 of three-stage search: the documents, each by the fusion of its summary vector's
 * similarity (the best `denseK`) and its best section's BM25 score (DESIGN §5).
 *
 * The keyword leg is a share of the best document's score (no minimum subtracted), so it needs no
 * pass over every matching section: the `keep` documents with the best sections come from the
 * pruned top k (bm25-top.ts), and a document outside them, which no other can lose a place to, is
 * scored only when a later stage asks for it (`complete`). Min-max over every matching document
 * took BM25 over all of them (250,000 sections at a million propositions) and a map of 25,000.
 */
import type { SearchOptions } from '../../common/types';
import type { SlotGroups } from '../index/slot-groups';
import { topOfSlotGroups } from '../index/slot-groups';
import { asksForContents } from './contents';
import { minMax } from './fuse';
import { keywordQuery, legsOf, scoreLevel, type LevelScores } from './level-scores';
import type { LibraryIndex } from './library-index';
import type { Query } from './search';
import type { Lap } from './timings';

export interface DocumentScores extends LevelScores {
  /** Scores the documents of `docIds` not scored yet (a later stage's passages), so `fused` and `bm25` hold them. */
  complete(docIds: Iterable<string>): void;
}

/**
 * The document stage's scores: at least the `keep` best documents by fused score, exactly as
 * scoring every document would rank them. Restricted to `restrict`, or with rank fusion (which
 * needs every document's rank), every matching document is scored and min-max normalised.
 */
export function scoreDocuments(
  index: LibraryIndex,
  query: Query,
  opts: SearchOptions,
  denseK: number,
  keep: number,
  restrict?: Set<string>,
  lap: Lap = () => undefined,
): DocumentScores {
  if (restrict || opts.fusion !== 'weighted') {
    const scores = scoreLevel(index, 'document', query, opts, denseK, restrict, lap, 'documents');
    return { ...scores, complete: () => undefined };
  }
  const { useDense, useBm25, weight } = legsOf(index, query, opts);
  const dense = new Map<string, number>();
  if (useDense) for (const { id, score } of index.vectors!.document.search(query.vector!, denseK)) dense.set(id, score);
  lap('documents.dense');
  const groups = index.documentOfSection(asksForContents(query.text));
  const bm25 = useBm25
    ? topOfSlotGroups(index.bm25.section, keywordQuery(query), groups, keep, query.related)
    : new Map<string, number>();
  const best = bm25.values().next().value ?? 0;
  const scoreOthers = (docIds: Iterable<string>) => {
    if (!useBm25) return;
    const wanted = [...docIds].filter((id) => !bm25.has(id));
    for (const [id, score] of bestSections(index, query, groups, wanted)) bm25.set(id, score);
  };
  // The dense leg's documents the keyword leg's best left out.
  scoreOthers(dense.keys());
  lap('documents.bm25');
  const fused = new Map<string, number>();
  const denseShare = minMax(dense);
  const fuse = (id: string) => {
    const keyword = bm25.get(id);
    const near = dense.get(id);
    if (keyword === undefined && near === undefined) return;
    const keywordShare = keyword === undefined || best === 0 ? 0 : keyword / best;
    fused.set(id, weight * (near === undefined ? 0 : denseShare(near)) + (1 - weight) * keywordShare);
  };
  for (const id of dense.keys()) fuse(id);
  for (const id of bm25.keys()) if (!fused.has(id)) fuse(id);
  lap('documents.fuse');
  return {
    dense,
    bm25,
    fused,
    complete(docIds) {
      const missing = [...new Set(docIds)].filter((id) => !fused.has(id));
      scoreOthers(missing);
      for (const id of missing) fuse(id);
    },
  };
}

/** Each of `docIds`' best section score (those with a matching section), as the pruned top k gives it. */
function bestSections(index: LibraryIndex, query: Query, groups: SlotGroups, docIds: string[]): Map<string, number> {
  const keywords = index.bm25.section;
  const inGroup = (section: string) => (groups.ofSlot[keywords.slotOfId(section) ?? -1] ?? -1) >= 0;
  const sections = docIds.flatMap((id) => (index.sectionsOfDoc.get(id) ?? []).filter(inGroup));
  const best = new Map<string, number>();
  if (sections.length === 0) return best;
  for (const [section, score] of keywords.scoreIds(keywordQuery(query), sections, query.related)) {
    const docId = index.sections.get(section)!.docId;
    if (score > (best.get(docId) ?? 0)) best.set(docId, score);
  }
  return best;
}
