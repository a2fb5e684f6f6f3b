/**
 * The PQ codes of PqIndex in the layout the SIMD fast scan reads (pq-fastscan.wat), and the scan
 * that picks a query's best candidates from them. Rows go in blocks of 32, transposed by subspace:
 * 16 bytes hold one subspace's 4-bit codes for the block's 32 rows (byte j: row j in the low nibble,
 * row j + 16 in the high one), so a row still takes half a byte a subspace (25 bytes at 100 dims).
 * This is the only copy of the codes, kept inside the kernel's WebAssembly memory, which grows as
 * rows are added. Where WebAssembly SIMD is missing the same layout lives in an ArrayBuffer and
 * `scanBlocks` (the kernel's arithmetic in JavaScript) scans it.
 *
 * A query's table holds, for each subspace, its 16 inner products quantised to integers from 0 (the
 * subspace's lowest) by one step for all subspaces, at most `tableMax` so the sum over all
 * subspaces fits in 16 bits: the order of the sums is the order of the float sums up to that rounding.
 * Candidates are kept with a running threshold: the kernel appends rows at or above it to a buffer;
 * when the buffer fills, the best `want` stay and the threshold rises past the worst of them.
 */
import { WASM_BASE64 } from './pq-fastscan-wasm';
import { compiledModule } from './wasm-module';
import { CENTROIDS } from './pq-codes';

const PAGE = 65_536;
/** Tables (16 bytes a subspace), then the kernel's scratch and state; codes start after it. */
const HEADER = PAGE;
const SCRATCH = HEADER - 128;
const STATE = HEADER - 16;
export const BLOCK_ROWS = 32;

interface Kernel {
  memory: WebAssembly.Memory;
  scan(...args: ScanArgs): number;
}
/** The kernel's arguments: byte offsets in its memory, counts of blocks and rows, and the threshold. */
type ScanArgs = [
  codes: number,
  subspaces: number,
  table: number,
  from: number,
  to: number,
  n: number,
  threshold: number,
  rows: number,
  scores: number,
  count: number,
  cap: number,
  scratch: number,
  state: number,
];

/** The compiled module, or null where WebAssembly SIMD is missing. */
const compiledKernel = () => compiledModule(WASM_BASE64);

/** The largest table entry for `subspaces` subspaces: their sum must fit in a u16 lane. */
export const tableMax = (subspaces: number) => Math.min(255, Math.floor(65_535 / subspaces));

/** Quantises a query's per-subspace inner products (subspaces × 16 floats) to the kernel's uint8 table. */
export function quantizeTable(single: Float32Array, subspaces: number): Uint8Array {
  const top = tableMax(subspaces);
  let range = 0;
  const lows = new Float32Array(subspaces);
  for (let m = 0; m < subspaces; m++) {
    let low = Infinity;
    let high = -Infinity;
    for (let c = 0; c < CENTROIDS; c++) {
      low = Math.min(low, single[m * CENTROIDS + c]!);
      high = Math.max(high, single[m * CENTROIDS + c]!);
    }
    lows[m] = low;
    range = Math.max(range, high - low);
  }
  const step = range > 0 ? range / top : 1;
  const table = new Uint8Array(subspaces * CENTROIDS);
  for (let m = 0; m < subspaces; m++)
    for (let c = 0; c < CENTROIDS; c++)
      table[m * CENTROIDS + c] = Math.min(top, Math.round((single[m * CENTROIDS + c]! - lows[m]!) / step));
  return table;
}

