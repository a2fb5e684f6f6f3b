/**
 * The propositions a LibraryIndex holds, by id. Restored from a snapshot, they stay the snapshot's
 * columns (typed arrays and interned tables, metadata-columns.ts) and a row becomes an object only
 * when it is asked for: a search asks for a few hundred, while making all of them was a million
 * objects at a million propositions, most of a restore's rebuild and of the tab's heap.
 * Propositions added since are kept as objects.
 */
import {
  propositionRows,
  type PropositionColumns,
  type PropositionMeta,
  type PropositionRows,
} from './metadata-columns';

export class PropositionTable {
  private restored: PropositionRows | null = null;
  /** Restored id → its row, for the restored propositions still held. */
  private rowOf = new Map<string, number>();
  private added = new Map<string, PropositionMeta>();

  /** Takes stored columns as they are; the table must be empty. */
  restore(columns: PropositionColumns): void {
    if (this.size) throw new Error('propositions are restored into an empty table only');
    this.restored = propositionRows(columns);
    columns.ids.forEach((id, row) => this.rowOf.set(id, row));
  }

  get size(): number {
    return this.rowOf.size + this.added.size;
  }

  get(id: string): PropositionMeta | undefined {
    const added = this.added.get(id);
    if (added || !this.restored) return added;
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.restored.row(row);
  }

  has(id: string): boolean {
    return this.added.has(id) || this.rowOf.has(id);
  }

  /** The document of a proposition, without making its object. */
  docIdOf(id: string): string | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? this.added.get(id)?.docId : this.restored!.docIdOf(row);
  }

  set(id: string, meta: PropositionMeta): void {
    this.rowOf.delete(id);
    this.added.delete(id);
    this.added.set(id, meta);
  }

  delete(id: string): void {
    if (!this.rowOf.delete(id)) this.added.delete(id);
  }

  /** Every id in the order they came in (restored ones first), as a Map keeps them. */
  *keys(): IterableIterator<string> {
    for (const [id] of this.heldRows()) yield id;
    yield* this.added.keys();
  }

  *values(): IterableIterator<PropositionMeta> {
    for (const [, row] of this.heldRows()) yield this.restored!.row(row);
    yield* this.added.values();
  }

  /** Calls `visit` with every id and its document, in `keys` order, making no objects. */
  forEachDocId(visit: (id: string, docId: string) => void): void {
    for (const [id, row] of this.heldRows()) visit(id, this.restored!.docIdOf(row));
    for (const [id, { docId }] of this.added) visit(id, docId);
  }

  private *heldRows(): IterableIterator<[string, number]> {
    const ids = this.restored?.ids ?? [];
    for (let row = 0; row < ids.length; row++) if (this.rowOf.get(ids[row]!) === row) yield [ids[row]!, row];
  }
}
