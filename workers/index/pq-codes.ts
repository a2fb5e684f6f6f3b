/**
 * Product quantisation with 4-bit codes: a vector is cut into subspaces of two dimensions and each
 * subspace is replaced by the nearest of 16 centroids learnt by k-means, so 100 dimensions take
 * 25 bytes (a quarter of an int8 row) and 384 take 96. Two subspaces share a byte (low nibble
 * first). Scoring against a query (asymmetric distance computation, ADC) needs no decoding: a
 * table gives each byte's contribution to the inner product, one lookup per byte.
 */

/** Dimensions per subspace: two keep a 4-bit code's error small enough to re-rank from (docs/performance.md). */
export const SUB_DIMS = 2;
/** Centroids per subspace: 16, so a code is 4 bits. */
export const CENTROIDS = 16;
const KMEANS_ROUNDS = 10;

export interface Codebooks {
  dims: number;
  /** Number of subspaces (the last one is padded with zeros when `dims` is odd). */
  subspaces: number;
  /** Bytes per encoded row. */
  codeBytes: number;
  /** subspaces × CENTROIDS × SUB_DIMS centroid coordinates. */
  centroids: Float32Array;
}

/** Reads component `d` of row `row` of a sample; returns 0 past the vector's end. */
export type Component = (row: number, d: number) => number;

/** Learns each subspace's 16 centroids by k-means over `rows` sample rows (deterministic: seeded by stride). */
export function trainCodebooks(dims: number, rows: number, at: Component): Codebooks {
  const subspaces = Math.ceil(dims / SUB_DIMS);
  const centroids = new Float32Array(subspaces * CENTROIDS * SUB_DIMS);
  const points = new Float32Array(rows * SUB_DIMS);
  const assigned = new Uint8Array(rows);
  for (let m = 0; m < subspaces; m++) {
    for (let r = 0; r < rows; r++)
      for (let j = 0; j < SUB_DIMS; j++) {
        const d = m * SUB_DIMS + j;
        points[r * SUB_DIMS + j] = d < dims ? at(r, d) : 0;
      }
    const book = centroids.subarray(m * CENTROIDS * SUB_DIMS, (m + 1) * CENTROIDS * SUB_DIMS);
    kMeans(points, rows, book, assigned);
  }
  return { dims, subspaces, codeBytes: Math.ceil(subspaces / 2), centroids };
}

/** Lloyd's k-means in SUB_DIMS dimensions; `book` receives the centroids. */
function kMeans(points: Float32Array, rows: number, book: Float32Array, assigned: Uint8Array): void {
  const stride = Math.max(1, Math.floor(rows / CENTROIDS));
  for (let c = 0; c < CENTROIDS; c++)
    for (let j = 0; j < SUB_DIMS; j++) book[c * SUB_DIMS + j] = points[((c * stride) % rows) * SUB_DIMS + j] ?? 0;
  const sums = new Float64Array(CENTROIDS * SUB_DIMS);
  const counts = new Uint32Array(CENTROIDS);
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    for (let r = 0; r < rows; r++) assigned[r] = nearest(book, points, r * SUB_DIMS);
    sums.fill(0);
    counts.fill(0);
    for (let r = 0; r < rows; r++) {
      const c = assigned[r]!;
      counts[c]!++;
      for (let j = 0; j < SUB_DIMS; j++) sums[c * SUB_DIMS + j]! += points[r * SUB_DIMS + j]!;
    }
    for (let c = 0; c < CENTROIDS; c++) {
      // An empty centroid is moved onto a sample point, so all 16 codes stay in use.
      const source = ((round * 7919 + c * 104_729) % rows) * SUB_DIMS;
      for (let j = 0; j < SUB_DIMS; j++)
        book[c * SUB_DIMS + j] = counts[c] ? sums[c * SUB_DIMS + j]! / counts[c]! : points[source + j]!;
    }
  }
}

/** The centroid of `book` nearest to the SUB_DIMS values of `values` from `offset`. */
function nearest(book: Float32Array, values: Float32Array, offset: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let c = 0; c < CENTROIDS; c++) {
    let distance = 0;
    for (let j = 0; j < SUB_DIMS; j++) {
      const diff = values[offset + j]! - book[c * SUB_DIMS + j]!;
      distance += diff * diff;
    }
    if (distance < bestDistance) {
      bestDistance = distance;
      best = c;
    }
  }
  return best;
}

