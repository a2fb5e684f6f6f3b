/**
 * The proposition index for libraries past a million propositions: a scan over 4-bit product
 * quantisation codes (pq-codes.ts, 25 bytes a row at 100 dimensions) keeps the `rerank` best rows,
 * which are then scored exactly from their int8 rows as Int8FlatIndex scores them (int8-rows.ts).
 * The int8 rows stay in memory here but no WebAssembly copy of them is made (Int8FlatIndex's
 * doubles them), and the scan reads a quarter of the bytes. Until `PQ_MIN_TRAIN_ROWS` rows exist there is nothing to
 * learn codebooks from, and a search is an exact scan. Recall and latency: docs/performance.md.
 */
import { byteTable, decode, encodeInt8Rows, trainCodebooks, type Codebooks } from './pq-codes';
import { dot, quantizeQuery } from './int8-scan';
import { scoreInt8Rows, writeInt8Row, type Int8Columns } from './int8-rows';
import { RowStore } from './row-store';
import { TopK } from './top-k';
import type { VectorIndex } from './vector-index';
import type { Int8Rows } from '../../common/vector-codec';

/** Rows needed before codebooks are learnt (16 centroids per subspace need a few hundred points each). */
export const PQ_MIN_TRAIN_ROWS = 4096;
/** Rows the codebooks are learnt from (evenly spaced): more changes the centroids by little and costs time. */
const TRAIN_SAMPLE = 16_384;
/** Candidates re-ranked exactly by default: recall@10 1.0 on clustered data at 1M and 10M, 0.955 with 500 at 10M (`npm run bench -- --synthetic`). */
export const PQ_RERANK = 1000;

type PqColumns = Int8Columns & { codes: Int8Array };

export class PqIndex implements VectorIndex {
  private store: RowStore<PqColumns>;
  private books: Codebooks | null = null;
  private readonly codeBytes: number;

  constructor(
    readonly dims: number,
    /** Candidates the code scan keeps for the exact re-rank. */
    public rerank = PQ_RERANK,
    capacity = 1024,
  ) {
    this.codeBytes = Math.ceil(Math.ceil(dims / 2) / 2);
    this.store = new RowStore(
      {
        data: new Int8Array(capacity * dims),
        scales: new Float32Array(capacity),
        codes: new Int8Array(capacity * this.codeBytes),
      },
      { data: dims, scales: 1, codes: this.codeBytes },
    );
  }

  get size(): number {
    return this.store.size;
  }

  /** Whether codebooks have been learnt (searches then scan codes). */
  get trained(): boolean {
    return this.books !== null;
  }

  add(ids: string[], vectors: Float32Array): void {
    const { store, dims } = this;
    store.reserve(store.size + ids.length);
    const added: number[] = [];
    ids.forEach((id, i) => {
      const row = store.append(id);
      writeInt8Row(store.columns, row, vectors.subarray(i * dims, (i + 1) * dims));
      added.push(row);
    });
    if (this.books) for (const row of added) this.encodeRows(row, row + 1);
    else if (store.size >= PQ_MIN_TRAIN_ROWS) this.train();
  }

  remove(ids: string[]): void {
    this.store.remove(ids);
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
    if (row === undefined || !this.books) return null;
    return decode(this.books, this.codeView(), row * this.codeBytes);
  }

  /** Learns the codebooks from an even sample of the rows and encodes every row. */
  train(): void {
    const { data, scales } = this.store.columns;
    const n = this.store.size;
    const sample = Math.min(n, TRAIN_SAMPLE);
    const step = n / sample;
    const rowOf = (r: number) => Math.floor(r * step);
    const dims = this.dims;
    this.books = trainCodebooks(dims, sample, (r, d) => data[rowOf(r) * dims + d]! * scales[rowOf(r)]!);
    this.encodeRows(0, n);
  }

  /** The `count` rows with the best approximate scores (rows `filter` rejects are left out). */
  private candidates(query: Float32Array, count: number, filter?: (id: string) => boolean): number[] {
    const table = byteTable(this.books!, query);
    const codes = this.codeView();
    const ids = this.store.rowIds;
    const bytes = this.codeBytes;
    const best = new TopK(count);
    let floor = -Infinity;
    for (let row = 0, at = 0; row < ids.length; row++, at += bytes) {
      let sum = 0;
      for (let b = 0; b < bytes; b++) sum += table[(b << 8) | codes[at + b]!]!;
      if (sum <= floor || (filter && !filter(ids[row]!))) continue;
      best.push(row, sum);
      floor = best.floor;
    }
    return best.sorted().map(({ row }) => row);
  }

  private encodeRows(from: number, to: number): void {
    const { data, scales } = this.store.columns;
    encodeInt8Rows(this.books!, data, scales, from, to, this.codeView());
  }

  /** The codes column as unsigned bytes (the column is replaced when the store grows). */
  private codeView(): Uint8Array {
    const { codes } = this.store.columns;
    return new Uint8Array(codes.buffer, codes.byteOffset, codes.length);
  }

  /** An index of `ids` with their int8 rows as the vectors table stores them (no copy), trained at once if large enough. */
  static fromRows(dims: number, ids: string[], { codes, scales }: Int8Rows, rerank = PQ_RERANK): PqIndex {
    const index = new PqIndex(dims, rerank, 0);
    const columns = { data: codes, scales, codes: new Int8Array(ids.length * index.codeBytes) };
    index.store = RowStore.restore(ids, columns, { data: dims, scales: 1, codes: index.codeBytes });
    if (ids.length >= PQ_MIN_TRAIN_ROWS) index.train();
    return index;
  }
}
