/** The main thread's connection to the library database. */
import { openDb } from '../shared/db';

export const db = openDb();
