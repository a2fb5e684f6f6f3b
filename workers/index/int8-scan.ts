/**
 * Scores every int8 row against a query in WebAssembly SIMD (int8-scan.wat): sixteen row bytes per
 * load, eight products per instruction, where the scalar loop takes one. The query is rounded to
 * int16 (its largest |component| to 32,767 at most), so a score is exact integer arithmetic times the row's
 * and the query's scales; `dot` gives the same numbers one row at a time in JavaScript.
 *
 * The module's memory holds a copy of the rows (another 100 bytes a proposition), refreshed from
 * the first row that changed since the last scan: appends copy only the new rows.
 */
import { WASM_BASE64 } from './int8-scan-wasm';
import { compiledModule } from './wasm-module';

/** Query, scores, scales, rows: the query gets the first 64 KB page (dimensions up to 16,384). */
const QUERY_BYTES = 65_536;
const PAGE = 65_536;
/** Rows may be read 15 bytes past their end (see the .wat). */
const SLACK = 16;

interface Kernel {
  memory: WebAssembly.Memory;
  scores(rows: number, n: number, dims: number, query: number, chunks: number, scales: number, out: number): void;
}

/** The compiled module, or null where WebAssembly SIMD is missing (the scan then runs in JavaScript). */
const compiledKernel = () => compiledModule(WASM_BASE64);

/**
 * The query as int16 values padded with zeros to a multiple of 16, and the factor back to floats.
 * Its largest |value| keeps a row's sum within int32 even for flat vectors (127 × it × dimensions).
 */
export function quantizeQuery(query: Float32Array): { values: Int16Array; scale: number } {
  let max = 0;
  for (let d = 0; d < query.length; d++) max = Math.max(max, Math.abs(query[d]!));
  const values = new Int16Array(Math.ceil(query.length / 16) * 16);
  const top = Math.min(32_767, Math.floor(2_147_483_647 / (127 * values.length)));
  const scale = max > 0 ? max / top : 1;
  for (let d = 0; d < query.length; d++) values[d] = Math.round(query[d]! / scale);
  return { values, scale };
}

/** One row's score, as the kernel computes it. */
export function dot(data: Int8Array, offset: number, dims: number, query: Int16Array): number {
  let sum = 0;
  for (let d = 0; d < dims; d++) sum += data[offset + d]! * query[d]!;
  return sum;
}

export class Int8Scan {
  private kernel: Kernel | null = null;
  private capacity = 0;
  /** Rows [0, synced) of the copy equal the index's. */
  private synced = 0;

  constructor(private readonly dims: number) {}

  /** Bytes of WebAssembly memory the copy takes (outside the page's typed-array figures). */
  get wasmBytes(): number {
    return this.kernel?.memory.buffer.byteLength ?? 0;
  }

  /** Rows from `row` on changed (added, or moved into a removed row's place). */
  changedFrom(row: number): void {
    this.synced = Math.min(this.synced, row);
  }

  /**
   * Every row's score without the query's scale (the same factor for all rows, so the order is the
   * scores'), or null where the kernel cannot run. The array is the module's memory: valid until the next scan.
   */
  scores(data: Int8Array, scales: Float32Array, n: number, query: Int16Array): Float32Array | null {
    const kernel = this.prepare(n);
    if (!kernel) return null;
    const { dims } = this;
    const out = QUERY_BYTES;
    const scalesAt = out + this.capacity * 4;
    const rowsAt = scalesAt + this.capacity * 4;
    if (this.synced < n) {
      new Int8Array(kernel.memory.buffer, rowsAt, n * dims).set(
        data.subarray(this.synced * dims, n * dims),
        this.synced * dims,
      );
      new Float32Array(kernel.memory.buffer, scalesAt, n).set(scales.subarray(this.synced, n), this.synced);
      this.synced = n;
    }
    new Int16Array(kernel.memory.buffer, 0, query.length).set(query);
    kernel.scores(rowsAt, n, dims, 0, query.length / 16, scalesAt, out);
    return new Float32Array(kernel.memory.buffer, out, n);
  }

  /** A kernel whose memory fits `n` rows (laid out anew, and copied whole, when it must grow). */
  private prepare(n: number): Kernel | null {
    if (!this.kernel) {
      const wasm = compiledKernel();
      if (!wasm) return null;
      this.kernel = new WebAssembly.Instance(wasm).exports as unknown as Kernel;
    }
    if (n > this.capacity) {
      this.capacity = Math.max(n, this.capacity * 2, 1024);
      this.synced = 0;
      const bytes = QUERY_BYTES + this.capacity * (8 + this.dims) + SLACK;
      const pages = Math.ceil(bytes / PAGE) - this.kernel.memory.buffer.byteLength / PAGE;
      if (pages > 0) this.kernel.memory.grow(pages);
    }
    return this.kernel;
  }
}