/** Writes the code of `vector` (`dims` values) into `out` from `offset`. */
export function encode(books: Codebooks, vector: Float32Array, out: Uint8Array, offset: number): void {
  const { dims, subspaces, centroids } = books;
  const sub = new Float32Array(SUB_DIMS);
  out.fill(0, offset, offset + books.codeBytes);
  for (let m = 0; m < subspaces; m++) {
    for (let j = 0; j < SUB_DIMS; j++) {
      const d = m * SUB_DIMS + j;
      sub[j] = d < dims ? vector[d]! : 0;
    }
    const book = centroids.subarray(m * CENTROIDS * SUB_DIMS, (m + 1) * CENTROIDS * SUB_DIMS);
    out[offset + (m >> 1)]! |= nearest(book, sub, 0) << ((m & 1) * 4);
  }
}

/**
 * Encodes int8 rows `from` to `to` (each `dims` bytes times its scale) into `out`, `codeBytes` a
 * row: the same codes as `encode`, without a float copy of each row (this loop is most of a build).
 * Written for SUB_DIMS = 2.
 */
export function encodeInt8Rows(
  books: Codebooks,
  data: Int8Array,
  scales: Float32Array,
  from: number,
  to: number,
  out: Uint8Array,
): void {
  const { dims, subspaces, codeBytes, centroids } = books;
  for (let row = from; row < to; row++) {
    const scale = scales[row]!;
    const base = row * dims;
    const at = row * codeBytes;
    out.fill(0, at, at + codeBytes);
    for (let m = 0; m < subspaces; m++) {
      const d = m * SUB_DIMS;
      const x = data[base + d]! * scale;
      const y = d + 1 < dims ? data[base + d + 1]! * scale : 0;
      const book = m * CENTROIDS * SUB_DIMS;
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < CENTROIDS; c++) {
        const dx = x - centroids[book + c * SUB_DIMS]!;
        const dy = y - centroids[book + c * SUB_DIMS + 1]!;
        const distance = dx * dx + dy * dy;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = c;
        }
      }
      out[at + (m >> 1)]! |= best << ((m & 1) * 4);
    }
  }
}

/** The vector a code stands for (each subspace's centroid). */
export function decode(books: Codebooks, codes: Uint8Array, offset: number): Float32Array {
  const { dims, subspaces, centroids } = books;
  const vector = new Float32Array(dims);
  for (let m = 0; m < subspaces; m++) {
    const c = (codes[offset + (m >> 1)]! >> ((m & 1) * 4)) & 15;
    for (let j = 0; j < SUB_DIMS; j++) {
      const d = m * SUB_DIMS + j;
      if (d < dims) vector[d] = centroids[(m * CENTROIDS + c) * SUB_DIMS + j]!;
    }
  }
  return vector;
}

/**
 * The ADC table of a query: for each code byte and each of its 256 values, the inner product of the
 * query with the two centroids the byte names. A row's approximate score is the sum over its bytes.
 */
export function byteTable(books: Codebooks, query: Float32Array): Float32Array {
  const { subspaces, codeBytes } = books;
  const single = subspaceTable(books, query);
  const table = new Float32Array(codeBytes * 256);
  for (let b = 0; b < codeBytes; b++) {
    const high = 2 * b + 1 < subspaces;
    for (let v = 0; v < 256; v++)
      table[b * 256 + v] =
        single[2 * b * CENTROIDS + (v & 15)]! + (high ? single[(2 * b + 1) * CENTROIDS + (v >> 4)]! : 0);
  }
  return table;
}

/** For each subspace and each of its 16 centroids, the inner product of the query with the centroid. */
export function subspaceTable(books: Codebooks, query: Float32Array): Float32Array {
  const { dims, subspaces, centroids } = books;
  const single = new Float32Array(subspaces * CENTROIDS);
  for (let m = 0; m < subspaces; m++)
    for (let c = 0; c < CENTROIDS; c++) {
      let sum = 0;
      for (let j = 0; j < SUB_DIMS; j++) {
        const d = m * SUB_DIMS + j;
        if (d < dims) sum += query[d]! * centroids[(m * CENTROIDS + c) * SUB_DIMS + j]!;
      }
      single[m * CENTROIDS + c] = sum;
    }
  return single;
}
