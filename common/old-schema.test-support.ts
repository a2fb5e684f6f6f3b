/**
 * For the schema upgrade tests: a database as an earlier Carrel opened it, at `version`, with its
 * tables and no upgrade code (what that version's records looked like is each test's to write).
 * Only the table layouts are here; the layouts after version 3 did not change.
 */
import Dexie from 'dexie';
import { FIRST_TABLES } from './db';

export function oldLibrary(name: string, version: number): Dexie {
  const old = new Dexie(name);
  old.version(1).stores(FIRST_TABLES);
  old.version(2).stores({ snapshots: 'key', jobs: 'key, addedAt', models: 'id' });
  old.version(3).stores({ conversations: 'id, updatedAt' });
  if (version > 3) old.version(version).stores({});
  return old;
}
