/**
 * One level's scores (document, section or proposition): the dense and keyword legs over a set of
 * candidates or the whole level, fused. Search (search.ts) runs its stages on these.
 */
import type { Level, SearchOptions } from '../../common/types';
import type { Bm25Query } from '../index/bm25';
import { bestOfSlotGroups } from '../index/slot-groups';
import { asksForContents } from './contents';
import { fuseScores } from './fuse';
import type { LibraryIndex } from './library-index';
import type { Query } from './search';
import type { Lap } from './timings';

export interface LevelScores {
  dense: Map<string, number>;
  bm25: Map<string, number>;
  fused: Map<string, number>;
}

/** What the keyword leg searches for. */
export const keywordQuery = (query: Query): Bm25Query => query.words ?? query.text;

/** Which legs a search runs, and the dense leg's weight in the fusion. */
export function legsOf(index: LibraryIndex, query: Query, opts: SearchOptions) {
  const useDense = opts.strategy !== 'bm25' && query.vector !== null && index.vectors !== null;
  const useBm25 = opts.strategy === 'bm25' || (opts.hybrid && opts.strategy !== 'dense') || !useDense;
  const weight = useDense && useBm25 ? opts.denseWeight : useDense ? 1 : 0;
  return { useDense, useBm25, weight };
}

/** Scores one level: both legs over `candidates` (or the whole level, keeping the best `k`). */
export function scoreLevel(
  index: LibraryIndex,
  level: Level,
  query: Query,
  opts: SearchOptions,
  k: number,
  candidates?: Set<string>,
  lap: Lap = () => undefined,
  stageName: string = level,
): LevelScores {
  const { useDense, useBm25, weight } = legsOf(index, query, opts);
  const dense = new Map<string, number>();
  if (useDense) {
    const vectors = index.vectors![level];
    if (candidates) for (const [id, s] of vectors.score(query.vector!, candidates)) dense.set(id, s);
    else for (const { id, score } of vectors.search(query.vector!, k)) dense.set(id, score);
  }
  lap(`${stageName}.dense`);
  const keywords = index.bm25[level];
  const bm25 = !useBm25
    ? new Map<string, number>()
    : level === 'document'
      ? bestParts(index, query, candidates)
      : candidates
        ? keywords.scoreIds(keywordQuery(query), candidates, query.related)
        : new Map(
            keywords.search(keywordQuery(query), k, undefined, query.related).map(({ id, score }) => [id, score]),
          );
  lap(`${stageName}.bm25`);
  const fused = fuseScores(
    [
      { scores: dense, weight },
      { scores: bm25, weight: 1 - weight },
    ],
    opts.fusion,
  );
  lap(`${stageName}.fuse`);
  return { dense, bm25, fused };
}

/**
 * The keyword leg of the document stage: each document scored by its best-matching section, not
 * by its whole text (DESIGN §5). Over a whole text, a long reference manual holds every word of
 * almost any question somewhere and outscored the short guide whose one section answers it; its
 * lead then lifted all its passages over that guide's.
 */
export function bestParts(index: LibraryIndex, query: Query, docs?: Set<string>): Map<string, number> {
  const groups = index.documentOfSection(asksForContents(query.text));
  return bestOfSlotGroups(index.bm25.section, keywordQuery(query), groups, query.related, docs && ((d) => docs.has(d)));
}
