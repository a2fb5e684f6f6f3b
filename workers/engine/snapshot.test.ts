// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openDb, type SnapshotRecord } from '../../common/db';
import { DEFAULT_SEARCH_OPTIONS } from '../retrieve/defaults';
import { LibraryIndex, search } from '../retrieve/search';
import { restoreSnapshot, saveSnapshot } from './snapshot';
import { catchUpIndex } from './catch-up';
import { addDocument, MODEL } from './library.test-support';

let dbCount = 0;

const ids = (index: LibraryIndex, text: string) =>
  search(index, { text, vector: null }, { ...DEFAULT_SEARCH_OPTIONS, minRelevance: undefined }).flatMap((hit) =>
    hit.propositions.map((p) => p.id),
  );

/** Limits so small that even this tiny library is stored as many parts. */
const TINY_PARTS = { partBytes: 16, partItems: 2, ownPartBytes: 0 };

/** A library of two documents (alpha: "zebra", beta: "giraffe"), indexed and saved as a snapshot. */
async function savedLibrary(limits?: typeof TINY_PARTS) {
  const db = openDb(`snapshot-test-${dbCount++}`);
  await addDocument(db, 'alpha', 'zebra');
  await addDocument(db, 'beta', 'giraffe');
  const index = new LibraryIndex();
  const indexed = new Map<string, string>();
  await catchUpIndex(db, index, indexed, MODEL);
  await saveSnapshot(db, MODEL, index, indexed, limits);
  return { db, index, indexed };
}

