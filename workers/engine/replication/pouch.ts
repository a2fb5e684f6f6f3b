/**
 * The part of PouchDB sync uses, typed here (the package ships no types). The worker loads
 * `pouchdb-browser` (IndexedDB and HTTP adapters) only when sync starts; tests give a PouchDB with
 * the memory adapter.
 */
export interface PouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
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
