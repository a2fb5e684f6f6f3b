/**
 * For the bench only, as the baseline the flat indexes are measured against: voy-search (a WASM
 * k-d tree) behind the VectorIndex interface, with its quirks guarded:
 * it returns no scores (we rescore exactly), pads every vector to 768 dims, panics on 33+ identical
 * vectors (we insert each distinct vector once), and needs the original vector to remove one
 * (we keep them). Its JSON is never persisted: Dexie holds the vectors.
 */
import { Voy } from 'voy-search';
import { FNV_OFFSET, fnvStep } from '../../workers/index/fnv';
import type { VectorIndex } from '../../workers/index/vector-index';

const VOY_DIMS = 768;

/** FNV-1a over the vector's bytes: identical vectors get the same hash. */
function hashVector(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  let hash = FNV_OFFSET;
  for (const byte of bytes) hash = fnvStep(hash, byte);
  return (hash >>> 0).toString(36);
}

function sameVector(a: Float32Array, b: Float32Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export class VoyIndex implements VectorIndex {
  private voy = new Voy();
  private vectors = new Map<string, Float32Array>();
  /** distinct vector key → ids sharing it; the tree holds one point per key, with the key as id. */
  private groups = new Map<string, Set<string>>();
  private keyOf = new Map<string, string>();

  constructor(readonly dims: number) {
    if (dims > VOY_DIMS) throw new Error(`voy-search keeps only ${VOY_DIMS} dimensions; this model has ${dims}.`);
  }

  get size(): number {
    return this.vectors.size;
  }

  add(ids: string[], vectors: Float32Array): void {
    this.remove(ids.filter((id) => this.vectors.has(id)));
    const fresh: { id: string; title: string; url: string; embeddings: number[] }[] = [];
    ids.forEach((id, i) => {
      const vector = vectors.slice(i * this.dims, (i + 1) * this.dims);
      const key = this.keyFor(vector);
      this.vectors.set(id, vector);
      this.keyOf.set(id, key);
      const group = this.groups.get(key);
      if (group) return void group.add(id);
      this.groups.set(key, new Set([id]));
      fresh.push({ id: key, title: '', url: '', embeddings: Array.from(vector) });
    });
    if (fresh.length) this.voy.add({ embeddings: fresh });
  }

  remove(ids: string[]): void {
    const gone: { id: string; title: string; url: string; embeddings: number[] }[] = [];
    for (const id of ids) {
      const key = this.keyOf.get(id);
      if (key === undefined) continue;
      const group = this.groups.get(key)!;
      group.delete(id);
      if (group.size === 0) {
        this.groups.delete(key);
        gone.push({ id: key, title: '', url: '', embeddings: Array.from(this.vectors.get(id)!) });
      }
      this.vectors.delete(id);
      this.keyOf.delete(id);
    }
    if (gone.length) this.voy.remove({ embeddings: gone });
  }

  search(query: Float32Array, k: number, filter?: (id: string) => boolean): { id: string; score: number }[] {
    if (this.size === 0 || k <= 0) return [];
    // A filter can reject most neighbours: ask for more, then fall back to an exact scan if short.
    const want = Math.min(this.groups.size, filter ? k * 8 : k);
    const neighbours = this.voy.search(query, want).neighbors;
    const ids = neighbours.flatMap((n) => [...(this.groups.get(n.id) ?? [])]).filter((id) => !filter || filter(id));
    if (filter && ids.length < k && want < this.groups.size) {
      return this.best(query, [...this.vectors.keys()].filter(filter), k);
    }
    return this.best(query, ids, k);
  }

  /** The group key of `vector`: its hash, suffixed on the rare collision of different vectors. */
  private keyFor(vector: Float32Array): string {
    const hash = hashVector(vector);
    for (let n = 0; ; n++) {
      const key = n ? `${hash}.${n}` : hash;
      const group = this.groups.get(key);
      if (!group || sameVector(this.vectors.get(group.values().next().value!)!, vector)) return key;
    }
  }

  score(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    const scores = new Map<string, number>();
    for (const id of ids) {
      const vector = this.vectors.get(id);
      if (vector) scores.set(id, dot(vector, query));
    }
    return scores;
  }

  private best(query: Float32Array, ids: string[], k: number): { id: string; score: number }[] {
    return [...this.score(query, ids)]
      .map(([id, score]) => ({ id, score }))
      .sort((a, b) => b.score - a.score)
      .slice(0, k);
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