describe('start-up snapshot', () => {
  it('restores the index without reading the documents again, and gives the same results', async () => {
    const { db, index } = await savedLibrary();

    // The documents' chunk tables are emptied: only the snapshot can answer now.
    await db.chunks.clear();
    const restored = await restoreSnapshot(db, MODEL);
    expect([...restored!.indexed.keys()].sort()).toEqual(['alpha', 'beta']);
    expect(ids(restored!.index, 'giraffe')).toEqual(ids(index, 'giraffe'));
    expect(ids(restored!.index, 'giraffe')).toEqual(['beta-p0', 'beta-p1']);
    await restored!.vectors;
    expect(restored!.index.vectors!.proposition.size).toBe(4);
  });

  it('drops documents deleted or indexed again since it was saved, and sync adds the new ones', async () => {
    const { db } = await savedLibrary();

    await db.documents.delete('alpha');
    await addDocument(db, 'beta', 'okapi', 2); // the same id indexed again, with other text
    await addDocument(db, 'gamma', 'lemur');
    const restored = (await restoreSnapshot(db, MODEL))!;
    expect([...restored.indexed.keys()]).toEqual([]);
    expect(ids(restored.index, 'zebra giraffe')).toEqual([]);

    const change = await catchUpIndex(db, restored.index, restored.indexed, MODEL);
    expect(change).toEqual({ added: 2, removed: 0 });
    expect(ids(restored.index, 'okapi')).toEqual(['beta-p0', 'beta-p1']);
    expect(ids(restored.index, 'giraffe')).toEqual([]);
    expect(ids(restored.index, 'lemur')).toEqual(['gamma-p0', 'gamma-p1']);
  });

  it('holds no vectors and no plain vocabulary: a restore adds the vectors from the vectors table, for the documents whose stamps still match', async () => {
    const { db, index } = await savedLibrary();
    const stored = JSON.stringify(await db.snapshots.toArray(), (_, value: unknown) =>
      value instanceof Int8Array || value instanceof Float32Array ? 'vectors' : value,
    );
    expect(stored).not.toContain('vectors');
    const manifest = (await db.snapshots.get(`library:${MODEL}`)) as SnapshotRecord & { skeleton: { terms: unknown } };
    expect(manifest.skeleton.terms).toBeInstanceOf(Uint8Array); // the vocabulary, deflated
    const paged = (await restoreSnapshot(db, MODEL, 1))!; // a page of one record at a time
    await paged.vectors;
    expect(paged.index.vectors!.proposition.size).toBe(4);
    await db.vectors.delete([MODEL, 'alpha']);
    const restored = (await restoreSnapshot(db, MODEL))!;
    await restored.vectors;
    expect(restored.index.vectors!.proposition.size).toBe(2);
    const query = new Float32Array([0, 0, 1, 0]);
    expect(restored.index.vectors!.proposition.search(query, 4)).toEqual(
      index.vectors!.proposition.search(query, 4).filter((hit) => hit.id.startsWith('beta')),
    );
  });

  it('reads its vector pages two at a time, so a read the first answer makes waits behind two at most', async () => {
    const db = openDb(`snapshot-test-${dbCount++}`);
    for (let i = 0; i < 12; i++) await addDocument(db, `doc${i}`, `word${i}`);
    const index = new LibraryIndex();
    const indexed = new Map<string, string>();
    await catchUpIndex(db, index, indexed, MODEL);
    await saveSnapshot(db, MODEL, index, indexed);

    // Counts the vector pages requested and not yet read.
    let reading = 0;
    let most = 0;
    const where = db.vectors.where.bind(db.vectors);
    const counted = (key: string) => {
      const clause = where(key);
      const between = clause.between.bind(clause);
      clause.between = (...range: Parameters<typeof between>) => {
        const pages = between(...range);
        const toArray = pages.toArray.bind(pages);
        pages.toArray = (async () => {
          most = Math.max(most, ++reading);
          try {
            return await toArray();
          } finally {
            reading--;
          }
        }) as typeof pages.toArray;
        return pages;
      };
      return clause;
    };
    vi.spyOn(db.vectors, 'where').mockImplementation(counted as unknown as typeof db.vectors.where);
    const restored = (await restoreSnapshot(db, MODEL, 1))!; // twelve pages of one record
    await restored.vectors;
    expect(restored.index.vectors!.proposition.size).toBe(24);
    expect(most).toBe(2);
  });

  it('stores a big index as parts named by one manifest, and the next save replaces them', async () => {
    const { db, index, indexed } = await savedLibrary(TINY_PARTS);
    const keys = await db.snapshots.toCollection().primaryKeys();
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !key.includes('/'))).toEqual([`library:${MODEL}`]);

    await saveSnapshot(db, MODEL, index, indexed, TINY_PARTS);
    expect(await db.snapshots.count()).toBe(keys.length);
    await db.chunks.clear();
    const restored = (await restoreSnapshot(db, MODEL))!;
    expect(ids(restored.index, 'giraffe')).toEqual(['beta-p0', 'beta-p1']);
    await restored.vectors;
    expect(restored.index.vectors!.proposition.size).toBe(4);
  });

  it('gives its documents up when their vectors cannot be read, so the catch-up indexes them again', async () => {
    const { db } = await savedLibrary();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const where = vi.spyOn(db.vectors, 'where').mockImplementationOnce(() => {
      throw new Error('the vectors table cannot be read');
    });
    const restored = (await restoreSnapshot(db, MODEL))!;
    await expect(restored.vectors).rejects.toThrow('cannot be read');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('indexed again'), expect.any(Error));
    expect([...restored.indexed.keys()]).toEqual([]);
    expect(ids(restored.index, 'giraffe')).toEqual([]);

    where.mockRestore();
    warn.mockRestore();
    expect(await catchUpIndex(db, restored.index, restored.indexed, MODEL)).toEqual({ added: 2, removed: 0 });
    expect(ids(restored.index, 'giraffe')).toEqual(['beta-p0', 'beta-p1']);
    expect(restored.index.vectors!.proposition.size).toBe(4);
  });

  it('is ignored when one of its parts is missing, and sync then indexes the library', async () => {
    const { db } = await savedLibrary(TINY_PARTS);
    const parts = (await db.snapshots.toCollection().primaryKeys()).filter((key) => key.includes('/'));
    await db.snapshots.delete(parts[parts.length - 1]!);
    expect(await restoreSnapshot(db, MODEL)).toBeNull();

    const index = new LibraryIndex();
    const indexed = new Map<string, string>();
    expect(await catchUpIndex(db, index, indexed, MODEL)).toEqual({ added: 2, removed: 0 });
    expect(ids(index, 'zebra')).toEqual(['alpha-p0', 'alpha-p1']);
  });

  it('is ignored when there is none', async () => {
    expect(await restoreSnapshot(openDb(`snapshot-test-${dbCount++}`), MODEL)).toBeNull();
  });
});
