/**
 * A library's proposition vectors moving from the int8 flat index to a PqIndex (4-bit codes, the
 * best 1,000 re-ranked exactly: workers/index/pq-index.ts) once they are more than
 * `PQ_ABOVE_PROPOSITIONS`. Training and encoding a million rows took about 4 s, which a search
 * would otherwise wait for, so the PqIndex is built a slice at a time while the flat index answers,
 * then put in its place, unless a document's vectors went in or out meanwhile (the rows it was built
 * from may have moved): the flat index then stays until the next start or the next move.
 */
import { nextTask } from '../../common/next-task';
import type { Int8FlatIndex } from '../index/int8-index';
import { PqIndex } from '../index/pq-index';
import type { IdNumbers } from '../index/row-store';
import type { VectorIndex } from '../index/vector-index';

/**
 * Above this many propositions a library scans 4-bit product-quantised codes, without the int8
 * scan's WebAssembly copy of every row. With the SIMD fast scan that is twice as fast at half a
 * million rows (2.6 against 5.0 ms a query) and 2.5 times at a million; below, the few ms it saves
 * do not pay for building its codes at each start (docs/performance.md, "Ten million").
 */
export const PQ_ABOVE_PROPOSITIONS = 500_000;

export class PqMove {
  /** Settles once the last move is done or given up (at once when none was started). */
  settled: Promise<void> = Promise.resolve();
  private changes = 0;
  private moving = false;

  /** A document's vectors went in or out: a PqIndex being built from the rows before is not put in. */
  noteChange(): void {
    this.changes++;
  }

  /**
   * Builds a PqIndex of `flat`'s rows (found by `numbers`) unless one is being built; `put` gets it
   * when it is done, unless a change was noted meanwhile or `current()` is no longer `flat`.
   */
  start(
    flat: Int8FlatIndex,
    numbers: IdNumbers,
    current: () => VectorIndex | undefined,
    put: (pq: PqIndex) => void,
  ): Promise<void> {
    if (this.moving) return this.settled;
    const { ids, rows } = flat.rows();
    const changes = this.changes;
    this.moving = true;
    this.settled = PqIndex.fromRowsInSlices(flat.dims, ids, rows, numbers, nextTask)
      .then(
        (pq) => {
          if (current() === flat && this.changes === changes) put(pq);
        },
        (error: unknown) => console.warn('the 4-bit proposition index was not built; the int8 scan stays', error),
      )
      .finally(() => (this.moving = false));
    return this.settled;
  }
}
