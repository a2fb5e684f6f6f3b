/**
 * The one database. Dexie is the source of truth; every in-memory index is a cache of it.
 * A schema change is a new version below; old versions are never edited.
 */
import Dexie, { type EntityTable, type IndexableType } from 'dexie';
import {
  storedChunks,
  stripChunkText,
  type ChunksRecord,
  type StoredProposition,
  type StoredSection,
} from './stored-chunk';
import type { ModelInfo } from './models';
import type { DocumentRecord } from './types';
import { storedText, type PageWord, type StoredTextRecord, type TextRecord } from './text-codec';
import { isFloat32Record, storedVectors, type StoredVectorRecord, type VectorRecord } from './vector-codec';

export type { PageWord, StoredTextRecord, StoredVectorRecord, TextRecord, VectorRecord };

/** The original file, kept for the viewer and for re-indexing. */
export interface FileRecord {
  docId: string;
  blob: Blob;
}

/** One question and the answer shown for it, with the passages it cited. */
export interface ConversationTurn {
  question: string;
  answer: { kind: 'extractive' | 'generated'; state: 'done' | 'stopped'; text: string };
  sources: {
    n: number;
    docId: string;
    docName: string;
    sectionId: string;
    passageId: string;
    headingPath: string[];
    pages: number[];
    pageLabels?: string[];
    text: string;
  }[];
  askedAt: number;
}

/** A thread of questions: follow-ups are read against the one before, within it. */
export interface ConversationRecord {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  turns: ConversationTurn[];
}

export interface SettingRecord {
  key: string;
  value: unknown;
  /** When a person chose it (ms): sync's last writer is the one who chose last, not the first to sync. */
  chosenAt?: number;
}

/** A serialised in-memory index, so start-up neither re-embeds nor re-tokenises. */
export interface SnapshotRecord {
  key: string;
  [field: string]: unknown;
}

/** A file waiting in (or interrupted during) ingest, kept so a reload can resume it. */
export interface JobRecord {
  key: string;
  addedAt: number;
  /** The tab reading it; a tab holds the Web Lock `carrel-tab-<owner>` while it lives. */
  owner: string;
  /** The file itself (never its password). */
  file: File;
  /** A re-index of a stored document (not a schema change: the field is not indexed). */
  force?: boolean;
  /** Held by the user until resumed, also after a reload (not indexed either). */
  paused?: boolean;
}

/**
 * A downloaded or self-hosted embedding model. Its files live in the Cache API
 * (`MODEL_CACHE`); `downloading` records are partial downloads that can be resumed.
 */
export interface ModelRecord {
  id: string;
  info: ModelInfo;
  status: 'downloading' | 'ready';
  /** Bytes stored so far and in all, over every file of the model. */
  done: number;
  total: number;
  /** `self-hosted` when the deployment serves the files under its own /models/. */
  source: 'download' | 'self-hosted';
}

/** Settings keys of the model choice: the model search uses, and the one being switched to. */
export const ACTIVE_MODEL_KEY = 'model.active';
export const TARGET_MODEL_KEY = 'model.target';
export const MODEL_MIRROR_KEY = 'model.mirror';
/**
 * Settings key: model id → the recipe (recipeFor) every document's vectors of that model were
 * last found to be of, so a start that finds it current reads no vectors to check.
 */
export const VECTOR_RECIPES_KEY = 'vectors.recipes';

export type CarrelDb = Dexie & {
  documents: EntityTable<DocumentRecord, 'id'>;
  files: EntityTable<FileRecord, 'docId'>;
  /** Write them through `storedText`, read them through `readText` (text-codec.ts). */
  texts: EntityTable<StoredTextRecord, 'docId'>;
  /** A document's sections and propositions: write through `storedChunks`, read through `readChunks` (chunk-store.ts). */
  chunks: EntityTable<ChunksRecord, 'docId'>;
  /** Write them through `storedVectors`, read them through `readVectors` (vector-codec.ts). */
  vectors: Dexie.Table<StoredVectorRecord, [string, string]>;
  settings: EntityTable<SettingRecord, 'key'>;
  snapshots: EntityTable<SnapshotRecord, 'key'>;
  jobs: EntityTable<JobRecord, 'key'>;
  models: EntityTable<ModelRecord, 'id'>;
  conversations: EntityTable<ConversationRecord, 'id'>;
};

/** A collection as a reader may use it: no modify, no delete. */
export interface ReadableCollection<T> {
  toArray(): Promise<T[]>;
  count(): Promise<number>;
  first(): Promise<T | undefined>;
  reverse(): ReadableCollection<T>;
  limit(n: number): ReadableCollection<T>;
}

/** A table as a reader may use it: no put, add, update, delete or clear. */
export interface ReadableTable<T, K> {
  get(key: K): Promise<T | undefined>;
  bulkGet(keys: K[]): Promise<(T | undefined)[]>;
  count(): Promise<number>;
  toArray(): Promise<T[]>;
  where(index: string): { equals(value: IndexableType): ReadableCollection<T> };
  orderBy(index: string): ReadableCollection<T>;
}

