/** One interface for every vector index; scores are cosine similarities (vectors are unit length; int8 rows approximate them within ~1%). */
export interface VectorIndex {
  readonly dims: number;
  readonly size: number;
  /** Adds rows; `vectors` holds `ids.length × dims` values. Re-adding an id replaces it. */
  add(ids: string[], vectors: Float32Array): void;
  remove(ids: string[]): void;
  /** The k nearest rows to `query` (optionally only those `filter` keeps), best first. */
  search(query: Float32Array, k: number, filter?: (id: string) => boolean): { id: string; score: number }[];
  /** Scores of the given ids, as `search` computes them (ids the index lacks are left out). */
  score(query: Float32Array, ids: Iterable<string>): Map<string, number>;
}
