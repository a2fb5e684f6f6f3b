/** The page's own connection to the app's database, for reading back what the workers stored. */
import { openDb, type CarrelDb } from '../../common/db';

let db: CarrelDb | null = null;

/** The database the workers write (opened on first use). */
export function pageDb(): CarrelDb {
  db ??= openDb();
  return db;
}

/** Closes the page's connection (so the database can be deleted). */
export function closePageDb(): void {
  db?.close();
  db = null;
}
