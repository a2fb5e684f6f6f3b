/**
 * The engine's start-up snapshot: the whole in-memory index stored in Dexie (`snapshots`), so a
 * start reads a few records instead of re-reading, re-tokenising and re-indexing every document.
 * The vectors are not in it: a restore reads them from the vectors table, where they are stored
 * anyway (int8, one record a document, read while the rest is rebuilt), and the index answers
 * from BM25 until they are in.
 * Dexie stays the truth: each snapshot lists the documents it holds with their stamps, and a
 * restore drops any whose stamp no longer matches; the usual catch-up then adds what is missing.
 *
 * A big index is stored as parts (workers/engine/parts.ts) plus one manifest record that names
 * them; all are written in one transaction, so a manifest never points at a half-written snapshot,
 * and a restore that finds a part missing gives up (the engine then indexes from the library).
 */
import Dexie from 'dexie';
import type { CarrelDb, SnapshotRecord, StoredVectorRecord } from '../../common/db';
import { LibraryIndex, type LibraryIndexSnapshot } from '../retrieve/library-index';
import { DEFAULT_PART_LIMITS, joinParts, partKeys, splitIntoParts, type PartLimits } from './parts';
import { documentStamp, searchableIds } from './catch-up';

/** Bumped whenever the snapshot's shape or the analyser changes: an older snapshot is ignored. */
const FORMAT = 8;

interface SnapshotManifest extends SnapshotRecord {
  key: string;
  format: number;
  savedAt: number;
  /** docId → stamp of every document in the index. */
  stamps: [string, string][];
  /** The LibraryIndexSnapshot with its big arrays replaced by references to part records. */
  skeleton: unknown;
  /** Every part record's key (also named inside `skeleton`), so the next save can delete them. */
  parts: string[];
}

/**
 * A LibraryIndexSnapshot as stored: its vocabulary joined by line breaks (which no term holds) and
 * deflated by the browser's own zlib. IndexedDB compresses stored values itself but barely shrinks a
 * list of words (R-intro.pdf's: 65 bytes a proposition on disk, 18 deflated). fflate, which the
 * texts and chunks use because they are written inside transactions, left R-intro.pdf a 4 KB page
 * bigger (2,053 bytes a proposition against 2,043). The BM25 postings would shrink by a sixth too,
 * but inflating them added half a second to a start at 1M.
 */
type StoredSnapshot = Omit<LibraryIndexSnapshot, 'terms'> & { terms: Uint8Array };

interface SnapshotPart extends SnapshotRecord {
  key: string;
  value: unknown;
}

const keyOf = (modelId: string) => `library:${modelId}`;

/** Vector records read at once at start-up (about 5 MB of a generated library's): one getAll each, a cursor was several times slower. */
const VECTOR_PAGE = 1000;

/** Vector pages requested at a time: a read the first answer makes waits behind this many (see readVectorRecords). */
const VECTOR_READS_IN_FLIGHT = 2;

export interface RestoredSnapshot {
  /** Answers from BM25 at once; its vectors follow (`vectors`). */
  index: LibraryIndex;
  indexed: Map<string, string>;
  /**
   * Where the time went, in ms: reading the snapshot's records, rebuilding the index, checking
   * stamps.
   */
  timings: { readMs: number; rebuildMs: number; checkMs: number };
  /**
   * The documents ready to search when the stamps were checked (not waiting out an undo): the
   * first catch-up starts from them instead of reading every document again.
   */
  ready: ReadonlySet<string>;
  /**
   * Settles once the stored vectors are in the index, with the ms from the stamp check until then
   * (the vector records are read from the start, alongside everything else). Rejects when they
   * could not be read, having dropped the restored documents from the index and from `indexed`:
   * the caller's next catch-up indexes them again from the library.
   */
  vectors: Promise<{ vectorsMs: number }>;
}

/**
 * The stored index for `modelId` with its documents' stamps, minus any document Dexie no longer
 * has ready under the same stamp. Null when there is no usable snapshot. The index answers at once
 * from BM25; the vectors, read meanwhile, go in when they have arrived (`vectors`).
 */
