/**
 * The proposition index for libraries past a million propositions: a scan over 4-bit product
 * quantisation codes (pq-codes.ts, 25 bytes a row at 100 dimensions) keeps the `rerank` best rows,
 * which are then scored exactly from their int8 rows as Int8FlatIndex scores them (int8-rows.ts).
 * The int8 rows stay in memory here but no WebAssembly copy of them is made (Int8FlatIndex's
 * doubles them). The codes live only in the SIMD fast scan's blocked layout (pq-fastscan.ts), which
 * reads a quarter of the int8 scan's bytes, 32 rows' subspace a lookup. Until `PQ_MIN_TRAIN_ROWS`
 * rows exist there is nothing to learn codebooks from, and a search is an exact scan. Recall and
 * latency: docs/performance.md.
 */
import { decode, encodeInt8Rows, subspaceTable, trainCodebooks, type Codebooks } from './pq-codes';
import { BlockedCodes, quantizeTable } from './pq-fastscan';
import { dot, quantizeQuery } from './int8-scan';
import { scoreInt8Rows, writeInt8Row, type Int8Columns } from './int8-rows';
import { RowStore, type IdNumbers } from './row-store';
import { TopK } from './top-k';
import type { VectorIndex } from './vector-index';
import type { Int8Rows } from '../../common/vector-codec';

/** Rows needed before codebooks are learnt (16 centroids per subspace need a few hundred points each). */
export const PQ_MIN_TRAIN_ROWS = 4096;
/** Rows the codebooks are learnt from (evenly spaced): more changes the centroids by little and costs time. */
const TRAIN_SAMPLE = 16_384;
/** Rows encoded at a time into a row-major scratch before they go into the blocked layout. */
const ENCODE_CHUNK = 4096;
/** Candidates re-ranked exactly by default: recall@10 1.0 on clustered data at 1M and 10M, 0.955 with 500 at 10M (`npm run bench -- --synthetic`). */
export const PQ_RERANK = 1000;

export class PqIndex implements VectorIndex {
  private store: RowStore<Int8Columns>;
  private books: Codebooks | null = null;
  /** The codes of every row once trained (the only copy). */
  private codes: BlockedCodes | null = null;

  constructor(
    readonly dims: number,
    /** Candidates the code scan keeps for the exact re-rank. */
    public rerank = PQ_RERANK,
    capacity = 1024,
  ) {
    this.store = new RowStore(
      { data: new Int8Array(capacity * dims), scales: new Float32Array(capacity) },
      { data: dims, scales: 1 },
    );
  }

  get size(): number {
    return this.store.size;
  }

  /**
   * Bytes of WebAssembly memory the index holds (its codes), which the page's typed-array figures
   * leave out; 0 where the codes are in an ArrayBuffer (no SIMD).
   */
  get wasmBytes(): number {
    return this.codes?.simd ? this.codes.byteLength : 0;
  }

  /** Whether codebooks have been learnt (searches then scan codes). */
  get trained(): boolean {
    return this.books !== null;
  }

  add(ids: string[], vectors: Float32Array): void {
    const { store, dims } = this;
    store.reserve(store.size + ids.length);
    // A re-added id is removed first, so its row's codes move with the rows (append would move only the columns).
    this.remove(ids.filter((id) => store.row(id) !== undefined));
    const from = store.size;
    ids.forEach((id, i) => {
      const row = store.append(id);
      writeInt8Row(store.columns, row, vectors.subarray(i * dims, (i + 1) * dims));
    });
    if (this.books) this.encodeRows(from, store.size);
    else if (store.size >= PQ_MIN_TRAIN_ROWS) this.train();
  }

  remove(ids: string[]): void {
    const { store, codes } = this;
    for (const id of ids) {
      const row = store.row(id);
      if (row === undefined) continue;
      // The store moves its last row into the hole; the codes follow.
      const last = store.size - 1;
      if (codes && row !== last) codes.move(last, row);
      store.remove([id]);
    }
  }

  search(query: Float32Array, k: number, filter?: (id: string) => boolean): { id: string; score: number }[] {
    const ids = this.store.rowIds;
    const quantized = quantizeQuery(query);
    const candidates = this.books ? this.candidates(query, Math.max(k, this.rerank), filter) : null;
    const best = new TopK(k);
    const { data, scales } = this.store.columns;
    const exact = (row: number) => dot(data, row * this.dims, this.dims, quantized.values) * scales[row]!;
    if (candidates) for (const row of candidates) best.push(row, exact(row));
    else
      for (let row = 0; row < ids.length; row++) {
        const score = exact(row);
        if (score <= best.floor || (filter && !filter(ids[row]!))) continue;
        best.push(row, score);
      }
    return best.sorted().map(({ row, score }) => ({ id: ids[row]!, score: score * quantized.scale }));
  }

