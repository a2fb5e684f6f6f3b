/**
 * The part of PouchDB sync uses, typed here (the package ships no types). The worker loads
 * `pouchdb-browser` (IndexedDB and HTTP adapters) only when sync starts; tests give a PouchDB with
 * the memory adapter.
 */
/** An attachment as a document lists it: a stub once stored, or its bytes when written. */
export interface PouchAttachment {
  content_type: string;
  stub?: boolean;
  length?: number;
  digest?: string;
  data?: AttachmentData;
}

/** Attachment bytes as PouchDB takes and gives them: a Blob in the browser build, a Buffer in Node's. */
export type AttachmentData = Blob | Uint8Array;

export interface PouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  _attachments?: Record<string, PouchAttachment>;
  [field: string]: unknown;
}

export interface PouchChange {
  id: string;
  seq: number | string;
  deleted?: boolean;
  doc?: PouchDoc;
  changes: { rev: string }[];
}

export interface PouchEvents {
  on(event: string, listener: (...args: never[]) => void): this;
  cancel(): void;
}

export interface ReplicateOptions {
  live: boolean;
  retry: boolean;
  batch_size?: number;
  /** The wait before the next try, from the last one (0 at first), while `retry` is on. */
  back_off_function?: (previous: number) => number;
}

export interface Replica {
  name: string;
  get(id: string, options?: { rev?: string; conflicts?: boolean }): Promise<PouchDoc>;
  put(doc: PouchDoc): Promise<{ ok: boolean; id: string; rev: string }>;
  getAttachment(id: string, name: string, options?: { rev?: string }): Promise<AttachmentData>;
  bulkDocs(docs: PouchDoc[]): Promise<({ ok: true; id: string; rev: string } | { error: string; status?: number })[]>;
  changes(options: {
    since: number | string;
    include_docs?: boolean;
    conflicts?: boolean;
    limit?: number;
    live?: boolean;
  }): Promise<{ results: PouchChange[]; last_seq: number | string }> & PouchEvents;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  replicate: {
    to(remote: Replica, options: ReplicateOptions): PouchEvents;
    from(remote: Replica, options: ReplicateOptions): PouchEvents;
  };
  destroy(): Promise<unknown>;
  close(): Promise<unknown>;
}

export type PouchConstructor = new (name: string, options?: Record<string, unknown>) => Replica;

/** True for PouchDB's "not found" (404). */
export function isMissing(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 404;
}

/** True for PouchDB's "document update conflict" (409). */
export function isConflict(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 409;
}

// Node's PouchDB (the tests) hashes and stores Buffers and refuses Blobs; the browser build reads Blobs.
const NodeBuffer = (globalThis as { Buffer?: { from(bytes: ArrayBuffer, offset: number, length: number): Uint8Array } })
  .Buffer;

/** Bytes as this PouchDB build takes an attachment, without copying them where it can. */
export function attachmentData(bytes: Uint8Array<ArrayBuffer>): AttachmentData {
  return NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Blob([bytes]);
}

/** The bytes of an attachment PouchDB gave. */
export async function attachmentBytes(data: AttachmentData): Promise<Uint8Array<ArrayBuffer>> {
  return data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : new Uint8Array(data);
}