/** The kernel's `scan` in JavaScript, on the same memory (the fallback, and the tests' reference). */
export function scanBlocks(
  memory: ArrayBuffer,
  ...[codes, subspaces, table, from, to, n, thr, rows, scores, count, cap, , state]: ScanArgs
): number {
  const bytes = new Uint8Array(memory);
  const view = new DataView(memory);
  let block = from;
  const sums = new Uint32Array(BLOCK_ROWS);
  for (; block < to && count + BLOCK_ROWS <= cap; block++) {
    sums.fill(0);
    for (let m = 0, at = codes + block * subspaces * 16; m < subspaces; m++, at += 16)
      for (let j = 0; j < 16; j++) {
        const code = bytes[at + j]!;
        sums[j]! += bytes[table + m * 16 + (code & 15)]!;
        sums[j + 16]! += bytes[table + m * 16 + (code >> 4)]!;
      }
    for (let j = 0; j < BLOCK_ROWS; j++) {
      const row = block * BLOCK_ROWS + j;
      if (row >= n || sums[j]! < thr) continue;
      view.setUint32(rows + count * 4, row, true);
      view.setUint16(scores + count * 2, sums[j]!, true);
      count++;
    }
  }
  view.setUint32(state, count, true);
  return block;
}

export class BlockedCodes {
  private kernel: Kernel | null = null;
  private memory: ArrayBuffer;
  private capacityBlocks = 0;

  /** `simd: false` keeps the codes in an ArrayBuffer and scans them in JavaScript (as where SIMD is missing). */
  constructor(
    readonly subspaces: number,
    rows = 0,
    simd = true,
  ) {
    if (subspaces * 16 > SCRATCH)
      throw new Error(
        `The PQ fast scan takes at most ${SCRATCH / 16} subspaces (${2 * (SCRATCH / 16)} dimensions); got ${subspaces}.`,
      );
    const wasm = simd ? compiledKernel() : null;
    if (wasm) {
      this.kernel = new WebAssembly.Instance(wasm).exports as unknown as Kernel;
      this.memory = this.kernel.memory.buffer;
    } else this.memory = new ArrayBuffer(HEADER);
    this.reserve(rows);
  }

  /** Whether the WebAssembly kernel scans (false: the JavaScript fallback). */
  get simd(): boolean {
    return this.kernel !== null;
  }

  /** Bytes of the memory holding the codes (WebAssembly memory when `simd`). */
  get byteLength(): number {
    return this.memory.byteLength;
  }

  private get blockBytes(): number {
    return this.subspaces * 16;
  }

  /** Makes room for `rows` rows (growing by a quarter at least, so appends grow the memory rarely). */
  reserve(rows: number): void {
    const blocks = Math.ceil(rows / BLOCK_ROWS);
    if (blocks <= this.capacityBlocks) return;
    const grown = this.capacityBlocks ? Math.max(blocks, Math.ceil(this.capacityBlocks * 1.25)) : blocks;
    this.ensure(HEADER + grown * this.blockBytes);
    this.capacityBlocks = grown;
  }

  /** Grows the memory to at least `bytes` (the codes keep their place). */
  private ensure(bytes: number): void {
    if (bytes <= this.memory.byteLength) return;
    if (this.kernel) {
      try {
        this.kernel.memory.grow(Math.ceil((bytes - this.memory.byteLength) / PAGE));
      } catch (error) {
        throw new Error(
          `the PQ fast scan could not grow its WebAssembly memory to ${Math.ceil(bytes / 1e6)} MB: ${String(error)}`,
        );
      }
      this.memory = this.kernel.memory.buffer;
    } else {
      const next = new ArrayBuffer(Math.ceil(bytes / PAGE) * PAGE);
      new Uint8Array(next).set(new Uint8Array(this.memory));
      this.memory = next;
    }
  }

  /** Writes `count` rows of row-major codes (two subspaces a byte, low nibble first) as rows `from` on. */
  setRows(from: number, codes: Uint8Array, count: number): void {
    this.reserve(from + count);
    const bytes = new Uint8Array(this.memory);
    const { subspaces, blockBytes } = this;
    const codeBytes = Math.ceil(subspaces / 2);
    for (let r = 0; r < count; r++) {
      const row = from + r;
      const base = HEADER + (row >> 5) * blockBytes + (row & 15);
      const shift = row & 16 ? 4 : 0;
      const keep = shift ? 0x0f : 0xf0;
      for (let m = 0; m < subspaces; m++) {
        const code = (codes[r * codeBytes + (m >> 1)]! >> ((m & 1) * 4)) & 15;
        const at = base + m * 16;
        bytes[at] = (bytes[at]! & keep) | (code << shift);
      }
    }
  }

