/**
 * Id → slot for an index that already keeps each slot's id in an array (BM25's): an open-addressing
 * table (linear probing) of slot numbers in one Int32Array, each id hashed with FNV-1a. Restoring a
 * million ids into a Map was the largest part of a start's rebuild at a million propositions, and
 * the Map's entries took about 15 MB; this table takes 4 bytes for each of at least twice the ids
 * and stores no key of its own (an entry's id is read from the slot array).
 */
import { FNV_OFFSET, fnvStep } from './fnv';

const EMPTY = -1;

export class IdSlots {
  /** Slot numbers (EMPTY where none), at the place each id's hash probes first or after it. */
  private table: Int32Array;
  private count = 0;

  /** `ids[slot]` is the id of each slot the table holds (read, never changed, here). */
  constructor(
    private readonly ids: readonly (string | null)[],
    capacity = 16,
  ) {
    this.table = new Int32Array(tableSize(capacity)).fill(EMPTY);
  }

  /** A table of every non-null id of `ids` (each at most once) at its place, made in one pass. */
  static of(ids: readonly (string | null)[]): IdSlots {
    const slots = new IdSlots(ids, ids.length);
    const { table } = slots;
    const mask = table.length - 1;
    for (let slot = 0; slot < ids.length; slot++) {
      const id = ids[slot];
      if (id == null) continue;
      // No id is compared on the way: `ids` holds each once (as a BM25 index's slots do).
      let at = hash(id) & mask;
      while (table[at] !== EMPTY) at = (at + 1) & mask;
      table[at] = slot;
      slots.count++;
    }
    return slots;
  }

  get size(): number {
    return this.count;
  }

  get(id: string): number | undefined {
    const at = this.find(id);
    return at < 0 ? undefined : this.table[at];
  }

  has(id: string): boolean {
    return this.find(id) >= 0;
  }

  /** Gives `id` the slot `slot` (whose `ids` entry is, or is about to be, `id`). */
  set(id: string, slot: number): void {
    const found = this.find(id);
    if (found >= 0) return void (this.table[found] = slot);
    if ((this.count + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    let at = hash(id) & mask;
    while (this.table[at] !== EMPTY) at = (at + 1) & mask;
    this.table[at] = slot;
    this.count++;
  }

  /** Forgets `id` (call it while `ids` still holds it at its slot). */
  delete(id: string): boolean {
    let at = this.find(id);
    if (at < 0) return false;
    const { table, ids } = this;
    const mask = table.length - 1;
    // Backward shift: each entry after the hole that may sit there moves into it, so no probe ever stops short.
    for (let next = (at + 1) & mask; table[next] !== EMPTY; next = (next + 1) & mask) {
      const home = hash(ids[table[next]!]!) & mask;
      if (((next - home) & mask) >= ((next - at) & mask)) {
        table[at] = table[next]!;
        at = next;
      }
    }
    table[at] = EMPTY;
    this.count--;
    return true;
  }

  /** The table place holding `id`'s slot, or -1. */
  private find(id: string): number {
    const { table, ids } = this;
    const mask = table.length - 1;
    for (let at = hash(id) & mask; ; at = (at + 1) & mask) {
      const slot = table[at]!;
      if (slot === EMPTY) return -1;
      if (ids[slot] === id) return at;
    }
  }

  private grow(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (const slot of old) {
      if (slot === EMPTY) continue;
      let at = hash(this.ids[slot]!) & mask;
      while (table[at] !== EMPTY) at = (at + 1) & mask;
      table[at] = slot;
    }
    this.table = table;
  }
}

/** The smallest power of two that is at least twice `capacity` (a table at most half full). */
function tableSize(capacity: number): number {
  let size = 16;
  while (size < capacity * 2) size *= 2;
  return size;
}

/** FNV-1a over two characters a step (a third of the time of one a step over a million ids). */
function hash(id: string): number {
  let h = FNV_OFFSET;
  const end = id.length - 1;
  let i = 0;
  for (; i < end; i += 2) h = fnvStep(h, id.charCodeAt(i) | (id.charCodeAt(i + 1) << 16));
  if (i === end) h = fnvStep(h, id.charCodeAt(i));
  // FNV-1a's low bits, which the mask keeps, mix poorly on their own: fold the high half in.
  return (h ^ (h >>> 16)) >>> 0;
}
