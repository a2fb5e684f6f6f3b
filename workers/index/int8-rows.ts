/**
 * Int8 rows as both proposition indexes keep them (Int8FlatIndex, and PqIndex for its exact
 * re-rank): each vector is 8-bit values and one float scale, its largest |component| / 127.
 */
import { dot, quantizeQuery } from './int8-scan';

export type Int8Columns = { data: Int8Array; scales: Float32Array };

/** Rows looked up by id (a RowStore of int8 columns, perhaps with more columns beside them). */
interface Int8RowSource {
  readonly columns: Int8Columns;
  row(id: string): number | undefined;
}

/** Writes `vector` as row `row` of the columns: its values over its scale, rounded to int8. */
export function writeInt8Row({ data, scales }: Int8Columns, row: number, vector: Float32Array): void {
  const dims = vector.length;
  let max = 0;
  for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]!));
  const scale = max > 0 ? max / 127 : 1;
  for (let d = 0; d < dims; d++) data[row * dims + d] = Math.round(vector[d]! / scale);
  scales[row] = scale;
}

/** The exact int8 score of each of `ids` against the query; ids with no row are left out. */
export function scoreInt8Rows(
  rows: Int8RowSource,
  dims: number,
  query: Float32Array,
  ids: Iterable<string>,
): Map<string, number> {
  const { data, scales } = rows.columns;
  const quantized = quantizeQuery(query);
  const scores = new Map<string, number>();
  for (const id of ids) {
    const row = rows.row(id);
    if (row !== undefined)
      scores.set(id, dot(data, row * dims, dims, quantized.values) * scales[row]! * quantized.scale);
  }
  return scores;
}
