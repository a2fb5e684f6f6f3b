/**
 * The engine's start-up snapshot: the whole in-memory index stored in Dexie (`snapshots`), so a
 * start reads a few records instead of re-reading, re-tokenising and re-indexing every document.
 * Dexie stays the truth: each snapshot lists the documents it holds with their stamps, and a
 * restore drops any whose stamp no longer matches; the usual sync then adds what is missing.
 *
 * A big index is stored as parts (workers/engine/parts.ts) plus one manifest record that names
 * them; all are written in one transaction, so a manifest never points at a half-written snapshot,
 * and a restore that finds a part missing gives up (the engine then indexes from the library).
 */
import type { CarrelDb, SnapshotRecord } from '../../src/shared/db';
import { LibraryIndex, type LibraryIndexSnapshot } from '../retrieve/library-index';
import { DEFAULT_PART_LIMITS, joinParts, partKeys, splitIntoParts, type PartLimits } from './parts';
import { documentStamp } from './sync';

/** Bumped whenever the snapshot's shape or the analyser changes: an older snapshot is ignored. */
const FORMAT = 7;

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

interface SnapshotPart extends SnapshotRecord {
  key: string;
  value: unknown;
}

const keyOf = (modelId: string) => `library:${modelId}`;

export interface RestoredSnapshot {
  index: LibraryIndex;
  indexed: Map<string, string>;
  /** Where the time went, in ms: reading the records, rebuilding the index, checking stamps. */
  timings: { readMs: number; rebuildMs: number; checkMs: number };
}

/**
 * The stored index for `modelId` with its documents' stamps, minus any document Dexie no longer
 * has ready under the same stamp. Null when there is no usable snapshot.
 */
export async function restoreSnapshot(db: CarrelDb, modelId: string): Promise<RestoredSnapshot | null> {
  const began = performance.now();
  const manifest = (await db.snapshots.get(keyOf(modelId))) as SnapshotManifest | undefined;
  if (!manifest || manifest.format !== FORMAT) return null;
  // The documents are read while the index is rebuilt (one getAll: a cursor over 25,000 took 0.4 s).
  const readyDocuments = db.documents.where('status').equals('ready').toArray();
  readyDocuments.catch(() => undefined); // awaited below, unless the snapshot turns out unusable
  const keys = partKeys(manifest.skeleton);
  const records = (await db.snapshots.bulkGet(keys)) as (SnapshotPart | undefined)[];
  const parts = new Map(records.flatMap((record) => (record ? [[record.key, record.value] as const] : [])));
  const read = performance.now();
  const snapshot = joinParts(manifest.skeleton, parts) as LibraryIndexSnapshot | null;
  if (!snapshot) return null;
  const index = LibraryIndex.fromSnapshot(snapshot);
  const rebuilt = performance.now();
  const indexed = new Map(manifest.stamps);
  const current = new Map((await readyDocuments).map((doc) => [doc.id, documentStamp(doc)]));
  for (const [docId, stamp] of indexed) {
    if (current.get(docId) === stamp) continue;
    index.removeDocument(docId);
    indexed.delete(docId);
  }
  const timings = { readMs: read - began, rebuildMs: rebuilt - read, checkMs: performance.now() - rebuilt };
  return { index, indexed, timings };
}

/**
 * Stores the index, replacing the previous snapshot in the same transaction; false when it cannot
 * be stored (a vector index other than flat). `limits` only changes in tests.
 */
export async function saveSnapshot(db: CarrelDb, modelId: string, index: LibraryIndex, indexed: Map<string, string>, limits: PartLimits = DEFAULT_PART_LIMITS): Promise<boolean> {
  const snapshot = index.toSnapshot();
  if (!snapshot) return false;
  const key = keyOf(modelId);
  const savedAt = Date.now();
  const { skeleton, parts } = splitIntoParts(snapshot, `${key}/${savedAt}/`, limits);
  const manifest: SnapshotManifest = { key, format: FORMAT, savedAt, stamps: [...indexed], skeleton, parts: [...parts.keys()] };
  await db.transaction('rw', db.snapshots, async () => {
    const previous = (await db.snapshots.get(key)) as Partial<SnapshotManifest> | undefined;
    if (previous?.parts) await db.snapshots.bulkDelete(previous.parts);
    await db.snapshots.bulkPut([...parts].map(([partKey, value]): SnapshotPart => ({ key: partKey, value })));
    await db.snapshots.put(manifest);
  });
  return true;
}
