/**
 * The flat scan over int8 rows: each vector is stored as 100 signed bytes and one float scale
 * (its largest |component| / 127), a quarter of float32's memory, which is what lets a million
 * propositions fit in a tab. A score is the scale times the integer row's dot product with the
 * float query: within about 1% of the exact cosine (the bench measures recall@10 0.996 against
 * float32 at 100,000 rows).
 */
import { TopK } from './flat-index';
import type { VectorIndex } from './vector-index';

export interface Int8Snapshot {
  kind: 'int8';
  dims: number;
  ids: string[];
  data: Int8Array;
  scales: Float32Array;
}

export class Int8FlatIndex implements VectorIndex {
  private data: Int8Array;
  private scales: Float32Array;
  private ids: string[] = [];
  private rows = new Map<string, number>();

  constructor(
    readonly dims: number,
    capacity = 1024,
  ) {
    this.data = new Int8Array(capacity * dims);
    this.scales = new Float32Array(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  add(ids: string[], vectors: Float32Array): void {
    this.remove(ids.filter((id) => this.rows.has(id)));
    this.reserve(this.ids.length + ids.length);
    const { dims, data } = this;
    ids.forEach((id, i) => {
      const row = this.ids.length;
      const vector = vectors.subarray(i * dims, (i + 1) * dims);
      let max = 0;
      for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]!));
      const scale = max > 0 ? max / 127 : 1;
      for (let d = 0; d < dims; d++) data[row * dims + d] = Math.round(vector[d]! / scale);
      this.scales[row] = scale;
      this.ids.push(id);
      this.rows.set(id, row);
    });
  }

  remove(ids: string[]): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      // Move the last row into the hole so the arrays stay dense.
      const last = this.ids.length - 1;
      if (row !== last) {
        this.data.copyWithin(row * this.dims, last * this.dims, (last + 1) * this.dims);
        this.scales[row] = this.scales[last]!;
        this.ids[row] = this.ids[last]!;
        this.rows.set(this.ids[row]!, row);
      }
      this.ids.pop();
      this.rows.delete(id);
    }
  }

  search(query: Float32Array, k: number, filter?: (id: string) => boolean): { id: string; score: number }[] {
    const best = new TopK(k);
    const { ids } = this;
    for (let row = 0; row < ids.length; row++) {
      if (filter && !filter(ids[row]!)) continue;
      best.push(row, this.rowScore(row, query));
    }
    return best.sorted().map(({ row, score }) => ({ id: ids[row]!, score }));
  }

  score(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    const scores = new Map<string, number>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row !== undefined) scores.set(id, this.rowScore(row, query));
    }
    return scores;
  }

  /** The rows as compact arrays, for storing (see `fromSnapshot`). */
  toSnapshot(): Int8Snapshot {
    const rows = this.ids.length;
    return { kind: 'int8', dims: this.dims, ids: [...this.ids], data: this.data.slice(0, rows * this.dims), scales: this.scales.slice(0, rows) };
  }

  /** Takes the snapshot's arrays as they are (no copy); adding rows later grows into new arrays. */
  static fromSnapshot(snapshot: Int8Snapshot): Int8FlatIndex {
    const index = new Int8FlatIndex(snapshot.dims, 0);
    index.data = snapshot.data;
    index.scales = snapshot.scales;
    index.ids = snapshot.ids;
    snapshot.ids.forEach((id, row) => index.rows.set(id, row));
    return index;
  }

  private rowScore(row: number, query: Float32Array): number {
    const { data, dims } = this;
    const offset = row * dims;
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += data[offset + d]! * query[d]!;
    return dot * this.scales[row]!;
  }

  private reserve(rows: number): void {
    if (rows <= this.scales.length) return;
    const capacity = Math.max(rows, this.scales.length * 2);
    const data = new Int8Array(capacity * this.dims);
    data.set(this.data);
    const scales = new Float32Array(capacity);
    scales.set(this.scales);
    this.data = data;
    this.scales = scales;
  }
}
