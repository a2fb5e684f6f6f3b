/**
 * What one server record carries, before sealing: a whole document (its record, original file,
 * stored text, chunks and the vectors of every model computed), a conversation, or one setting.
 * Records are packed as a JSON manifest plus one binary area that typed arrays and Blobs point into,
 * as the backup file does, so vectors and files round-trip bit for bit.
 */
import {
  documentTables,
  type CarrelDb,
  type ConversationRecord,
  type StoredTextRecord,
  type StoredVectorRecord,
} from '../../../src/shared/db';
import type { ChunksRecord } from '../../../src/shared/stored-chunk';
import type { DocumentRecord } from '../../../src/shared/types';

export interface DocumentPayload {
  kind: 'document';
  document: DocumentRecord;
  file: Blob | null;
  text: StoredTextRecord | null;
  chunks: ChunksRecord | null;
  vectors: StoredVectorRecord[];
}

export interface ConversationPayload {
  kind: 'conversation';
  conversation: ConversationRecord;
}

export interface SettingPayload {
  kind: 'setting';
  key: string;
  value: unknown;
  /** When the device that sent it saw the value change: the last writer wins. */
  at: number;
}

export type Payload = DocumentPayload | ConversationPayload | SettingPayload;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
type Ref = { $bin: number; length: number; as: 'u8' | 'i8' | 'f32' | 'blob'; type?: string };

/** Packs a payload into bytes (typed arrays and Blobs into one binary area). */
export async function packPayload(payload: Payload): Promise<Uint8Array> {
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
    if (value instanceof Uint8Array) return { $bin: append(bytesOf(value)), length: value.length, as: 'u8' };
    if (value instanceof Int8Array) return { $bin: append(bytesOf(value)), length: value.length, as: 'i8' };
    if (value instanceof Float32Array) return { $bin: append(bytesOf(value)), length: value.length, as: 'f32' };
    if (value instanceof Blob) {
      const bytes = new Uint8Array(await value.arrayBuffer());
      return { $bin: append(bytes), length: bytes.byteLength, as: 'blob', type: value.type };
    }
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) out[key] = await walk(field);
      return out;
    }
    return value;
  };
  const manifest = encoder.encode(JSON.stringify(await walk(payload)));
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

/** Reads what `packPayload` made. */
export function unpackPayload(bytes: Uint8Array): Payload {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  const manifest = JSON.parse(decoder.decode(bytes.subarray(4, 4 + length))) as unknown;
  // A copy of its own, so the binary area starts on a 4-byte boundary.
  const binary = bytes.slice(4 + length).buffer;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const ref = value as Partial<Ref>;
      if (typeof ref.$bin === 'number' && typeof ref.length === 'number') {
        const at = ref.$bin;
        if (ref.as === 'f32') return new Float32Array(binary.slice(at, at + ref.length * 4));
        if (ref.as === 'i8') return new Int8Array(binary.slice(at, at + ref.length));
        if (ref.as === 'blob') return new Blob([binary.slice(at, at + ref.length)], { type: ref.type ?? '' });
        return new Uint8Array(binary.slice(at, at + ref.length));
      }
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, walk(field)]));
    }
    return value;
  };
  return walk(manifest) as Payload;
}

/** Reads one document's every record in one read transaction; null when it is not a ready document. */
export async function readDocumentPayload(db: CarrelDb, docId: string): Promise<DocumentPayload | null> {
  return db.transaction('r', documentTables(db), async () => {
    const document = await db.documents.get(docId);
    if (!document || document.status !== 'ready') return null;
    const [file, text, chunks, vectors] = await Promise.all([
      db.files.get(docId),
      db.texts.get(docId),
      db.chunks.get(docId),
      db.vectors.where('docId').equals(docId).toArray(),
    ]);
    return {
      kind: 'document',
      document,
      file: file?.blob ?? null,
      text: text ?? null,
      chunks: chunks ?? null,
      vectors,
    };
  });
}

/**
 * Writes a received document in one transaction, so no other reader ever sees half of it. A document
 * already stored is left as it is: the same id is the same content. False when nothing was written.
 */
export async function writeDocumentPayload(db: CarrelDb, payload: DocumentPayload): Promise<boolean> {
  const docId = payload.document.id;
  return db.transaction('rw', documentTables(db), async () => {
    if (await db.documents.get(docId)) return false;
    if (payload.file) await db.files.put({ docId, blob: payload.file });
    if (payload.text) await db.texts.put(payload.text);
    if (payload.chunks) await db.chunks.put(payload.chunks);
    if (payload.vectors.length) await db.vectors.bulkPut(payload.vectors);
    await db.documents.put(payload.document);
    return true;
  });
}
