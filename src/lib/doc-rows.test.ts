import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../common/types';
import {
  libraryRows,
  newerFirst,
  nextStoredRows,
  placeInLibrary,
  sameRow,
  stageOf,
  storedRows,
  type JobRow,
} from './doc-rows';

function doc(id: string, name: string, addedAt: number): DocumentRecord {
  return {
    id,
    name,
    kind: 'markdown',
    mime: 'text/markdown',
    size: 10,
    addedAt,
    status: 'ready',
    title: name,
    summary: '',
    keywords: [],
    tokens: 1,
    sectionCount: 1,
    propositionCount: 1,
    chunkMode: 'three-level',
  };
}

function job(name: string, fields: Partial<JobRow> = {}): JobRow {
  return { key: `job-${name}`, name, status: 'parsing', progress: 0, stageLabel: 'Reading', force: false, ...fields };
}

describe('doc rows', () => {
  it('says which scanned page OCR is reading, and counts reading as most of a scanned file', () => {
    const row = stageOf({ stage: 'parsing', done: 1, total: 3, ocr: true }, true);
    expect(row.stageLabel).toBe('Reading scanned page 2 of 3 (OCR)');
    expect(row.fraction).toBeGreaterThan(stageOf({ stage: 'parsing', done: 1, total: 3 }, false).fraction!);
    expect(stageOf({ stage: 'embedding', done: 5, total: 10 }, false)).toMatchObject({
      stageLabel: 'Embedding 5 of 10',
      progress: 0.5,
    });
  });

  it('compares rows field by field', () => {
    const row = { key: 'a', name: 'a.pdf', status: 'ready' as const, progress: 1, stageLabel: '' };
    expect(sameRow(row, { ...row })).toBe(true);
    expect(sameRow(row, { ...row, progress: 0.5 })).toBe(false);
    expect(sameRow(row, { ...row, notice: 'x' })).toBe(false);
  });
});

describe('library rows', () => {
  it('lists files being read before stored documents, with their notices', () => {
    const reading = job('new.md');
    const { rows } = libraryRows(
      [reading],
      [doc('b', 'b.md', 2), doc('a', 'a.md', 1)],
      { a: 'Already in your library — added once.' },
      new Map(),
    );
    expect(rows.map((row) => row.key)).toEqual(['job-new.md', 'b', 'a']);
    expect(rows[0]).toBe(reading);
    expect(rows[2]).toMatchObject({ docId: 'a', notice: 'Already in your library — added once.' });
  });

  it('lets a stored document stand for the file once it is stored after the file was started', () => {
    const stored = doc('a', 'a.md', 200);
    expect(libraryRows([job('a.md', { startedAt: 100 })], [stored], {}, new Map()).rows.map((row) => row.key)).toEqual([
      'a',
    ]);
    // An older document of the same name is not this file’s.
    expect(libraryRows([job('a.md', { startedAt: 300 })], [stored], {}, new Map()).rows.map((row) => row.key)).toEqual([
      'job-a.md',
      'a',
    ]);
    // A file not started yet is still waiting, whatever is stored.
    expect(libraryRows([job('a.md')], [stored], {}, new Map()).rows.map((row) => row.key)).toEqual(['job-a.md', 'a']);
  });

  it('shows a document being re-indexed as its job until the job ends', () => {
    const { rows } = libraryRows(
      [job('a.md', { force: true, startedAt: 100 })],
      [doc('a', 'a.md', 200), doc('b', 'b.md', 50)],
      {},
      new Map(),
    );
    expect(rows.map((row) => row.key)).toEqual(['job-a.md', 'b']);
  });

  it('keeps an unchanged row’s object, and makes a new one when its document or notice changes', () => {
    const docs = [doc('a', 'a.md', 1), doc('b', 'b.md', 2)];
    const first = libraryRows([], docs, {}, new Map());
    const again = libraryRows([], [docs[0]!, { ...docs[1]! }], {}, first.cache);
    expect(again.rows[0]).toBe(first.rows[0]);
    // A re-read document equal in every field keeps its row too.
    expect(again.rows[1]).toBe(first.rows[1]);
    const noticed = libraryRows(
      [],
      docs,
      { a: 'Indexed for keyword search only (the model could not load).' },
      again.cache,
    );
    expect(noticed.rows[0]).not.toBe(first.rows[0]);
    expect(noticed.rows[1]).toBe(first.rows[1]);
    const failed = libraryRows([], [{ ...docs[0]!, status: 'failed' }, docs[1]!], {}, noticed.cache);
    expect(failed.rows[0]).toMatchObject({ status: 'failed' });
    expect(failed.cache.size).toBe(2);
  });
});

describe('library rows of a large library', () => {
  it('a new document costs one row: the others are taken from the cache, and a started file looks only at newer documents', () => {
    const older = Array.from({ length: 1000 }, (_, i) => doc(`d${i}`, `d${i}.md`, 1000 - i));
    const first = libraryRows([], older, {}, new Map());
    // The same documents, but a read of an old one's fields other than its id fails the test, and
    // reads of when it was added are counted (the newest older one tells the walk to stop).
    let addedAtReads = 0;
    const guarded = older.map(
      (d) =>
        new Proxy(d, {
          get: (target, key) => {
            if (key === 'id') return target.id;
            if (key === 'addedAt') return (addedAtReads++, target.addedAt);
            throw new Error(`document ${target.id} was read again (${String(key)})`);
          },
        }),
    );
    const cache = new Map([...first.cache].map(([docId, entry], i) => [docId, { ...entry, doc: guarded[i]! }]));
    const added = doc('new', 'new.md', 5000);
    const { rows } = libraryRows([job('next.md', { startedAt: 4000 })], [added, ...guarded], {}, cache);
    expect(rows.slice(0, 2).map((row) => row.key)).toEqual(['job-next.md', 'new']);
    expect(rows).toHaveLength(1002);
    rows.slice(2).forEach((row, i) => expect(row).toBe(first.rows[i]));
    expect(addedAtReads).toBe(1);
  });
});

