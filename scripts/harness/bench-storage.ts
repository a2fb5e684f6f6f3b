/**
 * Where one document's bytes go in IndexedDB: table by table, estimated from the records and
 * measured as stored, with the engine's start-up snapshot counted too.
 */
import Dexie from 'dexie';
import { joinParts } from '../../workers/engine/parts';
import { pageDb } from './page-db';

/**
 * Waits until the engine has stored its start-up snapshot with `docId` in it (it does so once the
 * library has been quiet for a few seconds), so the storage figures count the snapshot too.
 */
export async function snapshotHolding(docId: string): Promise<void> {
  const db = pageDb();
  const holds = async () =>
    (await db.snapshots.toArray()).some(
      (record) => Array.isArray(record.stamps) && (record.stamps as [string, string][]).some(([id]) => id === docId),
    );
  const deadline = performance.now() + 60_000;
  while (!(await holds())) {
    if (performance.now() > deadline) throw new Error('the engine stored no snapshot within a minute of the ingest');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * About how many bytes a value takes in IndexedDB: Chromium stores V8's serialisation, in which a
 * string is one byte a character when it is all Latin-1 (else two), a number 8, a typed array or
 * Blob its bytes; each property adds its name. Close enough to see which table holds what.
 */
export function approxBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') return ([...value].every((c) => c.charCodeAt(0) < 256) ? 1 : 2) * value.length + 2;
  if (value instanceof Blob) return value.size;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + approxBytes(item), 2);
  if (typeof value === 'object')
    return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + 2 + approxBytes(item), 2);
  return 0;
}

/**
 * What `values` take on disk as IndexedDB records of a scratch database: Chromium compresses
 * stored values, so this can be well under `approxBytes` (a run of zeros costs nearly nothing).
 */
async function bytesOnDisk(values: unknown[]): Promise<number> {
  const name = 'carrel-bench-disk';
  await Dexie.delete(name);
  const scratch = new Dexie(name);
  scratch.version(1).stores({ values: '++id' });
  await scratch.open();
  const usage = async () => (await navigator.storage.estimate()).usage ?? 0;
  const before = await usage();
  await scratch.table('values').bulkAdd(values.map((value) => ({ value })));
  const after = await usage();
  scratch.close();
  await Dexie.delete(name);
  return after - before;
}

/**
 * Where one document's bytes are, table by table, per proposition (the library holds only it):
 * `name` estimated from the records, `disk.name` measured as stored on their own.
 */
export async function storageBreakdown(docId: string, propositions: number): Promise<Record<string, number>> {
  const db = pageDb();
  const tables: Record<string, unknown[]> = {
    documents: [await db.documents.get(docId)],
    files: [await db.files.get(docId)],
    texts: [await db.texts.get(docId)],
    chunks: [await db.chunks.get(docId)],
    vectors: await db.vectors.where('docId').equals(docId).toArray(),
    snapshots: await db.snapshots.toArray(),
  };
  const perProposition = (value: unknown) => Math.round(approxBytes(value) / Math.max(1, propositions));
  const breakdown = Object.fromEntries(
    Object.entries(tables).map(([table, records]) => [table, perProposition(records)]),
  );
  const onDisk = async (name: string, values: unknown[]) =>
    (breakdown[`disk.${name}`] = Math.round((await bytesOnDisk(values)) / Math.max(1, propositions)));
  for (const [table, records] of Object.entries(tables)) await onDisk(table, records);
  const manifest = tables.snapshots.find((record) => (record as { skeleton?: unknown }).skeleton) as
    { skeleton: unknown } | undefined;
  if (manifest) {
    const parts = new Map(
      tables.snapshots.map((record) => [(record as { key: string }).key, (record as { value?: unknown }).value]),
    );
    const snapshot = joinParts(manifest.skeleton, parts) as Record<string, unknown> | null;
    for (const [key, value] of Object.entries(snapshot ?? {})) {
      if (key === 'bm25') {
        for (const [level, part] of Object.entries((value ?? {}) as Record<string, unknown>)) {
          breakdown[`snapshot.${key}.${level}`] = perProposition(part);
          await onDisk(`snapshot.${key}.${level}`, [part]);
        }
      } else {
        breakdown[`snapshot.${key}`] = perProposition(value);
        await onDisk(`snapshot.${key}`, [value]);
      }
    }
  }
  return breakdown;
}