  /** Row `row`'s codes, row-major (as `setRows` takes them). */
  rowCodes(row: number): Uint8Array {
    const bytes = new Uint8Array(this.memory);
    const out = new Uint8Array(Math.ceil(this.subspaces / 2));
    const base = HEADER + (row >> 5) * this.blockBytes + (row & 15);
    const shift = row & 16 ? 4 : 0;
    for (let m = 0; m < this.subspaces; m++) out[m >> 1]! |= ((bytes[base + m * 16]! >> shift) & 15) << ((m & 1) * 4);
    return out;
  }

  /** Copies row `from`'s codes to row `to` (a removal moves the last row into the hole). */
  move(from: number, to: number): void {
    this.setRows(to, this.rowCodes(from), 1);
  }

  /**
   * The `want` rows below `n` with the highest table sums that `keep` accepts (all when it is
   * missing), best first; of equal sums the lower row first.
   */
  candidates(table: Uint8Array, n: number, want: number, keep?: (row: number) => boolean): number[] {
    if (want <= 0 || n <= 0) return [];
    const blocks = Math.ceil(n / BLOCK_ROWS);
    const cap = Math.max(4 * want, 1024) + BLOCK_ROWS;
    const rowsAt = HEADER + this.capacityBlocks * this.blockBytes;
    const scoresAt = rowsAt + cap * 4;
    this.ensure(scoresAt + cap * 2);
    new Uint8Array(this.memory).set(table, 0);
    let count = 0;
    /** Candidates [0, checked) were kept by an earlier round: `keep` accepted them already. */
    let checked = 0;
    let threshold = 0;
    let block = 0;
    for (;;) {
      const args: ScanArgs = [
        HEADER,
        this.subspaces,
        0,
        block,
        blocks,
        n,
        threshold,
        rowsAt,
        scoresAt,
        count,
        cap,
        SCRATCH,
        STATE,
      ];
      block = this.kernel ? this.kernel.scan(...args) : scanBlocks(this.memory, ...args);
      count = new Uint32Array(this.memory, STATE, 1)[0]!;
      const rows = new Uint32Array(this.memory, rowsAt, count);
      const scores = new Uint16Array(this.memory, scoresAt, count);
      const kept = compact(rows, scores, want, keep, checked);
      count = checked = kept.count;
      threshold = kept.threshold;
      if (block >= blocks || threshold > 0xffff) break;
    }
    const rows = new Uint32Array(this.memory, rowsAt, count);
    const scores = new Uint16Array(this.memory, scoresAt, count);
    return Array.from(rows.keys())
      .sort((a, b) => scores[b]! - scores[a]! || rows[a]! - rows[b]!)
      .map((i) => rows[i]!);
  }
}

/**
 * Keeps, in place and in their order, the best `want` candidates `keep` accepts (of equal scores the
 * earlier ones, which are the lower rows); those before `checked` were accepted before. Returns how
 * many stay and the score a later row must reach.
 */
function compact(
  rows: Uint32Array,
  scores: Uint16Array,
  want: number,
  keep: ((row: number) => boolean) | undefined,
  checked: number,
): { count: number; threshold: number } {
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    if (keep && i >= checked && !keep(rows[i]!)) continue;
    rows[count] = rows[i]!;
    scores[count++] = scores[i]!;
  }
  if (count < want) return { count, threshold: 0 };
  const worst = scores.slice(0, count).sort()[count - want]!;
  let above = 0;
  for (let i = 0; i < count; i++) if (scores[i]! > worst) above++;
  let ties = want - above;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const score = scores[i]!;
    if (score < worst || (score === worst && ties-- <= 0)) continue;
    rows[kept] = rows[i]!;
    scores[kept++] = score;
  }
  return { count: kept, threshold: worst + 1 };
}
