/**
 * What one server record carries, before sealing: a whole document (its record, original file,
 * stored text, chunks and the vectors of every model computed), a conversation, or one setting.
 * Records are packed as a JSON manifest plus one binary area that typed arrays and Blobs point into,
 * as the backup file does, so vectors and files round-trip bit for bit.
 */
import { documentTables } from '../store';
import { withoutRemoval } from '../library-facts';
import {
  type CarrelDb,
  type ConversationRecord,
  type StoredTextRecord,
  type StoredVectorRecord,
} from '../../../common/db';
import type { ChunksRecord } from '../../../common/stored-chunk';
import type { DocumentRecord } from '../../../common/types';
import { pack, unpack } from '../pack';

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

/** Packs a payload into bytes (typed arrays and Blobs into one binary area). */
export const packPayload = (payload: Payload): Promise<Uint8Array> => pack(payload);

/** Reads what `packPayload` made. */
export const unpackPayload = (bytes: Uint8Array): Payload => unpack(bytes) as Payload;

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
    await db.documents.put(withoutRemoval(payload.document));
    return true;
  });
}
