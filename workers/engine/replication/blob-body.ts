/**
 * A `_bulk_docs` request whose body is built as a Blob, piece by piece: each attachment's bytes are
 * read and put in base64 a few megabytes at a time, so no string of the whole record is ever made.
 * PouchDB's HTTP adapter makes the body one string (attachments in base64, then JSON.stringify):
 * for one record near the 256 MB file limit that is ~1.2 GB of strings at once in the engine
 * worker, which crashed the tab (e2e/large-files-sync.stress.ts).
 */
import { toBase64 } from './crypto';
import type { AttachmentData, PouchAttachment, PouchDoc } from './pouch';

/** Bytes read and encoded at a time: a multiple of 3, so the base64 pieces join without padding. */
const PIECE_BYTES = 3 * 2 ** 20;
/** Pieces gathered into a Blob at this size, so the strings made so far can go. */
const FLUSH_CHARS = 32 * 2 ** 20;

/** The part of a PouchDB HTTP replica this needs: its own fetch (base URL and login applied). */
export interface FetchingReplica {
  fetch(path: string, options: RequestInit & { headers: Headers }): Promise<Response>;
}

/** Whether `remote` is a PouchDB over HTTP (it has PouchDB's `fetch`). */
export const fetches = (remote: unknown): remote is FetchingReplica =>
  typeof (remote as { fetch?: unknown }).fetch === 'function';

/** Writes `docs` with one `_bulk_docs` POST whose body is a Blob; answers as PouchDB's bulkDocs does. */
export async function postAsBlob(
  remote: FetchingReplica,
  docs: PouchDoc[],
  options: Record<string, unknown>,
): Promise<unknown[]> {
  const body = await bulkBody(docs, options);
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  const response = await remote.fetch('_bulk_docs', { method: 'POST', body, headers });
  const answer = (await response.json()) as unknown;
  if (!response.ok) {
    const { error, reason } = (answer ?? {}) as { error?: string; reason?: string };
    throw Object.assign(new Error(reason ?? error ?? `HTTP ${response.status}`), {
      status: response.status,
      name: error ?? 'error',
      error: true,
      reason,
    });
  }
  // As PouchDB reads them: a failed entry names its error (`forbidden` is told apart by its name).
  return (answer as Record<string, unknown>[]).map((entry) =>
    entry.error ? { ...entry, name: entry.error, message: entry.reason } : entry,
  );
}

/** `{...options, "docs": [...]}` as a Blob, each attachment's data in base64. */
export async function bulkBody(docs: PouchDoc[], options: Record<string, unknown>): Promise<Blob> {
  const parts = new BlobParts();
  const head = JSON.stringify({ ...options, docs: [] });
  parts.add(head.slice(0, -2));
  for (const [i, doc] of docs.entries()) {
    if (i > 0) parts.add(',');
    await addDoc(parts, doc);
  }
  parts.add(']}');
  return parts.blob();
}

async function addDoc(parts: BlobParts, doc: PouchDoc): Promise<void> {
  // Each attachment's data stands as a unique marker in the JSON, then is written in its place.
  const marker = () => `carrel-attachment-${crypto.randomUUID()}`;
  const markers = new Map<string, AttachmentData | string>();
  const attachments: Record<string, unknown> = {};
  for (const [name, attachment] of Object.entries(doc._attachments ?? {})) {
    const { data, ...rest } = attachment as Omit<PouchAttachment, 'data'> & { data?: AttachmentData | string };
    if (data === undefined) {
      attachments[name] = rest;
      continue;
    }
    const token = marker();
    markers.set(token, data);
    attachments[name] = { ...rest, data: token };
  }
  let json = JSON.stringify(doc._attachments ? { ...doc, _attachments: attachments } : doc);
  for (const [token, data] of markers) {
    const [before, after] = json.split(`"${token}"`) as [string, string];
    parts.add(`${before}"`);
    await addBase64(parts, data);
    parts.add('"');
    json = after;
  }
  parts.add(json);
}

async function addBase64(parts: BlobParts, data: AttachmentData | string): Promise<void> {
  if (typeof data === 'string') return parts.add(data);
  const size = data instanceof Blob ? data.size : data.byteLength;
  for (let at = 0; at < size; at += PIECE_BYTES) {
    const piece =
      data instanceof Blob
        ? new Uint8Array(await data.slice(at, at + PIECE_BYTES).arrayBuffer())
        : data.subarray(at, at + PIECE_BYTES);
    parts.add(toBase64(piece));
  }
}

/** Strings gathered into a Blob, folded into one now and then so they need not all stay in memory. */
class BlobParts {
  private parts: BlobPart[] = [];
  private chars = 0;

  add(text: string): void {
    this.parts.push(text);
    this.chars += text.length;
    if (this.chars >= FLUSH_CHARS) {
      this.parts = [new Blob(this.parts)];
      this.chars = 0;
    }
  }

  blob(): Blob {
    return new Blob(this.parts, { type: 'application/json' });
  }
}