  score(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    return scoreInt8Rows(this.store, this.dims, query, ids);
  }

  /** The vector a row's code stands for (null before training or for an unknown id). */
  reconstruct(id: string): Float32Array | null {
    const row = this.store.row(id);
    if (row === undefined || !this.books || !this.codes) return null;
    return decode(this.books, this.codes.rowCodes(row), 0);
  }

  /** Learns the codebooks from an even sample of the rows and encodes every row. */
  train(): void {
    this.learn();
    this.encodeRows(0, this.store.size);
  }

  /** The codebooks, from an even sample of the rows, and room for every row's codes (encoded next). */
  private learn(): void {
    const { data, scales } = this.store.columns;
    const n = this.store.size;
    const sample = Math.min(n, TRAIN_SAMPLE);
    const step = n / sample;
    const rowOf = (r: number) => Math.floor(r * step);
    const dims = this.dims;
    this.books = trainCodebooks(dims, sample, (r, d) => data[rowOf(r) * dims + d]! * scales[rowOf(r)]!);
    this.codes = new BlockedCodes(this.books.subspaces, n);
  }

  /** The `count` rows with the best approximate scores (rows `filter` rejects are left out). */
  private candidates(query: Float32Array, count: number, filter?: (id: string) => boolean): number[] {
    const books = this.books!;
    const table = quantizeTable(subspaceTable(books, query), books.subspaces);
    const ids = this.store.rowIds;
    return this.codes!.candidates(table, ids.length, count, filter && ((row) => filter(ids[row]!)));
  }

  /** Encodes rows [from, to) into the blocked codes, a chunk at a time (no row-major copy of them all). */
  private encodeRows(from: number, to: number): void {
    const { data, scales } = this.store.columns;
    const { books, codes, dims } = this;
    codes!.reserve(to);
    const scratch = new Uint8Array(Math.min(ENCODE_CHUNK, to - from) * books!.codeBytes);
    for (let start = from; start < to; start += ENCODE_CHUNK) {
      const count = Math.min(ENCODE_CHUNK, to - start);
      encodeInt8Rows(books!, data.subarray(start * dims), scales.subarray(start), 0, count, scratch);
      codes!.setRows(start, scratch, count);
    }
  }

  /** An index of `ids` with their int8 rows as the vectors table stores them (no copy), trained at once if large enough. */
  static fromRows(dims: number, ids: string[], rows: Int8Rows, rerank = PQ_RERANK): PqIndex {
    const index = PqIndex.untrained(dims, ids, rows, rerank);
    if (ids.length >= PQ_MIN_TRAIN_ROWS) index.train();
    return index;
  }

  /**
   * `fromRows`, with `pause()` awaited before the codebooks are learnt and before each `slice` rows
   * are encoded, so the worker that builds it can answer meanwhile (a million rows take about 4 s
   * here, ~70 ms a slice). The rows must not change until it settles. `numbers`: numbers the same
   * ids already have (the BM25 slots), to find rows by instead of a Map of every id.
   */
  static async fromRowsInSlices(
    dims: number,
    ids: string[],
    rows: Int8Rows,
    numbers: IdNumbers | undefined,
    pause: () => Promise<void>,
    slice = 16_384,
  ): Promise<PqIndex> {
    const index = PqIndex.untrained(dims, ids, rows, PQ_RERANK, numbers);
    if (ids.length < PQ_MIN_TRAIN_ROWS) return index;
    await pause();
    index.learn();
    for (let from = 0; from < ids.length; from += slice) {
      await pause();
      index.encodeRows(from, Math.min(from + slice, ids.length));
    }
    return index;
  }

  /** The rows as they are stored (no copy), no codebooks yet. */
  private static untrained(
    dims: number,
    ids: string[],
    { codes, scales }: Int8Rows,
    rerank: number,
    numbers?: IdNumbers,
  ): PqIndex {
    const index = new PqIndex(dims, rerank, 0);
    index.store = RowStore.restore(ids, { data: codes, scales }, { data: dims, scales: 1 }, numbers);
    return index;
  }
}
