/**
 * Cuts a big value (the start-up snapshot) into records of bounded size and puts it back together.
 * One IndexedDB record of a million-proposition index is well over a gigabyte, which structured
 * clone and IndexedDB handle badly or not at all; as parts, no record is larger than `partBytes`
 * (typed arrays) or `partItems` entries (plain arrays).
 *
 * The skeleton is the value with every big array replaced by a `PartRef` naming its parts in order.
 * A typed array stored as one part comes back as that part itself (no copy); one cut into several
 * is joined into one new array (one copy).
 */

export interface PartLimits {
  /** Typed arrays above this many bytes are cut into pieces of at most this size. */
  partBytes: number;
  /** Plain arrays above this many entries are cut into slices of at most this length. */
  partItems: number;
  /** Typed arrays at least this large get parts of their own, so the skeleton stays small. */
  ownPartBytes: number;
}

export const DEFAULT_PART_LIMITS: PartLimits = { partBytes: 32 * 2 ** 20, partItems: 50_000, ownPartBytes: 64 * 1024 };

const TYPED_ARRAYS = {
  Float32Array,
  Float64Array,
  Int8Array,
  Uint8Array,
  Int32Array,
  Uint32Array,
  Uint16Array,
  Int16Array,
};
type TypedArrayName = keyof typeof TYPED_ARRAYS;
type TypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;

/** Where a big array was taken out of the skeleton. `typed` is null for a plain array. */
interface PartRef {
  $parts: string[];
  typed: TypedArrayName | null;
  length: number;
}

export interface SplitValue {
  skeleton: unknown;
  /** Part key → its piece, in the order they were cut. */
  parts: Map<string, unknown>;
}

/** Splits `value` into a skeleton and parts whose keys start with `keyPrefix`. */
export function splitIntoParts(
  value: unknown,
  keyPrefix: string,
  limits: PartLimits = DEFAULT_PART_LIMITS,
): SplitValue {
  const parts = new Map<string, unknown>();
  const store = (pieces: unknown[]): string[] =>
    pieces.map((piece) => {
      const key = `${keyPrefix}${parts.size}`;
      parts.set(key, piece);
      return key;
    });

  const walk = (node: unknown): unknown => {
    if (ArrayBuffer.isView(node)) {
      const typed = node as TypedArray;
      const name = typed.constructor.name as TypedArrayName;
      if (!(name in TYPED_ARRAYS) || typed.byteLength < limits.ownPartBytes) return node;
      const perPart = Math.max(1, Math.floor(limits.partBytes / typed.BYTES_PER_ELEMENT));
      return {
        $parts: store(cut(typed.length, perPart, (start, end) => typed.slice(start, end))),
        typed: name,
        length: typed.length,
      } satisfies PartRef;
    }
    if (Array.isArray(node)) {
      if (node.length <= limits.partItems) return node;
      return {
        $parts: store(cut(node.length, limits.partItems, (start, end) => node.slice(start, end))),
        typed: null,
        length: node.length,
      } satisfies PartRef;
    }
    if (isPlainObject(node)) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return { skeleton: walk(value), parts };
}

/** The part keys a skeleton refers to, in order. */
export function partKeys(skeleton: unknown): string[] {
  if (isPartRef(skeleton)) return skeleton.$parts;
  if (isPlainObject(skeleton)) return Object.values(skeleton).flatMap(partKeys);
  return [];
}

/** Puts the value back together; null when a part is missing (the caller then rebuilds). */
export function joinParts(skeleton: unknown, parts: Map<string, unknown>): unknown {
  let complete = true;
  const walk = (node: unknown): unknown => {
    if (isPartRef(node)) {
      const pieces = node.$parts.map((key) => parts.get(key));
      if (pieces.some((piece) => piece === undefined)) {
        complete = false;
        return null;
      }
      return node.typed ? joinTyped(node.typed, node.length, pieces as TypedArray[]) : (pieces as unknown[][]).flat(1);
    }
    if (isPlainObject(node)) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  const value = walk(skeleton);
  return complete ? value : null;
}

function joinTyped(name: TypedArrayName, length: number, pieces: TypedArray[]): TypedArray {
  if (pieces.length === 1) return pieces[0]!;
  const joined = new TYPED_ARRAYS[name](length);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece as never, offset);
    offset += piece.length;
  }
  return joined;
}

function cut<T>(length: number, perPart: number, slice: (start: number, end: number) => T): T[] {
  const pieces: T[] = [];
  for (let start = 0; start < length; start += perPart) pieces.push(slice(start, Math.min(length, start + perPart)));
  return pieces;
}

function isPartRef(node: unknown): node is PartRef {
  return isPlainObject(node) && Array.isArray(node.$parts);
}

function isPlainObject(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && Object.getPrototypeOf(node) === Object.prototype;
}
