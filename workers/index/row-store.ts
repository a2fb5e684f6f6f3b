/**
 * Dense rows addressed by id: the bookkeeping every flat vector index shares. Each column is one
 * typed array holding `width` values per row. Removing a row moves the last row into its hole, so
 * the columns stay dense and a scan is one pass over contiguous memory; adding is amortised O(1).
 */
export type Column = Float32Array | Int8Array;
export type Columns = Record<string, Column>;

export class RowStore<C extends Columns> {
  private ids: string[] = [];
  /** Id → row; null in a restored store until something needs it (a restore at 1M rows spent ~0.3 s making it). */
  private rowMap: Map<string, number> | null = new Map();

  /** `columns` are the starting arrays (their length sets the capacity); `widths` the values per row of each. */
  constructor(
    public columns: C,
    private readonly widths: { [K in keyof C]: number },
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** The id of each row, in row order (do not modify). */
  get rowIds(): readonly string[] {
    return this.ids;
  }

  row(id: string): number | undefined {
    return this.rows.get(id);
  }

  private get rows(): Map<string, number> {
    if (this.rowMap) return this.rowMap;
    const rows = new Map<string, number>();
    this.ids.forEach((id, row) => rows.set(id, row));
    return (this.rowMap = rows);
  }

  /** A new row for `id` (an earlier row of the same id is removed first); the caller fills the columns at it. */
  append(id: string): number {
    if (this.rows.has(id)) this.remove([id]);
    this.reserve(this.ids.length + 1);
    const row = this.ids.length;
    this.ids.push(id);
    this.rows.set(id, row);
    return row;
  }

  /** Makes room for `rows` rows in all, so a batch of appends grows the columns at most once. */
  reserve(rows: number): void {
    const name = Object.keys(this.columns)[0] as keyof C;
    const capacity = this.columns[name].length / this.widths[name];
    if (rows <= capacity) return;
    const grown = Math.max(rows, capacity * 2, 64);
    for (const key of Object.keys(this.columns) as (keyof C)[]) {
      const old = this.columns[key];
      const next = new (old.constructor as new (length: number) => Column)(grown * this.widths[key]);
      next.set(old as never);
      this.columns[key] = next as C[keyof C];
    }
  }

  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      const last = this.ids.length - 1;
      if (row !== last) {
        for (const key of Object.keys(this.columns) as (keyof C)[]) {
          const width = this.widths[key];
          this.columns[key].copyWithin(row * width, last * width, (last + 1) * width);
        }
        this.ids[row] = this.ids[last]!;
        this.rows.set(this.ids[row]!, row);
      }
      this.ids.pop();
      this.rows.delete(id);
    }
  }

  /** Takes stored ids and columns as they are (no copy); appending later grows into new arrays. */
  static restore<C extends Columns>(ids: string[], columns: C, widths: { [K in keyof C]: number }): RowStore<C> {
    const store = new RowStore(columns, widths);
    store.ids = ids;
    store.rowMap = null;
    return store;
  }
}