type TableNames =
  | 'documents'
  | 'files'
  | 'texts'
  | 'chunks'
  | 'vectors'
  | 'settings'
  | 'snapshots'
  | 'jobs'
  | 'models'
  | 'conversations';

/**
 * The library as every context but the engine holds it: the page (src/lib/db.ts) and the file
 * reader read, and only the engine worker writes. The type has no writing method, so a write
 * from elsewhere does not compile; the lint lets only the engine import `openDb`.
 */
export type ReadableDb = {
  readonly [N in TableNames]: CarrelDb[N] extends Dexie.Table<infer T, infer K, infer _I> ? ReadableTable<T, K> : never;
} & Pick<Dexie, 'name' | 'on' | 'open' | 'close'> & {
    transaction<U>(mode: 'r', tables: readonly unknown[], scope: () => Promise<U>): Promise<U>;
  };

export const DB_NAME = 'carrel';

/** The tables of the first version; a released version's layout never changes. */
export const FIRST_TABLES = {
  documents: 'id, status, addedAt, name',
  files: 'docId',
  texts: 'docId',
  sections: 'id, docId',
  propositions: 'id, docId, sectionId',
  vectors: '[modelId+docId], docId, modelId',
  settings: 'key',
};

/** Opens (or creates) the library database. Each context (tab, worker) opens its own connection. */
export function openDb(name = DB_NAME): CarrelDb {
  const db = new Dexie(name) as CarrelDb;
  db.version(1).stores(FIRST_TABLES);
  // v2: index snapshots, the persisted ingest queue, installed models.
  db.version(2).stores({
    snapshots: 'key',
    jobs: 'key, addedAt',
    models: 'id',
  });
  // v3: conversations.
  db.version(3).stores({
    conversations: 'id, updatedAt',
  });
  // v4: a section or proposition no longer stores the text its document's text holds (the bytes
  // saved are in docs/benchmarks.md). One document's text in memory at a time.
  db.version(4)
    .stores({})
    .upgrade(async (tx) => {
      const texts = tx.table<TextRecord, string>('texts');
      for (const docId of await texts.toCollection().primaryKeys()) {
        const text = (await texts.get(docId))?.text;
        if (text === undefined) continue;
        for (const table of ['sections', 'propositions']) {
          await tx
            .table<StoredSection, string>(table)
            .where('docId')
            .equals(docId)
            .modify((record) => stripChunkText(record, text));
        }
      }
    });
  // v5: vectors are stored as int8 rows with a scale each: a quarter of float32's bytes.
  // One record at a time, so a large library is never all in memory.
  db.version(5)
    .stores({})
    .upgrade(async (tx) => {
      const vectors = tx.table<VectorRecord | StoredVectorRecord, [string, string]>('vectors');
      for (const key of await vectors.toCollection().primaryKeys()) {
        const record = await vectors.get(key);
        if (record && isFloat32Record(record)) await vectors.put(storedVectors(record));
      }
    });
  // v6: a document's text (and its OCR words) is stored deflated, about a third of its bytes.
  // One record at a time.
  db.version(6)
    .stores({})
    .upgrade(async (tx) => {
      const texts = tx.table<TextRecord | StoredTextRecord, string>('texts');
      for (const docId of await texts.toCollection().primaryKeys()) {
        const record = await texts.get(docId);
        if (record && 'text' in record) await texts.put(storedText(record));
      }
    });
  // v7: a document's sections and propositions are one record of deflated columns, with no key
  // and index entries per record. One document at a time; v8 then drops the tables they were in.
  db.version(7)
    .stores({ chunks: 'docId' })
    .upgrade(async (tx) => {
      const sections = tx.table<StoredSection, string>('sections');
      const propositions = tx.table<StoredProposition, string>('propositions');
      const docIds = new Set([
        ...(await sections.orderBy('docId').uniqueKeys()),
        ...(await propositions.orderBy('docId').uniqueKeys()),
      ] as string[]);
      for (const docId of docIds) {
        const [ownSections, ownPropositions] = await Promise.all([
          sections.where('docId').equals(docId).sortBy('order'),
          propositions.where('docId').equals(docId).sortBy('order'),
        ]);
        await tx.table<ChunksRecord, string>('chunks').put(storedChunks(docId, ownSections, ownPropositions));
      }
    });
  db.version(8).stores({ sections: null, propositions: null });
  // Another tab upgraded the schema: close so its upgrade is not blocked forever; reload picks it up.
  db.on('versionchange', () => {
    db.close();
  });
  return db;
}

/**
 * Opens a reading connection: the page's (src/lib/db.ts) and the file reader's. Only the engine
 * opens the writable one (`openDb`), and the lint keeps it so.
 */
export function openReadableDb(name = DB_NAME): ReadableDb {
  return openDb(name);
}