describe('stored rows after one change', () => {
  /** A list whose documents must not be looked at: any read of it fails the test. */
  const untouchable = <T extends object>(list: T): T =>
    new Proxy(list, {
      get: (_, key) => {
        throw new Error(`the list was walked (${String(key)})`);
      },
    });
  /** The notices, the same object each time (a new one is a change of notices). */
  const NONE: Record<string, string> = {};
  const docs = Array.from({ length: 1000 }, (_, i) => doc(`d${i}`, `d${i}.md`, 1000 - i));
  const start = () => {
    const cache = new Map();
    return { cache, last: nextStoredRows(null, docs, { kind: 'all' }, NONE, '', cache) };
  };

  it('a stored document added costs its own row: the list is not walked and every other row is kept', () => {
    const { cache, last } = start();
    const added = doc('new', 'new.md', 5000);
    const next = nextStoredRows(
      last,
      untouchable([added, ...docs]),
      { kind: 'added', doc: added, before: docs, at: 0 },
      NONE,
      '',
      cache,
    );
    expect(next.rows[0]).toMatchObject({ key: 'new', name: 'new.md' });
    expect(next.rows.slice(1)).toEqual(last.rows);
    next.rows.slice(1).forEach((row, i) => expect(row).toBe(last.rows[i]));
    expect(next.inserted).toEqual({ row: next.rows[0], to: last.rows });
  });

  it('a document stored out of turn goes where a full read puts it, so that read moves no row', () => {
    // Read side by side, the file added second commits first: its row must not end above the newer one.
    const { cache, last } = start();
    const newer = doc('newer', 'newer.md', 5002);
    const older = doc('older', 'older.md', 5001);
    const withNewer = [newer, ...docs];
    const first = nextStoredRows(last, withNewer, { kind: 'added', doc: newer, before: docs, at: 0 }, NONE, '', cache);
    const at = placeInLibrary(withNewer, older);
    expect(at).toBe(1);
    const list = withNewer.toSpliced(at, 0, older);
    const next = nextStoredRows(first, list, { kind: 'added', doc: older, before: withNewer, at }, NONE, '', cache);
    expect(next.rows.slice(0, 3).map((row) => row.key)).toEqual(['newer', 'older', 'd0']);
    expect(next.rows).toEqual(storedRows([...list].sort(newerFirst), NONE, '', new Map()).rows);
    expect(next.inserted).toEqual({ row: next.rows[1], to: first.rows });
    // With a document above it being re-indexed (shown as its job), the row goes one place higher.
    const hiddenAbove = nextStoredRows(
      nextStoredRows(null, withNewer, { kind: 'all' }, NONE, '["newer.md"]', new Map()),
      list,
      { kind: 'added', doc: older, before: withNewer, at },
      NONE,
      '["newer.md"]',
      cache,
    );
    expect(hiddenAbove.rows.slice(0, 2).map((row) => row.key)).toEqual(['older', 'd0']);
  });

  it('the library order breaks a tie in time by id, reversed, as IndexedDB reads the index backwards', () => {
    const tied = [doc('a', 'a.md', 7), doc('c', 'c.md', 7), doc('b', 'b.md', 7), doc('z', 'z.md', 9)];
    expect([...tied].sort(newerFirst).map((d) => d.id)).toEqual(['z', 'c', 'b', 'a']);
    expect(placeInLibrary([tied[3]!, tied[1]!, tied[0]!], tied[2]!)).toBe(2);
    expect(placeInLibrary([], tied[0]!)).toBe(0);
    expect(placeInLibrary([tied[1]!], doc('old', 'old.md', 1))).toBe(1);
  });

  it('a stored document that changed replaces its own row in its place, and the rows match a full rebuild', () => {
    const { cache, last } = start();
    const opened = { ...docs[500]!, openedAt: 42 };
    const list = docs.with(500, opened);
    const next = nextStoredRows(
      last,
      untouchable(list),
      { kind: 'replaced', doc: opened, before: docs },
      NONE,
      '',
      cache,
    );
    expect(next.rows[500]).toMatchObject({ key: 'd500', openedAt: 42 });
    expect(next.rows.filter((row, i) => row !== last.rows[i])).toHaveLength(1);
    expect(next.rows).toEqual(storedRows(list, NONE, '', new Map()).rows);
  });

  it('makes them all again when the change does not follow the rows made last (a full read, another notice)', () => {
    const { cache, last } = start();
    const added = doc('new', 'new.md', 5000);
    const list = [added, ...docs];
    const stale = nextStoredRows(last, list, { kind: 'added', doc: added, before: [...docs], at: 0 }, NONE, '', cache);
    expect(stale.rows).toHaveLength(1001);
    const noticed = nextStoredRows(
      last,
      list,
      { kind: 'added', doc: added, before: docs, at: 0 },
      { d3: 'Already added' },
      '',
      cache,
    );
    expect(noticed.rows[4]).toMatchObject({ key: 'd3', notice: 'Already added' });
    // A document being re-indexed shows as its job, not as a row.
    const hidden = nextStoredRows(
      last,
      list,
      { kind: 'added', doc: added, before: docs, at: 0 },
      NONE,
      '["new.md"]',
      cache,
    );
    expect(hidden.rows.map((row) => row.key)).not.toContain('new');
  });
});
