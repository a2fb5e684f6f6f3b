/**
 * Caps each write the push sends to the server by bytes. PouchDB batches a replication by count
 * (`batch_size`), and its HTTP adapter sends a batch as one JSON string with every attachment in
 * base64 (4/3 of its bytes). V8 strings stop at 2^29 − 24 characters (~512 MB): two documents near
 * the 256 MB file limit in one batch made a body of ~680 M characters, and the push failed for
 * good. Split by bytes, a request carries at most PUSH_REQUEST_BYTES of documents, or one larger
 * document alone, whose body is built as a Blob (blob-body.ts): even one such record made ~1.2 GB
 * of strings in PouchDB's adapter and crashed the tab.
 */
import { fetches, postAsBlob } from './blob-body';
import type { PouchAttachment, PouchDoc, Replica } from './pouch';

/** Bytes of documents per request to the server: a body of ~85 M characters, far from V8's limit. */
export const PUSH_REQUEST_BYTES = 64 * 2 ** 20;

/** A document's size as its request carries it: attachment bytes plus its fields' JSON. */
export function docBytes(doc: PouchDoc): number {
  let bytes = 0;
  const stubs: Record<string, Omit<PouchAttachment, 'data'>> = {};
  for (const [name, { data, ...rest }] of Object.entries(doc._attachments ?? {})) {
    bytes += attachmentSize(data);
    stubs[name] = rest;
  }
  return bytes + JSON.stringify({ ...doc, _attachments: stubs }).length;
}

function attachmentSize(data: PouchAttachment['data'] | string | undefined): number {
  if (data === undefined) return 0;
  if (typeof data === 'string') return data.length;
  return data instanceof Blob ? data.size : data.byteLength;
}

/**
 * Splits `items` in order into groups whose sizes add up to at most `cap`; an item larger than
 * `cap` is a group of its own.
 */
export function byteBatches<T>(items: readonly T[], sizeOf: (item: T) => number, cap: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (batch.length && bytes + size > cap) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

type BulkRequest = PouchDoc[] | { docs: PouchDoc[]; [option: string]: unknown };
type BulkResult = Awaited<ReturnType<Replica['bulkDocs']>>;
type BulkDocs = (request: BulkRequest, options?: unknown, callback?: unknown) => Promise<BulkResult>;

/**
 * Makes `remote`'s bulk writes (the push's one write per batch) go as several requests of at most
 * `cap` bytes each, their answers joined in order. Returns the same replica.
 */
export function capBulkBytes(remote: Replica, cap = PUSH_REQUEST_BYTES): Replica {
  const target = remote as unknown as { bulkDocs: BulkDocs };
  const send = target.bulkDocs.bind(remote);
  target.bulkDocs = async (request, options, callback) => {
    const docs = Array.isArray(request) ? request : request.docs;
    // A callback-style call is PouchDB's own: left as it is.
    if (typeof callback === 'function' || typeof options === 'function') return send(request, options, callback);
    const batches = byteBatches(docs, docBytes, cap);
    const { docs: _, ...fields } = Array.isArray(request) ? { docs } : request;
    const large = (batch: PouchDoc[]) => batch.length === 1 && docBytes(batch[0]!) > cap && fetches(remote);
    if (batches.length <= 1 && !large(docs)) return send(request, options);
    const results: BulkResult = [];
    for (const batch of batches) {
      const written = large(batch)
        ? ((await postAsBlob(remote as never, batch, fields)) as BulkResult)
        : await send(Array.isArray(request) ? batch : { ...request, docs: batch }, options);
      results.push(...written);
    }
    return results;
  };
  return remote;
}
