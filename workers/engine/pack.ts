/**
 * Records as bytes: a JSON manifest, then one binary area that typed arrays and Blobs point into, so
 * vectors and files round-trip bit for bit without base64. The backup file (format 3) and each sync
 * record use it. A reference is `{ $f32 | $i8 | $u8 | $blob: offset, length, type? }`; the backup's
 * files have always used $f32, $i8 and $blob, so their layout must not change.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

type Ref = { $f32?: number; $i8?: number; $u8?: number; $blob?: number; length: number; type?: string };

/** Packs a value whose leaves are JSON, Float32Array, Int8Array, Uint8Array or Blob. */
export async function pack(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let offset = 0;
  const append = (bytes: Uint8Array) => {
    // Float32 views need 4-byte alignment when read back.
    const pad = (4 - (offset % 4)) % 4;
    if (pad) parts.push(new Uint8Array(pad));
    offset += pad;
    parts.push(bytes);
    const at = offset;
    offset += bytes.byteLength;
    return at;
  };
  const bytesOf = (view: ArrayBufferView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const walk = async (value: unknown): Promise<unknown> => {
    if (value instanceof Float32Array) return { $f32: append(bytesOf(value)), length: value.length };
    if (value instanceof Int8Array) return { $i8: append(bytesOf(value)), length: value.length };
    if (value instanceof Uint8Array) return { $u8: append(bytesOf(value)), length: value.length };
    if (value instanceof Blob) {
      const bytes = new Uint8Array(await value.arrayBuffer());
      return { $blob: append(bytes), length: bytes.byteLength, type: value.type };
    }
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) out[key] = await walk(field);
      return out;
    }
    return value;
  };
  const manifest = encoder.encode(JSON.stringify(await walk(value)));
  const out = new Uint8Array(4 + manifest.byteLength + offset);
  new DataView(out.buffer).setUint32(0, manifest.byteLength, true);
  out.set(manifest, 4);
  let at = 4 + manifest.byteLength;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Reads what `pack` made; every typed array and Blob gets a buffer of its own. */
export function unpack(bytes: Uint8Array): unknown {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  const manifest = JSON.parse(decoder.decode(bytes.subarray(4, 4 + length))) as unknown;
  // A copy of its own, so the binary area starts on a 4-byte boundary.
  const binary = bytes.slice(4 + length).buffer;
  const slice = (at: number, byteLength: number) => binary.slice(at, at + byteLength);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const ref = value as Ref;
      if (typeof ref.$f32 === 'number') return new Float32Array(slice(ref.$f32, ref.length * 4));
      if (typeof ref.$i8 === 'number') return new Int8Array(slice(ref.$i8, ref.length));
      if (typeof ref.$u8 === 'number') return new Uint8Array(slice(ref.$u8, ref.length));
      if (typeof ref.$blob === 'number') return new Blob([slice(ref.$blob, ref.length)], { type: ref.type ?? '' });
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, walk(field)]));
    }
    return value;
  };
  return walk(manifest);
}
