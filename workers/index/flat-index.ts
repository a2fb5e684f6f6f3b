/**
 * Exact search by scanning one contiguous Float32Array. At 100 dimensions a scan of 100k rows is
 * about 10 M multiply-adds — a few milliseconds — with exact scores and O(1) add and remove.
 */
import type { VectorIndex } from './vector-index';

export interface FlatSnapshot {
  kind: 'float32';
  dims: number;
  ids: string[];
  data: Float32Array;
}

export class FlatIndex implements VectorIndex {
  private data: Float32Array;
  private ids: string[] = [];
  private rows = new Map<string, number>();

  constructor(
    readonly dims: number,
    capacity = 1024,
  ) {
    this.data = new Float32Array(capacity * dims);
  }

  get size(): number {
    return this.ids.length;
  }

  add(ids: string[], vectors: Float32Array): void {
    this.remove(ids.filter((id) => this.rows.has(id)));
    this.reserve(this.ids.length + ids.length);
    ids.forEach((id, i) => {
      const row = this.ids.length;
      this.data.set(vectors.subarray(i * this.dims, (i + 1) * this.dims), row * this.dims);
      this.ids.push(id);
      this.rows.set(id, row);
    });
  }

  remove(ids: string[]): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      // Move the last row into the hole so the array stays dense.
      const last = this.ids.length - 1;
      if (row !== last) {
        this.data.copyWithin(row * this.dims, last * this.dims, (last + 1) * this.dims);
        this.ids[row] = this.ids[last]!;
        this.rows.set(this.ids[row]!, row);
      }
      this.ids.pop();
      this.rows.delete(id);
    }
  }

  search(query: Float32Array, k: number, filter?: (id: string) => boolean): { id: string; score: number }[] {
    const best = new TopK(k);
    const { data, dims, ids } = this;
    for (let row = 0; row < ids.length; row++) {
      if (filter && !filter(ids[row]!)) continue;
      let dot = 0;
      const offset = row * dims;
      for (let d = 0; d < dims; d++) dot += data[offset + d]! * query[d]!;
      best.push(row, dot);
    }
    return best.sorted().map(({ row, score }) => ({ id: ids[row]!, score }));
  }

  score(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    const scores = new Map<string, number>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      let dot = 0;
      const offset = row * this.dims;
      for (let d = 0; d < this.dims; d++) dot += this.data[offset + d]! * query[d]!;
      scores.set(id, dot);
    }
    return scores;
  }

  /** The rows as one compact array, for storing (see `fromSnapshot`). */
  toSnapshot(): FlatSnapshot {
    return { kind: 'float32', dims: this.dims, ids: [...this.ids], data: this.data.slice(0, this.ids.length * this.dims) };
  }

  /** Takes the snapshot's arrays as they are (no copy); adding rows later grows into a new array. */
  static fromSnapshot(snapshot: FlatSnapshot): FlatIndex {
    const index = new FlatIndex(snapshot.dims, 0);
    index.data = snapshot.data;
    index.ids = snapshot.ids;
    snapshot.ids.forEach((id, row) => index.rows.set(id, row));
    return index;
  }

  private reserve(rows: number): void {
    if (rows * this.dims <= this.data.length) return;
    const grown = new Float32Array(Math.max(rows, this.data.length / this.dims * 2) * this.dims);
    grown.set(this.data);
    this.data = grown;
  }
}

/** Keeps the k best (row, score) pairs in a min-heap. */
export class TopK {
  private heap: { row: number; score: number }[] = [];
  constructor(private readonly k: number) {}

  push(row: number, score: number): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ row, score });
      this.up(heap.length - 1);
    } else if (this.k > 0 && score > heap[0]!.score) {
      heap[0] = { row, score };
      this.down(0);
    }
  }

  sorted(): { row: number; score: number }[] {
    return [...this.heap].sort((a, b) => b.score - a.score);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.score <= heap[i]!.score) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && heap[left]!.score < heap[smallest]!.score) smallest = left;
      if (right < heap.length && heap[right]!.score < heap[smallest]!.score) smallest = right;
      if (smallest === i) return;
      [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
      i = smallest;
    }
  }
}