export async function restoreSnapshot(
  db: CarrelDb,
  modelId: string,
  vectorPage = VECTOR_PAGE,
): Promise<RestoredSnapshot | null> {
  const began = performance.now();
  const manifest = (await db.snapshots.get(keyOf(modelId))) as SnapshotManifest | undefined;
  if (!manifest || manifest.format !== FORMAT) return null;
  // The documents and the vectors are read while the index is rebuilt (one getAll: a cursor over 25,000 documents took 0.4 s).
  const readyDocuments = db.documents.where('status').equals('ready').toArray();
  const vectorRecords = readVectorRecords(db, modelId, vectorPage);
  for (const reading of [readyDocuments, vectorRecords]) reading.catch(() => undefined); // awaited below, unless the snapshot turns out unusable
  const keys = partKeys(manifest.skeleton);
  const records = (await db.snapshots.bulkGet(keys)) as (SnapshotPart | undefined)[];
  const parts = new Map(records.flatMap((record) => (record ? [[record.key, record.value] as const] : [])));
  const read = performance.now();
  const stored = joinParts(manifest.skeleton, parts) as StoredSnapshot | null;
  if (!stored) return null;
  const index = LibraryIndex.fromSnapshot(await unpacked(stored));
  const rebuilt = performance.now();
  const indexed = new Map(manifest.stamps);
  const current = new Map((await readyDocuments).map((doc) => [doc.id, documentStamp(doc)]));
  const ready = searchableIds(await readyDocuments);
  for (const [docId, stamp] of indexed) {
    if (current.get(docId) === stamp) continue;
    index.removeDocument(docId);
    indexed.delete(docId);
  }
  const checked = performance.now();
  const restoredIds = [...indexed.keys()];
  // A document's vectors are written with it, so a current stamp means its stored vectors are current
  // too; a document removed since is no longer in the index, and restoreVectors leaves its record out.
  const vectors = vectorRecords.then(
    (records) => {
      index.restoreVectors(records);
      return { vectorsMs: performance.now() - checked };
    },
    (error: unknown) => {
      console.warn('snapshot vectors not read; its documents are indexed again from the library', error);
      index.restoreVectors([]); // the vectors of documents added meanwhile go in all the same
      for (const docId of restoredIds) {
        index.removeDocument(docId);
        indexed.delete(docId);
      }
      throw error;
    },
  );
  const timings = { readMs: read - began, rebuildMs: rebuilt - read, checkMs: checked - rebuilt };
  return { index, indexed, timings, ready, vectors };
}

/**
 * Every document's vectors for `modelId`, `pageSize` records a request, `VECTOR_READS_IN_FLIGHT`
 * requests at a time. Requested all at once, they went in IndexedDB's queue ahead of everything
 * the first answer reads (its hits' texts, the catch-up's documents), so at a million
 * propositions that answer waited for every vector; now it waits for two pages at most. The
 * price: pages requested while the index is rebuilt wait for the rebuild to end.
 */
async function readVectorRecords(db: CarrelDb, modelId: string, pageSize: number): Promise<StoredVectorRecord[]> {
  const keys = await db.vectors.where(':id').between([modelId, Dexie.minKey], [modelId, Dexie.maxKey]).primaryKeys();
  const pages: StoredVectorRecord[][] = [];
  let next = 0;
  const readPages = async () => {
    while (next < keys.length) {
      const first = next;
      next += pageSize;
      const last = Math.min(first + pageSize, keys.length) - 1;
      pages[first / pageSize] = await db.vectors.where(':id').between(keys[first]!, keys[last]!, true, true).toArray();
    }
  };
  await Promise.all(Array.from({ length: VECTOR_READS_IN_FLIGHT }, readPages));
  return pages.flat();
}

/** Stores the index but its vectors, replacing the previous snapshot in the same transaction. `limits` only changes in tests. */
export async function saveSnapshot(
  db: CarrelDb,
  modelId: string,
  index: LibraryIndex,
  indexed: Map<string, string>,
  limits: PartLimits = DEFAULT_PART_LIMITS,
): Promise<void> {
  const snapshot = await packed(index.toSnapshot());
  const key = keyOf(modelId);
  const savedAt = Date.now();
  const { skeleton, parts } = splitIntoParts(snapshot, `${key}/${savedAt}/`, limits);
  const manifest: SnapshotManifest = {
    key,
    format: FORMAT,
    savedAt,
    stamps: [...indexed],
    skeleton,
    parts: [...parts.keys()],
  };
  await db.transaction('rw', db.snapshots, async () => {
    const previous = (await db.snapshots.get(key)) as Partial<SnapshotManifest> | undefined;
    if (previous?.parts) await db.snapshots.bulkDelete(previous.parts);
    await db.snapshots.bulkPut([...parts].map(([partKey, value]): SnapshotPart => ({ key: partKey, value })));
    await db.snapshots.put(manifest);
  });
}

async function packed(snapshot: LibraryIndexSnapshot): Promise<StoredSnapshot> {
  return { ...snapshot, terms: await deflate(new TextEncoder().encode(snapshot.terms.join('\n'))) };
}

async function unpacked(snapshot: StoredSnapshot): Promise<LibraryIndexSnapshot> {
  const joined = new TextDecoder().decode(await inflate(snapshot.terms));
  return { ...snapshot, terms: joined ? joined.split('\n') : [] };
}

const deflate = (bytes: Uint8Array) => transformed(bytes, new CompressionStream('deflate-raw'));
const inflate = (bytes: Uint8Array) => transformed(bytes, new DecompressionStream('deflate-raw'));

async function transformed(bytes: Uint8Array, through: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  // The snapshot's arrays are never shared memory.
  return new Uint8Array(
    await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(through)).arrayBuffer(),
  );
}
