/**
 * The flat scan over int8 rows: each vector is stored as 100 signed bytes and one float scale
 * (its largest |component| / 127), a quarter of float32's memory, which is what lets a million
 * propositions fit in a tab. A score is the row's and the query's scales times the integer dot
 * product of the row with the query rounded to int16: within about 1% of the exact cosine (the
 * bench measures recall@10 against float32). A whole scan runs in WebAssembly SIMD (int8-scan.ts).
 */
import { dot, Int8Scan, quantizeQuery } from './int8-scan';
import { scoreInt8Rows, writeInt8Row, type Int8Columns } from './int8-rows';
import { RowStore, type IdNumbers } from './row-store';
import { TopK } from './top-k';
import type { VectorIndex } from './vector-index';
import type { Int8Rows } from '../../common/vector-codec';

export class Int8FlatIndex implements VectorIndex {
  private store: RowStore<Int8Columns>;
  private scan: Int8Scan;

  constructor(
    readonly dims: number,
    capacity = 1024,
  ) {
    this.store = new RowStore(
      { data: new Int8Array(capacity * dims), scales: new Float32Array(capacity) },
      { data: dims, scales: 1 },
    );
    this.scan = new Int8Scan(dims);
  }

  get size(): number {
    return this.store.size;
  }

  /** Every row as the vectors table stores them (views of the columns, no copy), with its id. */
  rows(): { ids: string[]; rows: Int8Rows } {
    const { store, dims } = this;
    const { data, scales } = store.columns;
    return {
      ids: [...store.rowIds],
      rows: { codes: data.subarray(0, store.size * dims), scales: scales.subarray(0, store.size) },
    };
  }

  /** Bytes of WebAssembly memory the scan's copy of the rows takes, which the page's typed-array figures leave out. */
  get wasmBytes(): number {
    return this.scan.wasmBytes;
  }

  add(ids: string[], vectors: Float32Array): void {
    const { store, dims } = this;
    store.reserve(store.size + ids.length);
    // A re-added id leaves a hole that the last row fills; every row from the first new one changes.
    for (const id of ids) {
      const row = store.row(id);
      if (row !== undefined) this.scan.changedFrom(row);
    }
    this.scan.changedFrom(store.size);
    ids.forEach((id, i) => {
      const row = store.append(id);
      writeInt8Row(store.columns, row, vectors.subarray(i * dims, (i + 1) * dims));
    });
  }

  remove(ids: string[]): void {
    // Removed rows are filled from the end: every row from the first removed one may change.
    for (const id of ids) {
      const row = this.store.row(id);
      if (row !== undefined) this.scan.changedFrom(row);
    }
    this.store.remove(ids);
  }

  search(query: Float32Array, k: number, filter?: (id: string) => boolean): { id: string; score: number }[] {
    const best = new TopK(k);
    const ids = this.store.rowIds;
    const { data, scales } = this.store.columns;
    const quantized = quantizeQuery(query);
    const all = this.scan.scores(data, scales, ids.length, quantized.values);
    for (let row = 0; row < ids.length; row++) {
      const score = all ? all[row]! : dot(data, row * this.dims, this.dims, quantized.values) * scales[row]!;
      // The filter is asked only about rows good enough to be kept.
      if (score <= best.floor || (filter && !filter(ids[row]!))) continue;
      best.push(row, score);
    }
    return best.sorted().map(({ row, score }) => ({ id: ids[row]!, score: score * quantized.scale }));
  }

  score(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    return scoreInt8Rows(this.store, this.dims, query, ids);
  }

  /**
   * An index of `ids` with their int8 rows as the vectors table stores them, taken as they are (no
   * copy); adding rows later grows into new arrays. Given `numbers`, rows are found through them
   * until one is added or removed (RowStore).
   */
  static fromRows(dims: number, ids: string[], { codes, scales }: Int8Rows, numbers?: IdNumbers): Int8FlatIndex {
    const index = new Int8FlatIndex(dims, 0);
    index.store = RowStore.restore(ids, { data: codes, scales }, { data: dims, scales: 1 }, numbers);
    return index;
  }
}
