/**
 * The engine's start-up snapshot: the whole in-memory index stored in Dexie (`snapshots`), so a
 * start reads one record instead of re-reading, re-tokenising and re-indexing every document.
 * Dexie stays the truth: each snapshot lists the documents it holds with their stamps, and a
 * restore drops any whose stamp no longer matches; the usual sync then adds what is missing.
 */
import type { CarrelDb, SnapshotRecord } from '../../src/shared/db';
import { LibraryIndex, type LibraryIndexSnapshot } from '../retrieve/library-index';
import { documentStamp } from './sync';

/** Bumped whenever the snapshot's shape or the analyser changes: an older snapshot is ignored. */
const FORMAT = 1;

interface StoredSnapshot extends SnapshotRecord {
  key: string;
  format: number;
  savedAt: number;
  /** docId → stamp of every document in `index`. */
  stamps: [string, string][];
  index: LibraryIndexSnapshot;
}

const keyOf = (modelId: string) => `library:${modelId}`;

/**
 * The stored index for `modelId` with its documents' stamps, minus any document Dexie no longer
 * has ready under the same stamp. Null when there is no usable snapshot.
 */
export async function restoreSnapshot(db: CarrelDb, modelId: string): Promise<{ index: LibraryIndex; indexed: Map<string, string> } | null> {
  const stored = (await db.snapshots.get(keyOf(modelId))) as StoredSnapshot | undefined;
  if (!stored || stored.format !== FORMAT) return null;
  const index = LibraryIndex.fromSnapshot(stored.index);
  const indexed = new Map(stored.stamps);
  const current = new Map<string, string>();
  await db.documents
    .where('status')
    .equals('ready')
    .each((doc) => void current.set(doc.id, documentStamp(doc)));
  for (const [docId, stamp] of indexed) {
    if (current.get(docId) === stamp) continue;
    index.removeDocument(docId);
    indexed.delete(docId);
  }
  return { index, indexed };
}

/** Stores the index; false when it cannot be stored (a vector index other than flat). */
export async function saveSnapshot(db: CarrelDb, modelId: string, index: LibraryIndex, indexed: Map<string, string>): Promise<boolean> {
  const snapshot = index.toSnapshot();
  if (!snapshot) return false;
  const record: StoredSnapshot = { key: keyOf(modelId), format: FORMAT, savedAt: Date.now(), stamps: [...indexed], index: snapshot };
  await db.snapshots.put(record);
  return true;
}
