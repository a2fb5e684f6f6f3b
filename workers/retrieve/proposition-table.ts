/**
 * The propositions a LibraryIndex holds, by id. Restored from a snapshot, they stay the snapshot's
 * columns (typed arrays and interned tables, metadata-columns.ts) and a row becomes an object only
 * when it is asked for: a search asks for a few hundred, while making all of them was a million
 * objects at a million propositions, most of a restore's rebuild and of the tab's heap.
 * Propositions added since are kept as objects. At a million, a Map of the restored ids took
 * about as long to make as the rest of the restore, so their rows are found through the BM25
 * index's slots, which are the same rows (`restore`).
 */
import {
  propositionRows,
  type PropositionColumns,
  type PropositionMeta,
  type PropositionRows,
} from './metadata-columns';

export class PropositionTable {
  private restored: PropositionRows | null = null;
  /** Where a restored id is (or was): a lookup its owner already keeps, so a million ids are not put in a second Map. */
  private rowOf: (id: string) => number | undefined = () => undefined;
  /** Restored rows removed or replaced since (1). */
  private gone = new Uint8Array(0);
  private goneCount = 0;
  private added = new Map<string, PropositionMeta>();

  /**
   * Takes stored columns as they are, into an empty table. `rowOf` finds a restored id's row as
   * long as the table holds it; it may answer anything for other ids, but must still answer for a
   * restored id when the table is told to `delete` or `set` it.
   */
  restore(columns: PropositionColumns, rowOf: (id: string) => number | undefined): void {
    if (this.size) throw new Error('propositions are restored into an empty table only');
    this.restored = propositionRows(columns);
    this.rowOf = rowOf;
    this.gone = new Uint8Array(columns.ids.length);
    this.goneCount = 0;
  }

  get size(): number {
    return (this.restored?.ids.length ?? 0) - this.goneCount + this.added.size;
  }

  get(id: string): PropositionMeta | undefined {
    const added = this.added.get(id);
    if (added) return added;
    const row = this.restoredRow(id);
    return row === undefined ? undefined : this.restored!.row(row);
  }

  has(id: string): boolean {
    return this.added.has(id) || this.restoredRow(id) !== undefined;
  }

  /** The document of a proposition, without making its object. */
  docIdOf(id: string): string | undefined {
    const row = this.added.has(id) ? undefined : this.restoredRow(id);
    return row === undefined ? this.added.get(id)?.docId : this.restored!.docIdOf(row);
  }

  set(id: string, meta: PropositionMeta): void {
    this.forget(id);
    this.added.delete(id);
    this.added.set(id, meta);
  }

  delete(id: string): void {
    if (!this.added.delete(id)) this.forget(id);
  }

  /** Every id in the order they came in (restored ones first), as a Map keeps them. */
  *keys(): IterableIterator<string> {
    for (const row of this.heldRows()) yield this.restored!.ids[row]!;
    yield* this.added.keys();
  }

  *values(): IterableIterator<PropositionMeta> {
    for (const row of this.heldRows()) yield this.restored!.row(row);
    yield* this.added.values();
  }

  /** Calls `visit` with every id and its document, in `keys` order, making no objects. */
  forEachDocId(visit: (id: string, docId: string) => void): void {
    for (const row of this.heldRows()) visit(this.restored!.ids[row]!, this.restored!.docIdOf(row));
    for (const [id, { docId }] of this.added) visit(id, docId);
  }

  private restoredRow(id: string): number | undefined {
    const row = this.rowOf(id);
    return row !== undefined && this.restored?.ids[row] === id && !this.gone[row] ? row : undefined;
  }

  private forget(id: string): void {
    const row = this.restoredRow(id);
    if (row === undefined) return;
    this.gone[row] = 1;
    this.goneCount++;
  }

  private *heldRows(): IterableIterator<number> {
    const rows = this.restored?.ids.length ?? 0;
    for (let row = 0; row < rows; row++) if (!this.gone[row]) yield row;
  }
}
