/**
 * Dense rows addressed by id: the bookkeeping every flat vector index shares. Each column is one
 * typed array holding `width` values per row. Removing a row moves the last row into its hole, so
 * the columns stay dense and a scan is one pass over contiguous memory; adding is amortised O(1).
 */
export type Column = Float32Array | Int8Array;
export type Columns = Record<string, Column>;

/**
 * A number its owner already keeps for each id (a BM25 index's slots), below `count()`: how a
 * restored store finds a row without a Map of its ids. `changes()` moves whenever an id's number may
 * have changed.
 */
export interface IdNumbers {
  numberOf(id: string): number | undefined;
  /** The id numbered `number`, if any. */
  idOf(number: number): string | null | undefined;
  count(): number;
  changes(): number;
}

export class RowStore<C extends Columns> {
  private ids: string[] = [];
  /** Id → row; null in a restored store until something needs it (a restore at 1M rows spent ~0.3 s making it). */
  private rowMap: Map<string, number> | null = new Map();
  /**
   * Instead of `rowMap` in a restored store given its owner's numbers of the ids, until a row is
   * added or removed: number → row (-1: none), 4 bytes an id where the Map's entries took about 15
   * bytes (15 MB at a million propositions), remade when the numbers change.
   */
  private numbered: { numbers: IdNumbers; rowOf: Int32Array | null; changes: number } | null = null;

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
    const rowOf = this.numbered && this.rowsByNumber(this.numbered);
    if (!rowOf) return this.rows.get(id);
    const number = this.numbered!.numbers.numberOf(id);
    const row = number === undefined || number >= rowOf.length ? -1 : rowOf[number]!;
    return row >= 0 && this.ids[row] === id ? row : undefined;
  }

  /** The numbers' table, made or remade as they are now; null (and the Map from then on) when some id has no number of its own. */
  private rowsByNumber(numbered: NonNullable<typeof this.numbered>): Int32Array | null {
    const { numbers } = numbered;
    if (numbered.rowOf && numbered.changes === numbers.changes()) return numbered.rowOf;
    const rowOf = new Int32Array(numbers.count()).fill(-1);
    // Rows mostly follow the numbers in runs (a document's propositions): the next number is tried before a lookup.
    for (let row = 0, number: number | undefined = -1; row < this.ids.length; row++) {
      const id = this.ids[row]!;
      number = numbers.idOf(number + 1) === id ? number + 1 : numbers.numberOf(id);
      if (number === undefined || number >= rowOf.length || rowOf[number] !== -1) return (this.numbered = null);
      rowOf[number] = row;
    }
    numbered.changes = numbers.changes();
    return (numbered.rowOf = rowOf);
  }

  /** Id → row for changing the rows (the numbers' table is dropped: rows move as they are added and removed). */
  private get rows(): Map<string, number> {
    if (this.rowMap) return this.rowMap;
    this.numbered = null;
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
  static restore<C extends Columns>(
    ids: string[],
    columns: C,
    widths: { [K in keyof C]: number },
    numbers?: IdNumbers,
  ): RowStore<C> {
    const store = new RowStore(columns, widths);
    store.ids = ids;
    store.rowMap = null;
    if (numbers) store.numbered = { numbers, rowOf: null, changes: numbers.changes() };
    return store;
  }
}
